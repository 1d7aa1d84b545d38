import { setupTestDb } from "@/lib/db/test-support";
import { makeCustomer, makeOrder } from "@/lib/auth/test-support";
import { orderForViewer } from "@/lib/orders/customer-orders";

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
});
