import "server-only";
import { releaseStock } from "@/lib/orders/stock";
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import {
  customers,
  orderLines,
  orderRefunds,
  orders,
  orderStatusHistory,
  paymentEvents,
  type Order,
  type OrderStatus,
} from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { PAYMENT_METHODS } from "@/lib/payments/methods";
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "@/lib/orders/types";
import { recordPaymentOutcome } from "@/lib/orders/payment-outcome";
import { cancelLockedOrder } from "@/lib/orders/cancel";
import { isAwaitingTransfer, isCancellable, isRefundable, ORDER_STATUSES } from "@/lib/orders/statuses";
import { awaitedTransfers } from "@/lib/orders/unpaid";
import { recordStatusChange } from "@/lib/orders/history";
import { onOrderStatusChanged, revalidateCatalog } from "@/lib/orders/events";
import { sendHoldExpiredMail, sendStaffUpdateMail } from "@/lib/orders/mails";
import { bankTransferHoldConfig, shopDayEnd, shopDayStart } from "@/lib/orders/bank-transfer-hold";
import { centsString, formatMoney } from "@/lib/money/money";
import { recordAudit } from "@/lib/admin/audit";
import { csvFile, EXPORT_LIMIT, phoneColumn, randsColumn, timeColumn, type CsvFile } from "@/lib/admin/csv";
import type { AdminContext } from "@/lib/admin/guard";
import { log } from "@/lib/observability/log";
import { blankToUndefined, dayParam, pageParam } from "@/lib/admin/list/query";

export const ORDERS_PAGE_SIZE = 25;

