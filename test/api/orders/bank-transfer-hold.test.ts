import { eq, inArray } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { mailOutbox, orders, products, rateLimits, type Order } from "@/lib/db/schema";
import { expireOrders } from "@/lib/orders/expire";
import { recordPaymentOutcome } from "@/lib/orders/payment-outcome";
import { orderForViewer } from "@/lib/orders/customer-orders";
import { formatPayBy } from "@/lib/orders/format";
import {
  checkoutDetails,
  closeUnpaidOrders,
  fillGuestCart,
  productBySlug,
  type CheckoutAnswer,
} from "@/test/support/orders";
import * as checkout from "@/app/api/checkout/route";
import * as ordersExpire from "@/app/api/orders-expire/route";
import { setEnv } from "@/lib/config/set-env";

const getDb = setupTestDb();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SLUG = "pebble-ottoman";

// Each test sees only its own orders waiting, plenty of stock and no checkouts counted yet.
beforeEach(async () => {
  const db = getDb().db;
  await db.delete(rateLimits);
  await closeUnpaidOrders(db);
  await db.update(products).set({ stock: 100 }).where(eq(products.slug, SLUG));
});

let shopper = 0;
/** A guest's bank-transfer order of `quantity` ottomans, as the shop stores it. */
async function bankTransferOrder(quantity = 1): Promise<Order> {
  const db = getDb().db;
  const cart = await fillGuestCart(db, SLUG, quantity);
  const res = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
    json: checkoutDetails({ cartKey: cart.cart_key, email: `hoarder${++shopper}@example.co.za` }),
  });
  expect(res.status).toBe(201);
  const [order] = await db.select().from(orders).where(eq(orders.id, res.body.order.id));
  expect(order!.status).toBe("on-hold");
  return order!;
}

function deadline(order: Order): Date {
  expect(order.payBy).toBeInstanceOf(Date);
  return order.payBy!;
}

async function reload(order: Order): Promise<Order> {
  const [row] = await getDb().db.select().from(orders).where(eq(orders.id, order.id));
  return row!;
}

async function mailsFor(order: Order, kind: string) {
  return getDb()
    .db.select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, order.email))
    .then((rows) => rows.filter((m) => m.kind === kind));
}

const stock = async () => (await productBySlug(getDb().db, SLUG)).stock;

