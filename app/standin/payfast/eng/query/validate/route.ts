import { standInRoute } from "@/lib/payments/standin/runtime";
import { payfastValidate } from "@/lib/payments/standin/payfast";

/** Stand-in of PayFast's {host}/eng/query/validate (ITN server confirmation). */
export const POST = standInRoute(async (request) => payfastValidate(await request.text()));