export const orderListQuery = z.object({
  q: z.preprocess(
    blankToUndefined,
    z.string().trim().max(120, { error: "must be 120 characters or fewer" }).optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z.enum(ORDER_STATUSES, { error: "must be one of the order statuses" }).optional(),
  ),
  method: z.preprocess(
    blankToUndefined,
    z.enum(PAYMENT_METHODS, { error: "must be one of the payment methods" }).optional(),
  ),
  from: dayParam,
  to: dayParam,
  page: z.preprocess(blankToUndefined, pageParam),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
/** The list's filter without its page, as the Export button sends it. */
export const orderExportFilter = orderListQuery.omit({ page: true });

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchCondition(q: string): SQL {
  const pattern = `%${likeEscape(q)}%`;
  const digits = q.replace(/\D/g, "");
  const name = sql`(${orders.billing}->>'firstName') || ' ' || (${orders.billing}->>'lastName')`;
  const shipName = sql`(${orders.shipping}->>'firstName') || ' ' || (${orders.shipping}->>'lastName')`;
  const conditions: SQL[] = [
    ilike(orders.number, pattern),
    ilike(orders.email, pattern),
    sql`${name} ilike ${pattern}`,
    sql`${shipName} ilike ${pattern}`,
  ];
  // A phone number is found however it was typed: "082 555 0101", "0825550101".
  if (digits.length >= 4)
    conditions.push(sql`regexp_replace(${orders.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  return or(...conditions)!;
}

function listConditions(query: Omit<OrderListQuery, "page">): SQL | undefined {
  const where: SQL[] = [];
  if (query.q) where.push(searchCondition(query.q));
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.method) where.push(eq(orders.paymentMethod, query.method));
  if (query.from) where.push(gte(orders.createdAt, shopDayStart(query.from)));
  if (query.to) where.push(lt(orders.createdAt, shopDayEnd(query.to)));
  return where.length ? and(...where) : undefined;
}

/** What the back office lists, exports and answers of an order, besides the derived name and item count. */
export type OrderSummary = Pick<
  Order,
  | "id"
  | "number"
  | "status"
  | "paymentMethod"
  | "totalCents"
  | "email"
  | "phone"
  | "createdAt"
  | "paidAt"
  | "payBy"
  | "dispatchedAt"
  | "refundedCents"
>;

export type OrderListRow = OrderSummary & {
  name: string;
  items: number;
};

export type OrderList = {
  rows: OrderListRow[];
  total: number;
  page: number;
  pages: number;
  counts: Record<OrderStatus, number>;
  overdue: number;
};

/** What the list (and its export) shows of each order. */
const LIST_COLUMNS = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  totalCents: orders.totalCents,
  email: orders.email,
  phone: orders.phone,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  payBy: orders.payBy,
  dispatchedAt: orders.dispatchedAt,
  refundedCents: orders.refundedCents,
  name: sql<string>`trim(coalesce(${orders.billing}->>'firstName', '') || ' ' || coalesce(${orders.billing}->>'lastName', ''))`,
  // Named by alias and table: drizzle writes a one-table select's columns bare, and a bare "id" here is the line's.
  items: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = ${orders}.id)`,
};

/** Newest first, 25 a page; counts per status over all orders, so staff see the whole shop at a glance. */
export async function listOrders(db: Db, query: OrderListQuery, now = new Date()): Promise<OrderList> {
  const where = listConditions(query);
  const [{ total }] = (await db.select({ total: count() }).from(orders).where(where)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const rows = await db
    .select(LIST_COLUMNS)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((Math.min(query.page, pages) - 1) * ORDERS_PAGE_SIZE);
  return {
    rows,
    total,
    page: Math.min(query.page, pages),
    pages,
    counts: await statusCounts(db),
    overdue: (await overdueIds(db, now)).length,
  };
}

/** Every order the list's filter matches (its page aside), newest first, as a spreadsheet for people. */
export async function ordersCsv(db: Db, query: z.infer<typeof orderExportFilter>): Promise<CsvFile> {
  const rows = await db
    .select(LIST_COLUMNS)
    .from(orders)
    .where(listConditions(query))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(EXPORT_LIMIT);
  return csvFile<OrderListRow>(
    [
      { header: "Order", value: (r) => r.number },
      timeColumn("Placed at", (r) => r.createdAt),
      { header: "Status", value: (r) => ORDER_STATUS_LABELS[r.status] },
      { header: "Payment", value: (r) => PAYMENT_METHOD_LABELS[r.paymentMethod] },
      { header: "Name", value: (r) => r.name },
      { header: "Email", value: (r) => r.email },
      phoneColumn("Phone", (r) => r.phone),
      { header: "Items", value: (r) => r.items },
      randsColumn("Total", (r) => r.totalCents),
      randsColumn("Refunded", (r) => r.refundedCents),
      timeColumn("Paid at", (r) => r.paidAt),
      timeColumn("Dispatched at", (r) => r.dispatchedAt),
    ],
    rows,
  );
}

export async function statusCounts(db: Db): Promise<Record<OrderStatus, number>> {
  const grouped = await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const g of grouped) counts[g.status] = Number(g.n);
  return counts;
}

/* ---------------------------------------------------------------------------------------- */

/** Bank transfers on hold and unpaid past their deadline (or, for orders from before deadlines, past the hold). */
function overdueCondition(now: Date): SQL {
  const holdStart = new Date(now.getTime() - bankTransferHoldConfig().holdDays * 86_400_000);
  return and(
    awaitedTransfers(),
    or(
      and(isNotNull(orders.payBy), lte(orders.payBy, now)),
      and(isNull(orders.payBy), lte(orders.createdAt, holdStart)),
    ),
  )!;
}

async function overdueIds(db: Db, now: Date): Promise<number[]> {
  return (await db.select({ id: orders.id }).from(orders).where(overdueCondition(now)).orderBy(orders.createdAt)).map(
    (r) => r.id,
  );
}

export async function overdueOrders(db: Db, now = new Date()): Promise<OrderListRow[]> {
  const ids = await overdueIds(db, now);
  if (ids.length === 0) return [];
  const { rows } = await listOrdersByIds(db, ids);
  return rows;
}

async function listOrdersByIds(db: Db, ids: number[]) {
  const rows = await db.select().from(orders).where(inArray(orders.id, ids)).orderBy(orders.createdAt);
  const items = await db
    .select({ orderId: orderLines.orderId, n: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .groupBy(orderLines.orderId);
  const byOrder = new Map(items.map((i) => [i.orderId, Number(i.n)]));
  return {
    rows: rows.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      paymentMethod: o.paymentMethod,
      totalCents: o.totalCents,
      email: o.email,
      phone: o.phone,
      createdAt: o.createdAt,
      paidAt: o.paidAt,
      payBy: o.payBy,
      dispatchedAt: o.dispatchedAt,
      refundedCents: o.refundedCents,
      name: `${o.billing.firstName ?? ""} ${o.billing.lastName ?? ""}`.trim(),
      items: byOrder.get(o.id) ?? 0,
    })),
  };
}

/* ---------------------------------------------------------------------------------------- */

export type HistoryEntry = {
  id: number;
  from: OrderStatus | null;
  to: OrderStatus;
  note: string;
  at: Date;
  by: string | null;
};
export type RefundEntry = { id: number; amountCents: number; reason: string; at: Date; by: string | null };

export async function orderDetail(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const staffName = sql<
    string | null
  >`(select nullif(trim(${customers.firstName} || ' ' || ${customers.lastName}), '') from ${customers} where ${customers.id} = staff_id)`;
  const staffEmail = sql<string | null>`(select ${customers.email} from ${customers} where ${customers.id} = staff_id)`;
  const [lines, events, history, refunds, customer] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id),
    db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id)).orderBy(paymentEvents.createdAt),
    db
      .select({
        id: orderStatusHistory.id,
        from: orderStatusHistory.fromStatus,
        to: orderStatusHistory.toStatus,
        note: orderStatusHistory.note,
        at: orderStatusHistory.createdAt,
        by: sql<string | null>`coalesce(${staffName}, ${staffEmail})`,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(orderStatusHistory.createdAt, orderStatusHistory.id),
    db
      .select({
        id: orderRefunds.id,
        amountCents: orderRefunds.amountCents,
        reason: orderRefunds.reason,
        at: orderRefunds.createdAt,
        by: sql<string | null>`coalesce(${staffName}, ${staffEmail})`,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, id))
      .orderBy(orderRefunds.createdAt),
    order.customerId
      ? db
          .select({ id: customers.id, email: customers.email })
          .from(customers)
          .where(eq(customers.id, order.customerId))
      : Promise.resolve([]),
  ]);
  return {
    order,
    lines,
    events,
    history: history as HistoryEntry[],
    refunds: refunds as RefundEntry[],
    customer: customer[0] ?? null,
  };
}
export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;

