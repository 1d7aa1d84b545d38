import { firstOf, formPairs, standInRoute } from "@/lib/payments/standin/runtime";
import { ozowPay } from "@/lib/payments/standin/ozow";

/** Stand-in of Ozow's pay host: the request by form post, or as a query string. */
export const POST = standInRoute(async (request) => ozowPay(firstOf(await formPairs(request))));
export const GET = POST;
