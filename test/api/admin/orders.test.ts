/**
 * The back office's order calls on this run's engine: each action, the refused ones, two members of
 * staff acting on one order at once, the list's search and filters, and overdue bank transfers.
 */
import { and, desc, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import {
  adminAudit,
  mailOutbox,
  orderRefunds,
  orders,
  orderStatusHistory,
  paymentEvents,
  rateLimits,
} from "@/lib/db/schema";
import { checkoutDetails, fillGuestCart, productBySlug, type CheckoutAnswer } from "@/test/support/orders";
import { makeOrder } from "@/test/support/auth";
import { makeStaff, SAME_ORIGIN, type TestStaff } from "@/test/support/admin";
import { csvRecords, formulaCells } from "@/test/support/admin-csv";
import { ordersCsv } from "@/lib/admin/orders";
import * as checkout from "@/app/api/checkout/route";
import * as orderList from "@/app/api/admin/orders/route";
import * as orderOne from "@/app/api/admin/orders/[id]/route";
import * as overdue from "@/app/api/admin/orders/overdue/route";

const getDb = setupTestDb();
beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

type ErrorBody = { status: number; code: string; message: string; data: { status: number; [k: string]: unknown } };
type ActionAnswer = { order: { id: number; number: string; status: string }; message: string };

let staff: TestStaff;
beforeAll(async () => {
  staff = await makeStaff(getDb().db, "staff");
});

let emailCounter = 0;
/** A bank-transfer order placed through the checkout, on hold with its stock taken. */
async function bankTransferOrder(slug = "pebble-ottoman", quantity = 1) {
  const db = getDb().db;
  const cart = await fillGuestCart(db, slug, quantity);
  const email = `buyer.${Date.now()}.${++emailCounter}@example.co.za`;
  const res = await call<CheckoutAnswer>(checkout.POST, "/api/checkout", {
    json: checkoutDetails({ cartKey: cart.cart_key, email }),
  });
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  const [order] = await db.select().from(orders).where(eq(orders.id, res.body.order.id));
  return order!;
}

function act(id: number, json: Record<string, unknown>, who: TestStaff = staff) {
  return call<ActionAnswer & ErrorBody>(orderOne.POST, `/api/admin/orders/${id}`, {
    json,
    jar: who.jar,
    headers: SAME_ORIGIN,
    params: { id: String(id) },
  });
}

const stockOf = async (slug: string) => (await productBySlug(getDb().db, slug)).stock;
const mailsTo = (to: string, kind: string) =>
  getDb()
    .db.select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)));
const historyOf = (id: number) =>
  getDb().db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(orderStatusHistory.id);
const auditOf = (id: number) =>
  getDb()
    .db.select()
    .from(adminAudit)
    .where(and(eq(adminAudit.entity, "order"), eq(adminAudit.entityId, String(id))))
    .orderBy(desc(adminAudit.id));

describe("marking a bank transfer received", () => {
  test("moves the order from on hold to processing, records the payment, its history and audit, and e-mails the customer", async () => {
    const order = await bankTransferOrder();
    expect(order.status).toBe("on-hold");
    const res = await act(order.id, {
      action: "mark-paid",
      expectedStatus: "on-hold",
      note: "Seen in the FNB account",
    });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe("processing");
    const [row] = await getDb().db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paidAt).not.toBeNull();
    const events = await getDb().db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
    expect(events).toEqual([
      expect.objectContaining({ provider: "bank-transfer", status: "paid", amountCents: order.totalCents }),
    ]);
    expect(await historyOf(order.id)).toEqual([
      expect.objectContaining({
        fromStatus: "on-hold",
        toStatus: "processing",
        staffId: staff.staff.id,
        note: "Seen in the FNB account",
      }),
    ]);
    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({
      staffId: staff.staff.id,
      action: "order.mark-paid",
      before: expect.objectContaining({ status: "on-hold" }),
      after: expect.objectContaining({ status: "processing" }),
    });
    expect(await mailsTo(order.email, "order-paid")).toHaveLength(1);
  });

  test("is refused for a method a provider confirms, and for an order no longer on hold", async () => {
    const db = getDb().db;
    const card = await makeOrder(db, null, { status: "on-hold" });
    const viaCard = await act(card.id, { action: "mark-paid", expectedStatus: "on-hold" });
    expect(viaCard.status).toBe(409);
    expect(viaCard.body).toMatchObject({
      code: "transition_refused",
      message: expect.stringContaining("only a bank transfer is marked paid by hand"),
    });

    const order = await bankTransferOrder();
    expect((await act(order.id, { action: "mark-paid", expectedStatus: "on-hold" })).status).toBe(200);
    const again = await act(order.id, { action: "mark-paid", expectedStatus: "processing" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("transition_refused");
    expect(await getDb().db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))).toHaveLength(1);
  });
});