/* ---------------------------------------------------------------------------------------- */

const note = z.string().trim().max(500).default("");
const expectedStatus = z.enum(ORDER_STATUSES);

/** Rands as staff type them ("1 250", "R1250,50", "1250.5") in whole cents. */
const rands = z
  .union([z.string(), z.number()])
  .transform((v) =>
    String(v)
      .replace(/[\sR\u00a0]/gi, "")
      .replace(",", "."),
  )
  .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v), { error: "Enter an amount in rands, like 1250.00" })
  .transform((v) => Math.round(Number(v) * 100))
  .refine((c) => c > 0, { error: "The amount must be more than R 0" });

export const orderActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("mark-paid"), expectedStatus, note }),
  z.object({
    action: z.literal("dispatch"),
    expectedStatus,
    trackingNote: z.string().trim().max(300).default(""),
    note,
  }),
  z.object({ action: z.literal("complete"), expectedStatus, note }),
  z.object({ action: z.literal("cancel"), expectedStatus, note }),
  z.object({
    action: z.literal("refund"),
    expectedStatus,
    amount: rands,
    reason: z.string().trim().min(3, { error: "Say why the money is refunded" }).max(500),
    /** The items came back: put them in stock again (once per order). */
    restock: z.boolean({ error: "restock is true or false" }).default(false),
  }),
]);
export type OrderAction = z.infer<typeof orderActionSchema>;

const ACTION_NAMES: Record<OrderAction["action"], string> = {
  "mark-paid": "marked as paid",
  dispatch: "marked as dispatched",
  complete: "completed",
  cancel: "cancelled",
  refund: "refunded",
};

function refused(order: Order, action: OrderAction["action"], why: string): ApiError {
  return new ApiError(409, "transition_refused", `Order ${order.number} cannot be ${ACTION_NAMES[action]}: ${why}`, {
    status_now: order.status,
  });
}

const label = (s: OrderStatus) => ORDER_STATUS_LABELS[s].toLowerCase();

/** Dispatching and completing are for a paid order in the workshop only. */
function refuseOutsideWorkshop(order: Order, action: OrderAction["action"], done: string): void {
  if (order.status !== "processing")
    throw refused(order, action, `it is ${label(order.status)}; only a paid order in the workshop is ${done}.`);
}

