import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders, type Order, type OrderStatus } from "@/lib/db/schema";
import { releaseStock } from "@/lib/orders/stock";
import { recordStatusChange } from "@/lib/orders/history";

/** An order in these statuses holds its items' stock (taken at checkout, not yet delivered). */
export const HOLDS_STOCK: readonly OrderStatus[] = ["pending", "on-hold", "processing"];

/**
 * Cancels an order whose row the caller has locked and checked: its stock goes back, its history
 * says who and why. The expiry job and staff both cancel through here.
 */
export async function cancelLockedOrder(
  tx: Db,
  row: Order,
  by: { staffId?: number | null; note: string },
): Promise<Order> {
  if (HOLDS_STOCK.includes(row.status)) await releaseStock(tx, row.id);
  const [updated] = await tx
    .update(orders)
    .set({ status: "cancelled", updatedAt: sql`now()` })
    .where(eq(orders.id, row.id))
    .returning();
  await recordStatusChange(tx, {
    orderId: row.id,
    from: row.status,
    to: "cancelled",
    staffId: by.staffId,
    note: by.note,
  });
  return updated!;
}
