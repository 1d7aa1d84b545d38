import { inArray } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { makeCustomer, makeOrder } from "@/test/support/auth";
import { orders } from "@/lib/db/schema";
import { orderForViewer, ordersForCustomer } from "@/lib/orders/customer-orders";
import { adminContext, makeStaff } from "@/test/support/admin";
import { applyOrderAction, orderActionSchema } from "@/lib/admin/orders";

const testDb = setupTestDb({ seed: false });

describe("orderForViewer (/my-account/view-order/{slug})", () => {
  test("the owner sees the order by id or by number", async () => {
    const { db } = testDb();
    const me = await makeCustomer(db);
    const order = await makeOrder(db, me.customer.id);
    expect((await orderForViewer(db, String(order.id), { customerId: me.customer.id }))?.number).toBe(order.number);
    expect((await orderForViewer(db, order.number, { customerId: me.customer.id }))?.id).toBe(order.id);
  });

  test("another customer, or nobody, sees nothing: the same as a missing order (IDOR)", async () => {
    const { db } = testDb();
    const me = await makeCustomer(db);
    const other = await makeCustomer(db);
    const order = await makeOrder(db, me.customer.id);
    expect(await orderForViewer(db, String(order.id), { customerId: other.customer.id })).toBeNull();
    expect(await orderForViewer(db, String(order.id), {})).toBeNull();
    expect(await orderForViewer(db, String(order.id), { key: "wc_order_guess" })).toBeNull();
    expect(await orderForViewer(db, "999999", { customerId: me.customer.id })).toBeNull();
  });

  test("a holder of the order's secret key sees it; a guest order has no owner to match", async () => {
    const { db } = testDb();
    const guestOrder = await makeOrder(db, null);
    expect(await orderForViewer(db, String(guestOrder.id), { customerId: null })).toBeNull();
    expect((await orderForViewer(db, String(guestOrder.id), { key: guestOrder.orderKey }))?.id).toBe(guestOrder.id);
  });

  test("odd slugs are simply not found", async () => {
    const { db } = testDb();
    for (const slug of ["", " ", "x".repeat(100), "1; drop table orders", "99999999999"])
      expect(await orderForViewer(db, slug, { customerId: 1 })).toBeNull();
  });

  test("the customer sees when staff dispatched the order, their tracking note and each refund", async () => {
    const { db } = testDb();
    const me = await makeCustomer(db);
    const order = await makeOrder(db, me.customer.id);
    const untouched = await makeOrder(db, me.customer.id);
    await db
      .update(orders)
      .set({ paidAt: new Date() })
      .where(inArray(orders.id, [order.id, untouched.id]));
    expect(await orderForViewer(db, order.number, { customerId: me.customer.id })).toMatchObject({
      date_dispatched: null,
      tracking_note: "",
      refunds: [],
    });

    const ctx = adminContext(db, (await makeStaff(db)).staff);
    const act = (params: Record<string, unknown>) =>
      applyOrderAction(ctx, order.id, orderActionSchema.parse({ expectedStatus: "processing", ...params }));
    await act({ action: "dispatch", trackingNote: "The Courier Guy, waybill KL55012" });
    await act({ action: "refund", amount: "500.00", reason: "A scratch on the left arm" });
    await act({ action: "refund", amount: "120.50", reason: "Delivery was a day late" });

    const seen = await orderForViewer(db, order.number, { customerId: me.customer.id });
    expect(seen?.tracking_note).toBe("The Courier Guy, waybill KL55012");
    expect(Date.parse(seen?.date_dispatched ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(seen?.refunds.map(({ amount, reason }) => ({ amount, reason }))).toEqual([
      { amount: "50000", reason: "A scratch on the left arm" },
      { amount: "12050", reason: "Delivery was a day late" },
    ]);
    const listed = await ordersForCustomer(db, me.customer.id);
    expect(listed.find((o) => o.id === untouched.id)).toMatchObject({ refunds: [], date_dispatched: null });
    expect(listed.find((o) => o.id === order.id)?.refunds).toHaveLength(2);
  });
});
