import { firstOf, formPairs, standInRoute } from "@/lib/payments/standin/runtime";
import { ozowComplete } from "@/lib/payments/standin/ozow";

/** The stand-in's Pay and Cancel buttons. */
export const POST = standInRoute(async (request) => ozowComplete(firstOf(await formPairs(request))));
