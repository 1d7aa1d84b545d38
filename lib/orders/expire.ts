import "server-only";
import { and, eq, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders, type Order } from "@/lib/db/schema";
import { cancelLockedOrder } from "@/lib/orders/cancel";
import { isAwaitingTransfer } from "@/lib/orders/statuses";
import { awaitedTransfers } from "@/lib/orders/unpaid";
import { onOrderStatusChanged, revalidateCatalog } from "@/lib/orders/events";
import { bankTransferHoldConfig, payByAfterReminder } from "@/lib/orders/bank-transfer-hold";
import { sendHoldExpiredMail, sendPaymentReminderMail } from "@/lib/orders/mails";
import { bankTransferDetails } from "@/lib/payments/bank-transfer";
import { log } from "@/lib/observability/log";
import { ATTEMPT_STARTED } from "@/lib/orders/payment-attempts";
import { PENDING_LIFETIME_MINUTES } from "@/lib/orders/order-limits";

/**
 * When a pending order's wait began: when it was placed, or when its latest payment attempt
 * started (a Try again, or a bank transfer paid another way after days on hold), whichever is
 * later. The hour a pending order holds its stock counts from here.
 */
const pendingSince = () =>
  sql`greatest(${orders.createdAt}, coalesce((select max(pe.created_at) from payment_events pe where pe.order_id = ${orders.id} and pe.status = ${ATTEMPT_STARTED}), ${orders.createdAt}))`;

/**
 * Cancels orders still pending (no word from any provider) an hour after they were placed or
 * their latest payment attempt started, and puts their stock back. Each order is locked and
 * re-checked, so a payment arriving at the same moment wins or loses cleanly, never half.
 */
export async function cancelStalePendingOrders(
  db: Db,
  now = new Date(),
  minutes = PENDING_LIFETIME_MINUTES,
): Promise<Order[]> {
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  const waitedTooLong = () => sql`${pendingSince()} < ${cutoff.toISOString()}::timestamptz`;
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, cutoff), waitedTooLong()));
  const cancelled: Order[] = [];
  for (const { id } of stale) {
    const order = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      if (!row || row.status !== "pending" || row.createdAt >= cutoff) return null;
      const [still] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), waitedTooLong()));
      if (!still) return null;
      return cancelLockedOrder(tx, row, { note: `No word from the payment provider within ${minutes} minutes` });
    });
    if (order) {
      cancelled.push(order);
      await onOrderStatusChanged(db, order, "pending");
    }
  }
  return cancelled;
}

type HeldOrder = Order & { payBy: Date };

/** A bank-transfer order still waiting for its money, with a deadline. */
function awaitingTransfer(row: Order | undefined): row is HeldOrder {
  return Boolean(row && isAwaitingTransfer(row) && row.payBy);
}

const awaitingTransferSql = () => and(awaitedTransfers(), isNotNull(orders.payBy));

/**
 * E-mails the one reminder to each unpaid bank-transfer order whose deadline is near. The
 * reminder is claimed under the order's row lock before it is sent, so however many processes
 * run this at once, each order gets it once (and a crash after the claim loses it, never
 * doubles it). A late reminder moves the deadline so the customer still has notice.
 */
export async function remindUnpaidBankTransfers(db: Db, now = new Date()): Promise<HeldOrder[]> {
  const { reminderHours } = bankTransferHoldConfig();
  const horizon = new Date(now.getTime() + reminderHours * 3_600_000);
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaitingTransferSql(), isNull(orders.paymentReminderSentAt), lte(orders.payBy, horizon)));
  const reminded: HeldOrder[] = [];
  for (const { id } of due) {
    const order = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      if (!awaitingTransfer(row) || row.paymentReminderSentAt || row.payBy > horizon) return null;
      const [claimed] = await tx
        .update(orders)
        .set({
          paymentReminderSentAt: now,
          payBy: payByAfterReminder(row.payBy, now, reminderHours),
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, row.id))
        .returning();
      return claimed as HeldOrder;
    });
    if (!order) continue;
    reminded.push(order);
    try {
      await sendPaymentReminderMail(db, order, await bankTransferDetails(db, order));
    } catch (err) {
      log.error("orders", `payment reminder for ${order.number} failed`, err);
    }
  }
  return reminded;
}

/**
 * Cancels unpaid bank-transfer orders whose deadline has passed and whose reminder went out,
 * puts their stock back and tells the customer. The order is locked and re-checked first: a
 * payment recorded at the same moment either lands before (the order is paid, nothing happens
 * here) or after (it finds the order cancelled and takes the stock again, as for any late payment).
 */
export async function cancelExpiredBankTransfers(db: Db, now = new Date()): Promise<HeldOrder[]> {
  const expired = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaitingTransferSql(), isNotNull(orders.paymentReminderSentAt), lte(orders.payBy, now)));
  const cancelled: HeldOrder[] = [];
  for (const { id } of expired) {
    const order = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      if (!awaitingTransfer(row) || !row.paymentReminderSentAt || row.payBy > now) return null;
      return (await cancelLockedOrder(tx, row, { note: "Bank transfer not received by the deadline" })) as HeldOrder;
    });
    if (!order) continue;
    cancelled.push(order);
    await revalidateCatalog();
    try {
      await sendHoldExpiredMail(db, order);
    } catch (err) {
      log.error("orders", `cancellation e-mail for ${order.number} failed`, err);
    }
  }
  return cancelled;
}

export type ExpiryRun = { cancelled: Order[]; reminded: Order[] };

/**
 * One pass of the expiry job: unpaid pending orders after an hour, then bank-transfer reminders,
 * then bank-transfer orders past their deadline (an order reminded in this pass keeps its notice).
 */
export async function expireOrders(db: Db, now = new Date()): Promise<ExpiryRun> {
  const pending = await cancelStalePendingOrders(db, now);
  const reminded = await remindUnpaidBankTransfers(db, now);
  const held = await cancelExpiredBankTransfers(db, now);
  return { cancelled: [...pending, ...held], reminded };
}

const TIMER = Symbol.for("kaya.orders.expiry-timer");

/** The in-process job: every five minutes in each app process (the row locks keep them apart). */
export function startExpiryJob(getDb: () => Promise<Db>, everyMs = 5 * 60_000): void {
  const g = globalThis as typeof globalThis & { [TIMER]?: NodeJS.Timeout };
  if (g[TIMER]) return;
  g[TIMER] = setInterval(async () => {
    try {
      const { cancelled, reminded } = await expireOrders(await getDb());
      if (reminded.length)
        log.info(
          "orders",
          `reminded ${reminded.length} bank-transfer order(s) to pay: ${reminded.map((o) => o.number).join(", ")}`,
        );
      if (cancelled.length)
        log.info(
          "orders",
          `cancelled ${cancelled.length} unpaid order(s): ${cancelled.map((o) => o.number).join(", ")}`,
        );
    } catch (err) {
      log.error("orders", "expiry job failed", err);
    }
  }, everyMs);
  g[TIMER].unref();
}

/** Stops this process's job (on shutdown); a pass already running finishes. */
export function stopExpiryJob(): void {
  const g = globalThis as typeof globalThis & { [TIMER]?: NodeJS.Timeout };
  clearInterval(g[TIMER]);
  delete g[TIMER];
}
