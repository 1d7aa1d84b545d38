import { connection, NextResponse } from "next/server";
import { parseParams, route } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { requireSession } from "@/lib/auth/session";
import { NO_STORE } from "@/lib/auth/responses";
import { ordersCustomerSchema } from "@/lib/auth/schemas";
import { ordersForCustomer } from "@/lib/orders/customer-orders";

/** The signed-in customer's own orders; any other customer_id is refused. */
export const GET = route(async (request) => {
  await connection();
  const params = await parseParams(request, ordersCustomerSchema);
  const db = await getDb();
  const { customer } = await requireSession(db, request, params);
  if (params.customer_id !== customer.id) throw new ApiError(403, "forbidden", "You can only see your own orders.");
  return NextResponse.json(await ordersForCustomer(db, customer.id), { headers: NO_STORE });
});
