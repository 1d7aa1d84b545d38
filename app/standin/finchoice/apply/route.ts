import { firstOf, formPairs, standInRoute } from "@/lib/payments/standin/runtime";
import { finChoiceApply, finChoiceApplyPage } from "@/lib/payments/standin/finchoice";

/** The stand-in's application page (GET ?session=) and its Pay and Cancel buttons (POST). */
export const GET = standInRoute(async (request) => finChoiceApplyPage(request.nextUrl.searchParams.get("session") ?? ""));
export const POST = standInRoute(async (request) => finChoiceApply(firstOf(await formPairs(request))));
