import { firstOf, formPairs, standInRoute } from "@/lib/payments/standin/runtime";
import { payfastComplete } from "@/lib/payments/standin/payfast";

/** The stand-in's Pay and Cancel buttons. */
export const POST = standInRoute(async (request) => payfastComplete(firstOf(await formPairs(request))));
