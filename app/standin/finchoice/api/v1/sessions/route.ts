import { standInRoute } from "@/lib/payments/standin/runtime";
import { finChoiceCreateSession } from "@/lib/payments/standin/finchoice";

/** Stand-in of FinChoice's session API (shop-defined contract). */
export const POST = standInRoute(async (request) => finChoiceCreateSession(request));
