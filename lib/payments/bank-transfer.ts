import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders, type Order, type OrderStatus } from "@/lib/db/schema";
import { bankAccountFrom, type BankAccount } from "@/lib/payments/config";
import { readSetting } from "@/lib/settings/store";
import type { PaymentProvider, StartResult } from "@/lib/payments/types";
import { log } from "@/lib/observability/log";
import { formatMoney } from "@/lib/money/money";
import { ORDER_LIMITS } from "@/lib/orders/order-limits";

/*
 * Direct bank transfer, as WooCommerce's BACS gateway does it: nothing
 * to pay online. Placing the order is not a payment, so it records no payment event: the order
 * goes on hold, with its stock kept, until staff see the money arrive and move it on by hand.
 */

export type BankTransferDetails = Omit<BankAccount, "demo"> & {
  /** What the shopper writes as the payment reference: the order number. */
  reference: string;
  /** Demo details from a configuration without a bank account: say so on the page. */
  demo: boolean;
};

/** The account to pay into (as saved under Settings now), for the order page and the order's e-mails. */
export async function bankTransferDetails(db: Db, order: Pick<Order, "number">): Promise<BankTransferDetails> {
  const account = bankAccountFrom(await readSetting(db, "bankAccount"));
  return { ...account, reference: order.number };
}

/**
 * Called by the checkout once a bank-transfer order is committed: pending -> on-hold (awaiting
 * the transfer), or straight to processing when nothing is owed. Conditional on the order still
 * being a pending bank-transfer order, so a repeated call changes nothing. Runs `onChanged` (what
 * follows a status change) only when this call changed it, and returns the order as it now is.
 */
export async function awaitBankTransfer(
  db: Db,
  orderId: number,
  onChanged?: (order: Order, from: OrderStatus) => Promise<void>,
): Promise<Order | null> {
  const [updated] = await db
    .update(orders)
    .set({
      status: sql`case when ${orders.totalCents} > 0 then 'on-hold' else 'processing' end`,
      paidAt: sql`case when ${orders.totalCents} > 0 then ${orders.paidAt} else now() end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.paymentMethod, "bank-transfer"), eq(orders.status, "pending")))
    .returning();
  if (!updated) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    return order ?? null;
  }
  try {
    await onChanged?.(updated, "pending");
  } catch (err) {
    log.error("payments", `bank transfer order ${orderId}: on-hold follow-up failed`, err);
  }
  return updated;
}

export const bankTransferProvider: PaymentProvider = {
  method: "bank-transfer",
  label: "Direct bank transfer",
  description: `Pay by EFT into our bank account, using your order number as the reference. We send your order once the money clears. For orders of up to ${formatMoney(ORDER_LIMITS.orderValueCents.bankTransfer, { cents: false })}.`,
  async start(): Promise<StartResult> {
    return { kind: "order-page" };
  },
};