describe("an action on an order that changed since the page was loaded", () => {
  test("is refused with the status it has now, and changes nothing", async () => {
    const order = await bankTransferOrder();
    const res = await act(order.id, { action: "cancel", expectedStatus: "processing" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "order_changed", data: { status: 409, status_now: "on-hold" } });
    expect(res.body.message).toContain("it is now on hold");
    const [row] = await getDb().db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("on-hold");
  });
});

describe("dispatch, complete, cancel", () => {
  test("dispatch keeps the order processing with its tracking note, once; then it completes", async () => {
    const order = await bankTransferOrder();
    await act(order.id, { action: "mark-paid", expectedStatus: "on-hold" });
    const sent = await act(order.id, {
      action: "dispatch",
      expectedStatus: "processing",
      trackingNote: "Courier Guy waybill 123456",
    });
    expect(sent.status).toBe(200);
    const [row] = await getDb().db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "processing", trackingNote: "Courier Guy waybill 123456" });
    expect(row!.dispatchedAt).not.toBeNull();
    const [mail] = await mailsTo(order.email, "order-dispatched");
    expect(mail!.text).toContain("Courier Guy waybill 123456");

    const twice = await act(order.id, { action: "dispatch", expectedStatus: "processing" });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain("already dispatched");
    const cancel = await act(order.id, { action: "cancel", expectedStatus: "processing" });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toContain("record a refund instead");

    const done = await act(order.id, { action: "complete", expectedStatus: "processing" });
    expect(done.body.order.status).toBe("completed");
    expect(await mailsTo(order.email, "order-completed")).toHaveLength(1);
    expect((await historyOf(order.id)).map((h) => h.toStatus)).toEqual(["processing", "processing", "completed"]);
  });

  test("an order on hold cannot be completed", async () => {
    const order = await bankTransferOrder();
    const res = await act(order.id, { action: "complete", expectedStatus: "on-hold" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Order ${order.number} cannot be completed: it is on hold; only a paid order in the workshop is completed.`,
    );
  });

  test("cancelling puts the stock back and tells the customer; a cancelled order cannot be cancelled again", async () => {
    const before = await stockOf("pebble-ottoman");
    const order = await bankTransferOrder("pebble-ottoman", 2);
    expect(await stockOf("pebble-ottoman")).toBe(before - 2);
    const res = await act(order.id, { action: "cancel", expectedStatus: "on-hold", note: "Customer asked us to" });
    expect(res.body.order.status).toBe("cancelled");
    expect(await stockOf("pebble-ottoman")).toBe(before);
    const [mail] = await mailsTo(order.email, "order-cancelled");
    expect(mail!.text).toContain("Customer asked us to");
    const again = await act(order.id, { action: "cancel", expectedStatus: "cancelled" });
    expect(again.status).toBe(409);
    expect(await stockOf("pebble-ottoman")).toBe(before);
  });
});

describe("refunds", () => {
  test("a part, then more than is left (refused), then the rest: the order is refunded and shows each", async () => {
    const order = await bankTransferOrder();
    await act(order.id, { action: "mark-paid", expectedStatus: "on-hold" });
    const part = await act(order.id, {
      action: "refund",
      expectedStatus: "processing",
      amount: "100,50",
      reason: "Scuff on the left leg",
    });
    expect(part.status).toBe(200);
    expect(part.body.order.status).toBe("processing");
    const tooMuch = await act(order.id, {
      action: "refund",
      expectedStatus: "processing",
      amount: String(order.totalCents / 100),
      reason: "Changed their mind",
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe("refund_too_large");
    const rest = await act(order.id, {
      action: "refund",
      expectedStatus: "processing",
      amount: ((order.totalCents - 10_050) / 100).toFixed(2),
      reason: "Returned within 7 days",
    });
    expect(rest.body.order.status).toBe("refunded");
    const refunds = await getDb()
      .db.select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(orderRefunds.id);
    expect(refunds.map((r) => [r.amountCents, r.reason])).toEqual([
      [10_050, "Scuff on the left leg"],
      [order.totalCents - 10_050, "Returned within 7 days"],
    ]);
    const [row] = await getDb().db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.refundedCents).toBe(order.totalCents);
    expect(await mailsTo(order.email, "order-refunded")).toHaveLength(2);
  });

  test("a refund may put the items back in stock, once: they came back to the workshop", async () => {
    const db = getDb().db;
    const stock = async () => (await productBySlug(db, "pebble-ottoman")).stock;
    const order = await bankTransferOrder("pebble-ottoman", 2);
    await act(order.id, { action: "mark-paid", expectedStatus: "on-hold" });
    const sold = await stock();
    const back = await act(order.id, {
      action: "refund",
      expectedStatus: "processing",
      amount: "100.00",
      reason: "Both returned: wrong colour",
      restock: true,
    });
    expect(back.status).toBe(200);
    expect(await stock()).toBe(sold + 2);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.restockedAt).toBeInstanceOf(Date);
    const [history] = await db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(desc(orderStatusHistory.id))
      .limit(1);
    expect(history!.note.replace(/\s/g, " ")).toBe(
      "Refunded R 100,00: Both returned: wrong colour. Items put back in stock",
    );
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "order.refund"), eq(adminAudit.entityId, String(order.id))));
    expect(entry!.after).toMatchObject({ refund: 10_000, restocked: true });

    // A second refund cannot put them back again; one without restock is recorded as usual.
    const twice = await act(order.id, {
      action: "refund",
      expectedStatus: "processing",
      amount: "10.00",
      reason: "Delivery fee refunded",
      restock: true,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `Order ${order.number} cannot be refunded: its items were already put back in stock with an earlier refund.`,
    );
    const plain = await act(order.id, {
      action: "refund",
      expectedStatus: "processing",
      amount: "10.00",
      reason: "Delivery fee refunded",
    });
    expect(plain.status).toBe(200);
    expect(await stock()).toBe(sold + 2);
  });

  test("nothing is refunded on an unpaid order, and the reason and amount are checked", async () => {
    const order = await bankTransferOrder();
    const unpaid = await act(order.id, {
      action: "refund",
      expectedStatus: "on-hold",
      amount: "10",
      reason: "Why not",
    });
    expect(unpaid.status).toBe(409);
    const bad = await act(order.id, { action: "refund", expectedStatus: "on-hold", amount: "ten", reason: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("invalid_params");
  });
});

describe("two members of staff acting on one order at once", () => {
  test("both marking it paid: one succeeds, the other is told it changed; one payment, one e-mail", async () => {
    const other = await makeStaff(getDb().db, "staff");
    const order = await bankTransferOrder();
    const answers = await Promise.all([
      act(order.id, { action: "mark-paid", expectedStatus: "on-hold" }),
      act(order.id, { action: "mark-paid", expectedStatus: "on-hold" }, other),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe("order_changed");
    expect(await getDb().db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))).toHaveLength(1);
    expect(await mailsTo(order.email, "order-paid")).toHaveLength(1);
  });

  test("one cancelling while the other marks it paid: exactly one wins, and the stock matches it", async () => {
    const other = await makeStaff(getDb().db, "staff");
    const before = await stockOf("pebble-ottoman");
    const order = await bankTransferOrder();
    const [cancel, paid] = await Promise.all([
      act(order.id, { action: "cancel", expectedStatus: "on-hold" }),
      act(order.id, { action: "mark-paid", expectedStatus: "on-hold" }, other),
    ]);
    expect([cancel.status, paid.status].sort()).toEqual([200, 409]);
    const [row] = await getDb().db.select().from(orders).where(eq(orders.id, order.id));
    expect(await stockOf("pebble-ottoman")).toBe(row!.status === "cancelled" ? before : before - 1);
    expect(await historyOf(order.id)).toHaveLength(1);
  });
});

describe("the order list", () => {
  type ListAnswer = {
    orders: Array<{ number: string; status: string; name: string }>;
    total: number;
    pages: number;
    counts: Record<string, number>;
    overdue: number;
  };
  const list = (query: Record<string, string | number> = {}, who: TestStaff = staff) =>
    call<ListAnswer & ErrorBody>(orderList.GET, "/api/admin/orders", { query, jar: who.jar });

  test("finds an order by number, e-mail, name or phone however typed, newest first", async () => {
    const db = getDb().db;
    const a = await bankTransferOrder();
    await db
      .update(orders)
      .set({ billing: { ...a.billing, firstName: "Zanele", lastName: "Khumalo" }, phone: "082 987 6543" })
      .where(eq(orders.id, a.id));
    const b = await bankTransferOrder();
    for (const q of [a.number, a.email.toUpperCase(), "zanele khu", "0829876543", "987 65"]) {
      const res = await list({ q });
      expect([q, res.body.orders.map((o) => o.number)]).toEqual([q, [a.number]]);
    }
    const all = await list();
    const numbers = all.body.orders.map((o) => o.number);
    expect(numbers.indexOf(b.number)).toBeLessThan(numbers.indexOf(a.number));
    expect((await list({ q: "100%_" })).body.orders).toEqual([]);
  });

  test("filters by status, method and date range, with counts per status over every order", async () => {
    const db = getDb().db;
    const held = await bankTransferOrder();
    const old = await makeOrder(db, null, { status: "completed", createdAt: new Date("2025-03-10T10:00:00+02:00") });
    const onHold = await list({ status: "on-hold", method: "bank-transfer" });
    expect(onHold.body.orders.every((o) => o.status === "on-hold")).toBe(true);
    expect(onHold.body.orders.map((o) => o.number)).toContain(held.number);
    const march = await list({ from: "2025-03-10", to: "2025-03-10" });
    expect(march.body.orders.map((o) => o.number)).toEqual([old.number]);
    expect((await list({ from: "2025-03-11", to: "2025-03-31" })).body.orders).toEqual([]);
    const counts = (await list({ status: "completed" })).body.counts;
    expect(counts["on-hold"]).toBe((await db.select().from(orders).where(eq(orders.status, "on-hold"))).length);
  });

  test("counts each order's own items", async () => {
    const db = getDb().db;
    for (let i = 0; i < 3; i++)
      await makeOrder(db, null, { lines: [{ name: "Pebble Ottoman", quantity: 7, unitCents: 100 }] });
    const order = await makeOrder(db, null, {
      lines: [
        { name: "Eden 2 Seater", quantity: 2, unitCents: 999_900 },
        { name: "Pebble Ottoman", quantity: 1, unitCents: 249_900 },
      ],
    });
    const res = await call<{ orders: Array<{ number: string; items: number }> }>(orderList.GET, "/api/admin/orders", {
      query: { q: order.number },
      jar: staff.jar,
    });
    expect(res.body.orders).toEqual([expect.objectContaining({ number: order.number, items: 3 })]);
  });

  test("refuses a filter it does not know", async () => {
    const res = await list({ status: "shipped" });
    expect(res.status).toBe(400);
    expect((await list({ from: "2025-02-30" })).status).toBe(400);
  });

  test("pages 25 at a time", async () => {
    const db = getDb().db;
    for (let i = 0; i < 26; i++)
      await makeOrder(db, null, { status: "failed", createdAt: new Date(Date.UTC(2024, 0, 1 + i)) });
    const first = await list({ status: "failed", page: 1 });
    const second = await list({ status: "failed", page: 2 });
    expect(first.body.orders).toHaveLength(25);
    expect(second.body.orders.length).toBe(first.body.total - 25);
    expect(first.body.pages).toBe(2);
  });
});

describe("the order list's export", () => {
  test("has every order the filter matches, in rand, South African time and phones as written, formulas made text", async () => {
    const db = getDb().db;
    const order = await makeOrder(db, null, {
      status: "refunded",
      createdAt: new Date("2024-06-30T22:15:00Z"),
      lines: [{ name: "Eden 2 Seater", quantity: 2, unitCents: 649_950 }],
    });
    await db
      .update(orders)
      .set({
        billing: { ...order.billing, firstName: 'Lerato;=HYPERLINK("http://evil.example","x")', lastName: "-2" },
        phone: "+27725550303",
        refundedCents: 15_000,
        paidAt: new Date("2024-06-30T22:20:00Z"),
      })
      .where(eq(orders.id, order.id));
    const { csv, rows } = await ordersCsv(db, { q: order.number });
    expect(rows).toBe(1);
    expect(csvRecords(csv)).toEqual([
      {
        Order: order.number,
        "Placed at (SAST)": "2024-07-01 00:15:00",
        Status: "Refunded",
        Payment: "PayFast (card or EFT)",
        Name: `Lerato;'=HYPERLINK("http://evil.example","x") -2`,
        Email: "thandi@example.co.za",
        Phone: "072 555 0303",
        Items: "2",
        "Total (R)": "12999.00",
        "Refunded (R)": "150.00",
        "Paid at (SAST)": "2024-07-01 00:20:00",
        "Dispatched at (SAST)": "",
      },
    ]);
    expect(formulaCells(csv)).toEqual([]);
    const juneOnly = await ordersCsv(db, { from: "2024-06-01", to: "2024-06-30" });
    expect(csvRecords(juneOnly.csv).map((r) => r.Order)).not.toContain(order.number);
  });
});

