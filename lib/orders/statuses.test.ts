/**
 * Which orders hold stock, asked of every path that gives stock back or takes it again: staff
 * cancelling in the back office, the expiry job's cancel, and a payment provider's word. However
 * an order got to its status, each path moves the stock by exactly what the order held.
 */
import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { orders, products, type Order } from "@/lib/db/schema";
import { insertOrder, pebbleStock, PEBBLE, reload } from "@/test/support/payments";
import { adminContext, makeStaff, type TestStaff } from "@/test/support/admin";
import { applyOrderAction } from "@/lib/admin/orders";
import { cancelLockedOrder } from "@/lib/orders/cancel";
import { recordPaymentOutcome } from "@/lib/orders/payment-outcome";
import {
  CANCELLABLE_STATUSES,
  holdsStock,
  isAwaitingTransfer,
  isCancellable,
  isUnpaid,
  ORDER_STATUSES,
  STOCK_HOLDING_STATUSES,
  UNPAID_STATUSES,
  type OrderStatus,
} from "@/lib/orders/statuses";
import type { PaymentOutcome } from "@/lib/payments/types";

const getDb = setupTestDb();
const QUANTITY = 2;
const PAID: OrderStatus[] = ["processing", "completed", "refunded"];
const GAVE_BACK: OrderStatus[] = ["cancelled", "failed"];

let staff: TestStaff;
beforeAll(async () => {
  staff = await makeStaff(getDb().db, "staff");
});

const setStock = (stock: number) => getDb().db.update(products).set({ stock }).where(eq(products.slug, PEBBLE));

let reference = 0;
const outcome = (order: Order, result: PaymentOutcome) =>
  recordPaymentOutcome(getDb().db, {
    orderId: order.id,
    provider: "payfast",
    providerReference: `pf-${++reference}`,
    outcome: result,
    amountCents: order.totalCents,
  });

/** The expiry job's way: the row locked, then cancelled through the one cancel path. */
const expire = (order: Order) =>
  getDb().db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    return cancelLockedOrder(tx, row!, { note: "expired" });
  });

const staffCancel = (order: Order) =>
  applyOrderAction(adminContext(getDb().db, staff.staff), order.id, {
    action: "cancel",
    expectedStatus: order.status,
    note: "",
  });

/**
 * A paid order on hold that holds nothing: its unpaid order was cancelled (stock back), the stock
 * then sold to someone else, and the payment arrived after all.
 */
async function paidAfterItsStockWasSold(): Promise<Order> {
  const db = getDb().db;
  await setStock(10);
  const order = await insertOrder(db, "payfast", { quantity: QUANTITY });
  await expire(order);
  expect(await pebbleStock(db)).toBe(10);
  await setStock(0);
  const result = await outcome(order, "paid");
  expect(result.applied && result.order.status).toBe("on-hold");
  return reload(db, order.id);
}

/** An order in `status` as the shop would have left it: paid where that status is paid, stock given back where it gave it. */
async function orderIn(status: OrderStatus | "on-hold, paid"): Promise<Order> {
  const db = getDb().db;
  if (status === "on-hold, paid") return paidAfterItsStockWasSold();
  await setStock(10);
  const order = await insertOrder(db, "bank-transfer", { quantity: QUANTITY, status });
  if (PAID.includes(status)) await db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id));
  if (GAVE_BACK.includes(status)) await setStock(10);
  return reload(db, order.id);
}

describe("a payment that arrives after its order's stock went back and was sold", () => {
  test("leaves the order paid and on hold, holding nothing: cancelling it gives nothing back", async () => {
    const db = getDb().db;
    const order = await paidAfterItsStockWasSold();
    expect(order.paidAt).not.toBeNull();
    expect(holdsStock(order)).toBe(false);
    expect(isUnpaid(order)).toBe(false);
    expect(isAwaitingTransfer(order)).toBe(false);

    const cancelled = await staffCancel(order);
    expect(cancelled.status).toBe("cancelled");
    expect(await pebbleStock(db)).toBe(0);
  });

  test("is not failed by another attempt's end, and gives nothing back", async () => {
    const db = getDb().db;
    const order = await paidAfterItsStockWasSold();
    for (const ended of ["failed", "cancelled"] as const) {
      const result = await outcome(order, ended);
      expect(result.applied).toBe(false);
    }
    expect((await reload(db, order.id)).status).toBe("on-hold");
    expect(await pebbleStock(db)).toBe(0);
  });

  test("a second payment takes the stock again when there is some, and stays on hold when there is none", async () => {
    const db = getDb().db;
    const order = await paidAfterItsStockWasSold();
    const none = await outcome(order, "paid");
    expect(none.order?.status).toBe("on-hold");
    expect(await pebbleStock(db)).toBe(0);

    await setStock(5);
    const taken = await outcome(order, "paid");
    expect(taken.order?.status).toBe("processing");
    expect(await pebbleStock(db)).toBe(5 - QUANTITY);
    await staffCancel((await reload(db, order.id))!);
    expect(await pebbleStock(db)).toBe(5);
  });
});

describe("every status, every path that gives stock back or takes it", () => {
  const cases = [...ORDER_STATUSES, "on-hold, paid"] as const;
  const paths: Array<[string, (order: Order) => Promise<unknown>]> = [
    ["staff cancelling it", (order) => staffCancel(order).catch(() => null)],
    ["the expiry job cancelling it", expire],
    ["a payment failing", (order) => outcome(order, "failed")],
    ["a payment cancelled", (order) => outcome(order, "cancelled")],
    ["a payment confirmed", (order) => outcome(order, "paid")],
  ];

  test.each(cases.flatMap((status) => paths.map(([name, run]) => [status, name, run] as const)))(
    "%s, then %s: the stock moves by what the order held before and holds after",
    async (status, _name, run) => {
      const db = getDb().db;
      const before = await orderIn(status);
      const stockBefore = await pebbleStock(db);
      await run(before);
      const after = await reload(db, before.id);
      const held = (o: Order) => (holdsStock(o) ? QUANTITY : 0);
      expect(stockBefore - (await pebbleStock(db))).toBe(held(after) - held(before));
    },
  );

  test("staff may cancel exactly the orders holding stock in their status, and every unpaid order holds stock", () => {
    expect([...CANCELLABLE_STATUSES].sort()).toEqual([...STOCK_HOLDING_STATUSES].sort());
    for (const status of ORDER_STATUSES) {
      expect(isCancellable(status)).toBe(holdsStock({ status, paidAt: null }));
      if ((UNPAID_STATUSES as readonly string[]).includes(status))
        expect(holdsStock({ status, paidAt: null })).toBe(isUnpaid({ status, paidAt: null }));
    }
    // A paid order in the workshop holds its stock until it is delivered or cancelled.
    expect(holdsStock({ status: "processing", paidAt: new Date() })).toBe(true);
    expect(holdsStock({ status: "completed", paidAt: new Date() })).toBe(false);
  });
});
