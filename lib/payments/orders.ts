import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orderLines, orders, type Order } from "@/lib/db/schema";
import { shopBaseUrl } from "@/lib/payments/config";
import type { PaymentOrder, ReturnUrls } from "@/lib/payments/types";
import { orderPageUrl } from "@/lib/orders/urls";

/** Sends a browser on with a relative Location, so it stays on the host it came in on. */
export function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: path, "Cache-Control": "no-store" } });
}

export function returnUrlsFor(order: Pick<Order, "id" | "orderKey">, base = shopBaseUrl()): ReturnUrls {
  return { base, orderPage: orderPageUrl(order, base) };
}

export async function findOrder(db: Db, id: number): Promise<Order | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return order ?? null;
}

/**
 * The order whose per-order callback secret this is (PayJustNow's slug). The caller checks the
 * order was tried with its provider: the shopper may have switched methods since.
 */
export async function findOrderBySecret(db: Db, secret: string): Promise<Order | null> {
  if (!secret || secret.length > 200) return null;
  const [order] = await db.select().from(orders).where(eq(orders.paymentSecret, secret)).limit(1);
  return order ?? null;
}

/** What a provider needs to take payment for an order already in the database. */
export async function paymentOrderFor(db: Db, id: number): Promise<PaymentOrder | null> {
  const order = await findOrder(db, id);
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
  return toPaymentOrder(
    order,
    lines.map((l) => ({ name: l.name, sku: l.sku, quantity: l.quantity, unitPriceCents: l.unitPriceCents })),
  );
}

export function toPaymentOrder(order: Order, lines: PaymentOrder["lines"]): PaymentOrder {
  return {
    id: order.id,
    number: order.number,
    orderKey: order.orderKey,
    paymentSecret: order.paymentSecret,
    totalCents: order.totalCents,
    email: order.email,
    phone: order.phone,
    billing: order.billing,
    shipping: order.shipping,
    lines,
  };
}
