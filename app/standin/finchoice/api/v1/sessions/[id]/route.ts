import { standInRoute } from "@/lib/payments/standin/runtime";
import { finChoiceSessionStatus } from "@/lib/payments/standin/finchoice";

/** Stand-in of FinChoice's status call (shop-defined contract). */
export const GET = standInRoute<{ params: Promise<{ id: string }> }>(async (request, context) => finChoiceSessionStatus(request, (await context.params).id));
