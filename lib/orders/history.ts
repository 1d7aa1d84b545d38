import "server-only";
import type { Db } from "@/lib/db/client";
import { orderStatusHistory, type OrderStatus } from "@/lib/db/schema";

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
