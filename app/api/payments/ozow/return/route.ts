import { connection, type NextRequest } from "next/server";
import { orderPagePath, seeOther } from "@/lib/payments/orders";

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

export async function GET(request: NextRequest) {
  await connection();
  return back(request);
}
export async function POST(request: NextRequest) {
  return back(request);
}
