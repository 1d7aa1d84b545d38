import "server-only";
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { UNPAID_STATUSES } from "@/lib/orders/statuses";
import { ORDER_LIMITS, tooManyUnpaidError, type OrderLimits, type UnpaidBy } from "@/lib/orders/order-limits";

/** An unpaid order (isUnpaid), as a condition on the orders table. */
export function unpaidOrders(): SQL {
  return and(inArray(orders.status, [...UNPAID_STATUSES]), isNull(orders.paidAt))!;
}

/** A bank transfer still awaited (isAwaitingTransfer), as a condition on the orders table. */
export function awaitedTransfers(): SQL {
  return and(eq(orders.paymentMethod, "bank-transfer"), eq(orders.status, "on-hold"), isNull(orders.paidAt))!;
}

/** Who a new order belongs to: its account if signed in, its e-mail (normalised) and phone (E.164). */
export type UnpaidOwner = { customerId: number | null; emailNormalized: string; phone: string };

/**
 * In the transaction that writes a new order, before it is written: refuses it (409) when its
 * account, e-mail address or phone number already has as many unpaid orders as one may. Each of
 * them is locked until the transaction ends, always in the same order, so parallel checkouts for
 * one shopper take turns and each counts the order the one before it wrote.
 */
export async function claimUnpaidOrder(
  tx: Db,
  owner: UnpaidOwner,
  opts: { ordersUrl?: string; limits?: OrderLimits } = {},
): Promise<void> {
  const limits = (opts.limits ?? ORDER_LIMITS).unpaidOrders;
  const matches: Record<UnpaidBy, SQL | null> = {
    customer: owner.customerId === null ? null : eq(orders.customerId, owner.customerId),
    email: eq(orders.emailNormalized, owner.emailNormalized),
    phone: eq(orders.phone, owner.phone),
  };
  const values: Record<UnpaidBy, string | number | null> = {
    customer: owner.customerId,
    email: owner.emailNormalized,
    phone: owner.phone,
  };
  const order: UnpaidBy[] = ["customer", "email", "phone"];
  for (const by of order) {
    if (values[by] !== null)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unpaid:${by}:${values[by]}`}))`);
  }
  const count = (match: SQL | null) => (match ? sql<number>`(count(*) filter (where ${match}))::int` : sql<number>`0`);
  const [counts] = await tx
    .select({ customer: count(matches.customer), email: count(matches.email), phone: count(matches.phone) })
    .from(orders)
    .where(and(unpaidOrders(), or(...order.map((by) => matches[by] ?? undefined))));
  const max: Record<UnpaidBy, number> = {
    customer: limits.perCustomer,
    email: limits.perEmail,
    phone: limits.perPhone,
  };
  for (const by of order) {
    if (matches[by] && Number(counts?.[by] ?? 0) >= max[by])
      throw tooManyUnpaidError(by, max[by], by === "customer" ? opts.ordersUrl : undefined);
  }
}
