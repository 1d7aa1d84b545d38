import { connection } from "next/server";
import { route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { handlePayfastCancel } from "@/lib/payments/payfast/cancel";
import { seeOther } from "@/lib/payments/orders";
import { orderPagePath } from "@/lib/orders/urls";

/*
 * PayFast's cancel_url: the shopper pressed Cancel on PayFast's page. PayFast sends no
 * notification for that, so the order's key and the attempt in the link mark that attempt
 * cancelled; the order stays pending (a payment notification still pays it) and the order page
 * offers to try again.
 */
export const GET = route(async (request) => {
  await connection();
  const q = request.nextUrl.searchParams;
  const order = await handlePayfastCancel(await getDb(), {
    order: q.get("order") ?? "",
    key: q.get("key") ?? "",
    attempt: q.get("attempt") ?? "",
  });
  return seeOther(order ? orderPagePath(order) : "/");
});
