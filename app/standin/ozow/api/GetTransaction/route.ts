import { standInRoute } from "@/lib/payments/standin/runtime";
import { ozowGetTransaction } from "@/lib/payments/standin/ozow";

/** Stand-in of Ozow's GetTransaction. */
export const GET = standInRoute(async (request) => ozowGetTransaction(request.nextUrl.searchParams, request.headers.get("apikey")));
