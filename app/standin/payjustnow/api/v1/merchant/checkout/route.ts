import { standInRoute } from "@/lib/payments/standin/runtime";
import { payJustNowCheckout } from "@/lib/payments/standin/payjustnow";

/** Stand-in of PayJustNow's POST /api/v1/merchant/checkout (HTTP Basic, JSON). */
export const POST = standInRoute(async (request) => payJustNowCheckout(request));
