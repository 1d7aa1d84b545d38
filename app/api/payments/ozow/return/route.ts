import { connection, type NextRequest } from "next/server";
import { route } from "@/lib/api/handler";
import { seeOther } from "@/lib/payments/orders";
import { orderPagePath } from "@/lib/orders/urls";

/*
 * The shopper back from Ozow (success, cancel or error alike, by GET or POST): on to the order
 * page, which shows what the notification decided. Nothing here changes the order.
 */
function back(request: NextRequest): Response {
  const q = request.nextUrl.searchParams;
  const id = q.get("order") ?? "";
  const key = q.get("key") ?? "";
  if (!/^\d{1,10}$/.test(id) || !key || key.length > 200) return seeOther("/");
  return seeOther(orderPagePath({ id: Number(id), orderKey: key }));
}

export const GET = route(async (request) => {
  await connection();
  return back(request);
});
export const POST = route(async (request) => back(request));