type Outcome = { order: Order; from: OrderStatus; mail: (db: Db) => Promise<void> };

/**
 * One staff action on one order. The order's row is locked and its status checked against what
 * the member of staff saw (`expectedStatus`), so two people acting at once on one order never
 * both succeed, and nobody acts on a status that changed under them. The change, its history
 * line and its audit entry are one transaction; the customer's e-mail follows it.
 */
export async function applyOrderAction(ctx: AdminContext, orderId: number, action: OrderAction): Promise<Order> {
  const { db, staff, ip } = ctx;
  const outcome: Outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row) throw new ApiError(404, "order_not_found", "Order not found");
    if (row.status !== action.expectedStatus) {
      throw new ApiError(
        409,
        "order_changed",
        `Order ${row.number} changed while you were looking at it: it is now ${label(row.status)}. Reload the page to see what happened.`,
        {
          status_now: row.status,
        },
      );
    }
    let updated: Order;
    let mail: Outcome["mail"];
    switch (action.action) {
      case "mark-paid": {
        if (row.paymentMethod !== "bank-transfer")
          throw refused(
            row,
            action.action,
            "only a bank transfer is marked paid by hand; other methods are confirmed by their provider.",
          );
        if (!isAwaitingTransfer(row))
          throw refused(row, action.action, `it is ${label(row.status)}, not on hold waiting for a transfer.`);
        const result = await recordPaymentOutcome(tx, {
          orderId: row.id,
          provider: "bank-transfer",
          providerReference: `staff:${staff.id}:${Date.now()}`,
          outcome: "paid",
          amountCents: row.totalCents,
          payload: { recordedBy: staff.email, note: action.note },
          staffId: staff.id,
          note: action.note || "Bank transfer received",
        });
        if (!result.applied) throw refused(row, action.action, "the payment could not be recorded.");
        updated = result.order;
        mail = (db) => onOrderStatusChanged(db, result.order, result.from);
        break;
      }
      case "dispatch": {
        refuseOutsideWorkshop(row, action.action, "dispatched");
        if (row.dispatchedAt) throw refused(row, action.action, "it was already dispatched.");
        [updated] = (await tx
          .update(orders)
          .set({ dispatchedAt: new Date(), trackingNote: action.trackingNote, updatedAt: sql`now()` })
          .where(eq(orders.id, row.id))
          .returning()) as [Order];
        await tx.insert(orderStatusHistory).values({
          orderId: row.id,
          fromStatus: row.status,
          toStatus: row.status,
          staffId: staff.id,
          note: ["Dispatched", action.trackingNote, action.note].filter(Boolean).join(". "),
        });
        const sent = updated;
        mail = (db) => sendStaffUpdateMail(db, sent, { kind: "dispatched", trackingNote: action.trackingNote });
        break;
      }
      case "complete": {
        refuseOutsideWorkshop(row, action.action, "completed");
        [updated] = (await tx
          .update(orders)
          .set({ status: "completed", updatedAt: sql`now()` })
          .where(eq(orders.id, row.id))
          .returning()) as [Order];
        await recordStatusChange(tx, {
          orderId: row.id,
          from: row.status,
          to: "completed",
          staffId: staff.id,
          note: action.note || "Delivered",
        });
        const sent = updated;
        mail = (db) => sendStaffUpdateMail(db, sent, { kind: "completed" });
        break;
      }
      case "cancel": {
        if (!isCancellable(row.status)) throw refused(row, action.action, `it is already ${label(row.status)}.`);
        if (row.dispatchedAt) throw refused(row, action.action, "it has left the workshop; record a refund instead.");
        updated = await cancelLockedOrder(tx, row, { staffId: staff.id, note: action.note || "Cancelled by staff" });
        const sent = updated;
        mail = async (db) => {
          await revalidateCatalog();
          await sendStaffUpdateMail(db, sent, { kind: "cancelled", note: action.note });
        };
        break;
      }
      case "refund": {
        if (!isRefundable(row))
          throw refused(row, action.action, `it is ${label(row.status)} and nothing was paid for it.`);
        const left = row.totalCents - row.refundedCents;
        if (action.amount > left) {
          throw new ApiError(
            422,
            "refund_too_large",
            `At most ${formatMoney(left)} is left to refund on order ${row.number}.`,
            { fields: { amount: `At most ${formatMoney(left)}` } },
          );
        }
        if (action.restock && row.restockedAt)
          throw refused(row, action.action, "its items were already put back in stock with an earlier refund.");
        if (action.restock) await releaseStock(tx, row.id);
        const refundedCents = row.refundedCents + action.amount;
        const full = refundedCents === row.totalCents;
        await tx
          .insert(orderRefunds)
          .values({ orderId: row.id, amountCents: action.amount, reason: action.reason, staffId: staff.id });
        [updated] = (await tx
          .update(orders)
          .set({
            refundedCents,
            status: full ? "refunded" : row.status,
            ...(action.restock ? { restockedAt: new Date() } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(orders.id, row.id))
          .returning()) as [Order];
        await tx.insert(orderStatusHistory).values({
          orderId: row.id,
          fromStatus: row.status,
          toStatus: updated.status,
          staffId: staff.id,
          note: `Refunded ${formatMoney(action.amount)}: ${action.reason}${action.restock ? ". Items put back in stock" : ""}`,
        });
        const sent = updated;
        const restocked = action.restock;
        mail = async (db) => {
          if (restocked) await revalidateCatalog();
          await sendStaffUpdateMail(db, sent, {
            kind: "refunded",
            amountCents: action.amount,
            reason: action.reason,
            full,
          });
        };
        break;
      }
    }
    await recordAudit(tx, {
      staffId: staff.id,
      action: `order.${action.action}`,
      entity: "order",
      entityId: row.id,
      before: auditView(row),
      after: {
        ...auditView(updated),
        ...("note" in action && action.note ? { note: action.note } : {}),
        ...(action.action === "refund"
          ? { refund: action.amount, reason: action.reason, ...(action.restock ? { restocked: true } : {}) }
          : {}),
      },
      ip,
    });
    return { order: updated, from: row.status, mail };
  });
  try {
    await outcome.mail(db);
  } catch (err) {
    log.error("admin", `e-mail after ${action.action} on ${outcome.order.number} failed`, err);
  }
  return outcome.order;
}

