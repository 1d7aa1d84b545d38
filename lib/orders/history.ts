import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orderStatusHistory, orders, type Order, type OrderStatus } from "@/lib/db/schema";

export type StatusChange = {
  orderId: number;
  from: OrderStatus | null;
  to: OrderStatus;
  staffId?: number | null;
  note?: string;
};

/** Writes one line of an order's history; call it in the transaction that changes the status. */
export async function recordStatusChange(tx: Db, change: StatusChange): Promise<void> {
  if (change.from === change.to) return;
  await tx.insert(orderStatusHistory).values({
    orderId: change.orderId,
    fromStatus: change.from,
    toStatus: change.to,
    staffId: change.staffId ?? null,
    note: change.note ?? "",
  });
}

/**
 * Moves an order the caller has locked to a status, with the columns that change with it, and
 * writes its history line, in the caller's transaction.
 */
export async function changeStatus(
  tx: Db,
  row: Pick<Order, "id" | "status">,
  to: OrderStatus,
  by: Pick<StatusChange, "staffId" | "note">,
  alsoSet: Partial<typeof orders.$inferInsert> = {},
): Promise<Order> {
  const [updated] = await tx
    .update(orders)
    .set({ ...alsoSet, status: to, updatedAt: sql`now()` })
    .where(eq(orders.id, row.id))
    .returning();
  await recordStatusChange(tx, { orderId: row.id, from: row.status, to, ...by });
  return updated!;
}