describe("overdue bank transfers", () => {
  test("are listed once past their deadline and cancelled together; one paid meanwhile stays paid", async () => {
    const db = getDb().db;
    const before = await stockOf("pebble-ottoman");
    const late = await bankTransferOrder();
    const paidLate = await bankTransferOrder();
    const onTime = await bankTransferOrder();
    const past = new Date(Date.now() - 3_600_000);
    await db.update(orders).set({ payBy: past }).where(eq(orders.id, late.id));
    await db.update(orders).set({ payBy: past }).where(eq(orders.id, paidLate.id));
    const listed = await call<{ orders: Array<{ id: number; number: string }> }>(
      overdue.GET,
      "/api/admin/orders/overdue",
      { jar: staff.jar },
    );
    const ids = listed.body.orders.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([late.id, paidLate.id]));
    expect(ids).not.toContain(onTime.id);

    await act(paidLate.id, { action: "mark-paid", expectedStatus: "on-hold" });
    const res = await call<{ cancelled: string[]; message: string }>(overdue.POST, "/api/admin/orders/overdue", {
      json: { ids },
      jar: staff.jar,
      headers: SAME_ORIGIN,
    });
    expect(res.status).toBe(200);
    expect(res.body.cancelled).toContain(late.number);
    expect(res.body.cancelled).not.toContain(paidLate.number);
    const statuses = Object.fromEntries((await db.select().from(orders)).map((o) => [o.id, o.status]));
    expect([statuses[late.id], statuses[paidLate.id], statuses[onTime.id]]).toEqual([
      "cancelled",
      "processing",
      "on-hold",
    ]);
    expect(await stockOf("pebble-ottoman")).toBe(before - 2);
    expect(await mailsTo(late.email, "order-hold-expired")).toHaveLength(1);
    expect((await auditOf(late.id))[0]!.action).toBe("order.cancel-overdue");
  });
});

describe("the order page's call", () => {
  test("answers the lines, totals, VAT, payment events, history and refunds", async () => {
    const order = await bankTransferOrder();
    await act(order.id, { action: "mark-paid", expectedStatus: "on-hold" });
    const res = await call<{ order: Record<string, unknown> }>(orderOne.GET, `/api/admin/orders/${order.id}`, {
      jar: staff.jar,
      params: { id: String(order.id) },
    });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      number: order.number,
      status: "processing",
      total: String(order.totalCents),
      total_tax: String(order.vatCents),
      line_items: [expect.objectContaining({ quantity: 1 })],
      payment_events: [expect.objectContaining({ provider: "bank-transfer", status: "paid" })],
      history: [expect.objectContaining({ from: "on-hold", to: "processing", by: staff.staff.name })],
      refunds: [],
    });
    const missing = await call<ErrorBody>(orderOne.GET, "/api/admin/orders/999999", {
      jar: staff.jar,
      params: { id: "999999" },
    });
    expect(missing.status).toBe(404);
    const bad = await call<ErrorBody>(orderOne.GET, "/api/admin/orders/abc", { jar: staff.jar, params: { id: "abc" } });
    expect(bad.status).toBe(400);
  });
});
