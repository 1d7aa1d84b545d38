import { payJustNowCallbackRoute } from "@/lib/payments/payjustnow/route";

/** PayJustNow's success callback: pays the order once its slug and token match. */
export const GET = payJustNowCallbackRoute("confirmed");
export const POST = GET;