function auditView(o: Order) {
  return {
    number: o.number,
    status: o.status,
    paidAt: o.paidAt?.toISOString() ?? null,
    dispatchedAt: o.dispatchedAt?.toISOString() ?? null,
    trackingNote: o.trackingNote,
    refundedCents: o.refundedCents,
  };
}

/**
 * Cancels the overdue bank transfers staff were shown (their ids): each one locked and checked
 * again, so an order paid in the meantime stays. The customers get the deadline-passed e-mail.
 */
export async function cancelOverdue(ctx: AdminContext, ids: number[], now = new Date()): Promise<Order[]> {
  const { db, staff, ip } = ctx;
  const cancelled: Order[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const order = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), overdueCondition(now)))
        .for("update");
      if (!row) return null;
      const updated = await cancelLockedOrder(tx, row, {
        staffId: staff.id,
        note: "Bank transfer not received: overdue, cancelled by staff",
      });
      await recordAudit(tx, {
        staffId: staff.id,
        action: "order.cancel-overdue",
        entity: "order",
        entityId: row.id,
        before: auditView(row),
        after: auditView(updated),
        ip,
      });
      return updated;
    });
    if (order) cancelled.push(order);
  }
  if (cancelled.length) await revalidateCatalog();
  for (const order of cancelled) {
    try {
      await sendHoldExpiredMail(db, { ...order, payBy: order.payBy ?? now });
    } catch (err) {
      log.error("admin", `cancellation e-mail for ${order.number} failed`, err);
    }
  }
  return cancelled;
}

/** An order as the back office's calls answer it: snake_case, money as strings of cents. */
export function adminOrderJson(o: OrderSummary) {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    payment_method: o.paymentMethod,
    total: centsString(o.totalCents),
    refunded: centsString(o.refundedCents),
    email: o.email,
    phone: o.phone,
    date_created: o.createdAt.toISOString(),
    date_paid: o.paidAt?.toISOString() ?? null,
    pay_by: o.payBy?.toISOString() ?? null,
    date_dispatched: o.dispatchedAt?.toISOString() ?? null,
  };
}
