import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders, type Order } from "@/lib/db/schema";
import { releaseStock } from "@/lib/orders/stock";
import { onOrderStatusChanged } from "@/lib/orders/events";
import { log } from "@/lib/observability/log";

export const PENDING_LIFETIME_MINUTES = 60;

/**
 * Cancels orders still pending (no word from any provider) an hour after they were placed, and
 * puts their stock back. Each order is locked and re-checked, so a payment arriving at the same
 * moment wins or loses cleanly, never half.
 */
export async function cancelStalePendingOrders(db: Db, now = new Date(), minutes = PENDING_LIFETIME_MINUTES): Promise<Order[]> {
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  const stale = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.status, "pending"), lt(orders.createdAt, cutoff)));
  const cancelled: Order[] = [];
  for (const { id } of stale) {
    const order = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      if (!row || row.status !== "pending" || row.createdAt >= cutoff) return null;
      await releaseStock(tx, row.id);
      const [updated] = await tx.update(orders).set({ status: "cancelled", updatedAt: sql`now()` }).where(eq(orders.id, row.id)).returning();
      return updated!;
    });
    if (order) {
      cancelled.push(order);
      await onOrderStatusChanged(db, order, "pending");
    }
  }
  return cancelled;
}

const TIMER = Symbol.for("kaya.orders.expiry-timer");

/** The in-process job: every five minutes in each app process (the row lock keeps them apart). */
export function startExpiryJob(getDb: () => Promise<Db>, everyMs = 5 * 60_000): void {
  const g = globalThis as typeof globalThis & { [TIMER]?: NodeJS.Timeout };
  if (g[TIMER]) return;
  g[TIMER] = setInterval(async () => {
    try {
      const cancelled = await cancelStalePendingOrders(await getDb());
      if (cancelled.length) log.info("orders", `cancelled ${cancelled.length} unpaid order(s): ${cancelled.map((o) => o.number).join(", ")}`);
    } catch (err) {
      log.error("orders", "expiry job failed", err);
    }
  }, everyMs);
  g[TIMER].unref();
}