describe("bank-transfer orders hold their stock for a limited time", () => {
  test("five unpaid bank-transfer orders that took all the stock: reminded once, then cancelled and the stock released", async () => {
    const db = getDb().db;
    await db.update(products).set({ stock: 5 }).where(eq(products.slug, SLUG));
    const placed: Order[] = [];
    for (let i = 0; i < 5; i++) placed.push(await bankTransferOrder(1));
    expect(await stock()).toBe(0);

    const due = deadline(placed[0]!);
    // Seven days, to the end of that day in South Africa.
    expect(due.getTime()).toBeGreaterThan(placed[0]!.createdAt.getTime() + 7 * DAY);
    expect(due.getTime()).toBeLessThanOrEqual(placed[0]!.createdAt.getTime() + 8 * DAY);

    expect(await expireOrders(db, new Date(due.getTime() - 25 * HOUR))).toEqual({ cancelled: [], reminded: [] });
    const reminderTime = new Date(due.getTime() - 23 * HOUR);
    const first = await expireOrders(db, reminderTime);
    expect(first.reminded.map((o) => o.id).sort()).toEqual(placed.map((o) => o.id).sort());
    expect(first.cancelled).toEqual([]);
    expect(await expireOrders(db, new Date(reminderTime.getTime() + HOUR))).toEqual({ cancelled: [], reminded: [] });

    for (const order of placed) {
      const [reminder, ...more] = await mailsFor(order, "order-payment-reminder");
      expect(more).toEqual([]);
      expect(reminder!.subject).toContain(order.number);
      expect(reminder!.text).toContain(`Payment reference: ${order.number}`);
      expect(reminder!.text).toMatch(/Account number: .+/);
      expect(reminder!.text).toMatch(/Branch code: .+/);
      expect(reminder!.text).toContain(`Amount: R`);
      expect(reminder!.text).toContain(`Please pay by ${formatPayBy(deadline(order))}, or the order is cancelled.`);
    }
    expect(await stock()).toBe(0);

    const after = await expireOrders(db, new Date(due.getTime() + 60_000));
    expect(after.cancelled.map((o) => o.id).sort()).toEqual(placed.map((o) => o.id).sort());
    expect(await stock()).toBe(5);
    for (const order of placed) {
      expect((await reload(order)).status).toBe("cancelled");
      const [cancelled, ...more] = await mailsFor(order, "order-hold-expired");
      expect(more).toEqual([]);
      expect(cancelled!.text).toContain(`by ${formatPayBy(deadline(order))}`);
      expect(await mailsFor(order, "order-cancelled")).toEqual([]);
    }
    expect(await expireOrders(db, new Date(due.getTime() + 2 * DAY))).toEqual({ cancelled: [], reminded: [] });
    expect(await stock()).toBe(5);
  });

  test("the order e-mail and the order page state the deadline", async () => {
    const db = getDb().db;
    const order = await bankTransferOrder();
    const notice = `Please pay by ${formatPayBy(deadline(order))}, or the order is cancelled.`;
    const [onHold] = await mailsFor(order, "order-on-hold");
    expect(onHold!.text).toContain(notice);
    const seen = await orderForViewer(db, String(order.id), { key: order.orderKey });
    expect(seen!.pay_by).toBe(deadline(order).toISOString());
  });

  test("several processes running the job at once send each e-mail once and release stock once", async () => {
    const db = getDb().db;
    const before = await stock();
    const order = await bankTransferOrder(2);
    const due = deadline(order);
    await Promise.all([1, 2, 3, 4].map(() => expireOrders(db, new Date(due.getTime() - 23 * HOUR))));
    expect(await mailsFor(order, "order-payment-reminder")).toHaveLength(1);
    const runs = await Promise.all([1, 2, 3, 4].map(() => expireOrders(db, new Date(due.getTime() + 60_000))));
    expect(runs.flatMap((r) => r.cancelled.map((o) => o.id))).toEqual([order.id]);
    expect(await mailsFor(order, "order-hold-expired")).toHaveLength(1);
    expect(await stock()).toBe(before);
  });

  test("a payment recorded as the order expires either wins or comes after the cancellation, never half", async () => {
    const db = getDb().db;
    const pay = (order: Order) =>
      recordPaymentOutcome(db, {
        orderId: order.id,
        provider: "bank-transfer",
        providerReference: `eft-${order.number}`,
        outcome: "paid",
        amountCents: order.totalCents,
      });
    const sequences: Array<"payment first" | "expiry first" | "together"> = [
      "payment first",
      "expiry first",
      "together",
      "together",
      "together",
      "together",
    ];
    for (const order of sequences) {
      const before = await stock();
      const placed = await bankTransferOrder(1);
      const due = deadline(placed);
      await expireOrders(db, new Date(due.getTime() - 23 * HOUR));
      const expire = () => expireOrders(db, new Date(due.getTime() + 60_000));
      if (order === "payment first") await pay(placed).then(expire);
      else if (order === "expiry first") await expire().then(() => pay(placed));
      else await Promise.all([expire(), pay(placed)]);
      const now = await reload(placed);
      expect([order, now.status, now.paidAt !== null]).toEqual([order, "processing", true]);
      // The paid order holds its stock exactly once, whichever came first.
      expect([order, await stock()]).toEqual([order, before - 1]);
      const told = (await mailsFor(placed, "order-hold-expired")).length;
      expect([order, told]).toEqual([order, order === "expiry first" ? 1 : order === "payment first" ? 0 : told]);
      expect(told).toBeLessThanOrEqual(1);
    }
  });

  test("a paid bank transfer, and other methods' orders on hold, are never reminded or cancelled", async () => {
    const db = getDb().db;
    const paid = await bankTransferOrder();
    await recordPaymentOutcome(db, {
      orderId: paid.id,
      provider: "bank-transfer",
      providerReference: "eft-paid",
      outcome: "paid",
      amountCents: paid.totalCents,
    });
    const ozow = await bankTransferOrder();
    await db.update(orders).set({ paymentMethod: "ozow", payBy: null }).where(eq(orders.id, ozow.id));
    const later = new Date(deadline(paid).getTime() + 30 * DAY);
    await expireOrders(db, new Date(deadline(paid).getTime() - 23 * HOUR));
    await expireOrders(db, later);
    const rows = await db
      .select()
      .from(orders)
      .where(inArray(orders.id, [paid.id, ozow.id]));
    expect(rows.map((r) => [r.id, r.status, r.paymentReminderSentAt])).toEqual(
      expect.arrayContaining([
        [paid.id, "processing", null],
        [ozow.id, "on-hold", null],
      ]),
    );
    expect(await mailsFor(paid, "order-payment-reminder")).toEqual([]);
  });

  test("a job that was not running when the reminder was due still gives notice before cancelling", async () => {
    const db = getDb().db;
    const order = await bankTransferOrder();
    const late = new Date(deadline(order).getTime() + 2 * DAY);
    const run = await expireOrders(db, late);
    expect(run.reminded.map((o) => o.id)).toEqual([order.id]);
    expect(run.cancelled).toEqual([]);
    const moved = deadline(await reload(order));
    expect(moved.getTime()).toBeGreaterThanOrEqual(late.getTime() + 24 * HOUR);
    expect(moved.getTime()).toBeLessThanOrEqual(late.getTime() + 48 * HOUR);
    const [reminder] = await mailsFor(order, "order-payment-reminder");
    expect(reminder!.text).toContain(`Please pay by ${formatPayBy(moved)}, or the order is cancelled.`);
    expect((await expireOrders(db, new Date(moved.getTime() - 60_000))).cancelled).toEqual([]);
    expect((await expireOrders(db, new Date(moved.getTime() + 60_000))).cancelled.map((o) => o.id)).toEqual([order.id]);
  });
});

describe("POST /api/orders-expire", () => {
  const secret = "cron-secret-for-tests-0123456789";
  beforeAll(() => {
    setEnv({ CRON_SECRET: secret });
  });
  afterAll(() => {
    setEnv({ CRON_SECRET: undefined });
  });

  test("runs one pass now: reminds, cancels what is past its deadline, and says which", async () => {
    const db = getDb().db;
    const remind = await bankTransferOrder();
    const expire = await bankTransferOrder();
    const now = Date.now();
    await db
      .update(orders)
      .set({ payBy: new Date(now + 20 * HOUR) })
      .where(eq(orders.id, remind.id));
    await db
      .update(orders)
      .set({ payBy: new Date(now - HOUR), paymentReminderSentAt: new Date(now - DAY) })
      .where(eq(orders.id, expire.id));
    const res = await call<{ cancelled: string[]; reminded: string[] }>(ordersExpire.POST, "/api/orders-expire", {
      method: "POST",
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cancelled: [expire.number], reminded: [remind.number] });
    const refused = await call(ordersExpire.POST, "/api/orders-expire", {
      method: "POST",
      headers: { authorization: "Bearer wrong" },
    });
    expect(refused.status).toBe(401);
  });
});
