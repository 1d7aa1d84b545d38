import "server-only";
import type { Db } from "@/lib/db/client";
import type { Order } from "@/lib/db/schema";
import { releaseStock } from "@/lib/orders/stock";
import { changeStatus } from "@/lib/orders/history";
import { holdsStock } from "@/lib/orders/statuses";

/**
 * Cancels an order whose row the caller has locked and checked: its stock goes back, its history
 * says who and why. The expiry job and staff both cancel through here.
 */
export async function cancelLockedOrder(
  tx: Db,
  row: Order,
  by: { staffId?: number | null; note: string },
): Promise<Order> {
  if (holdsStock(row)) await releaseStock(tx, row.id);
  return changeStatus(tx, row, "cancelled", by);
}
