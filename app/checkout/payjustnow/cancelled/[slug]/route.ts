import { payJustNowCallbackRoute } from "@/lib/payments/payjustnow/route";

/** PayJustNow's fail callback: fails the order (releasing its stock) once its slug and token match. */
export const GET = payJustNowCallbackRoute("cancelled");
export const POST = GET;
