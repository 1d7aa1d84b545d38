import { firstOf, formPairs, standInRoute } from "@/lib/payments/standin/runtime";
import { payJustNowComplete, payJustNowPayPage } from "@/lib/payments/standin/payjustnow";

/** The stand-in's pay page (GET ?token=) and its Pay and Cancel buttons (POST). */
export const GET = standInRoute(async (request) => payJustNowPayPage(request.nextUrl.searchParams.get("token") ?? ""));
export const POST = standInRoute(async (request) => payJustNowComplete(firstOf(await formPairs(request))));
