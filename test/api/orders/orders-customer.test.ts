import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";

import { makeCustomer, makeOrder } from "@/test/support/auth";
import type { ApiOrder } from "@/lib/orders/types";
import { GET } from "@/app/api/orders-customer/route";
import { POST as logout } from "@/app/api/logout/route";
import { COOKIE } from "@/lib/http/cookie-names";

const testDb = setupTestDb({ seed: false });

type ErrorBody = { status: number; code: string; message: string; data: { status: number } };
const orders = (query: Record<string, string | number>, jar?: CookieJar) =>
  call<ApiOrder[] & ErrorBody>(GET, "/api/orders-customer", { query, jar });

describe("GET /api/orders-customer", () => {
  test("answers the signed-in customer's own orders, newest first, money as cents strings", async () => {
    const { db } = testDb();
    const me = await makeCustomer(db);
    const other = await makeCustomer(db);
    const older = await makeOrder(db, me.customer.id, {
      createdAt: new Date(Date.now() - 86_400_000),
      status: "completed",
    });
    const newer = await makeOrder(db, me.customer.id, {
      lines: [
        { name: "Karoo Couch", quantity: 1, unitCents: 949_900 },
        { name: "Kloof Ottoman", quantity: 2, unitCents: 199_950 },
      ],
    });
    await makeOrder(db, other.customer.id);
    await makeOrder(db, null);

    const res = await orders({ customer_id: me.customer.id }, me.jar);
    expect(res.status).toBe(200);
    expect(res.response.headers.get("cache-control")).toContain("no-store");
    const body = res.body as ApiOrder[];
    expect(body.map((o) => o.id)).toEqual([newer.id, older.id]);
    const first = body[0]!;
    expect(first).toMatchObject({
      number: newer.number,
      status: "processing",
      currency: "ZAR",
      payment_method: "payfast",
      subtotal: "1349800",
      total: "1349800",
      discount_total: "0",
      shipping_total: "0",
      total_tax: String(Math.round((1_349_800 * 15) / 115)),
      item_count: 3,
      shipping: { first_name: "Thandi", city: "Cape Town", state: "Western Cape" },
    });
    expect(first.line_items).toEqual([
      expect.objectContaining({
        name: "Karoo Couch",
        quantity: 1,
        price: "949900",
        total: "949900",
        variation: { Fabric: "Charcoal" },
      }),
      expect.objectContaining({ name: "Kloof Ottoman", quantity: 2, price: "199950", total: "399900" }),
    ]);
    for (const o of body)
      for (const money of [o.total, o.subtotal, o.total_tax, ...o.line_items.map((l) => l.price)])
        expect(money).toMatch(/^\d+$/);
    // The order's secrets never leave the server.
    const text = JSON.stringify(body);
    expect(text).not.toContain(newer.orderKey);
    expect(text).not.toContain(newer.paymentSecret);
    expect(text).not.toMatch(/order_key|payment_secret|idempotency/);
  });

  test("a customer without orders gets an empty list; the token parameter works as well as the cookie", async () => {
    const { db } = testDb();
    const me = await makeCustomer(db);
    const res = await orders({ customer_id: me.customer.id, token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  test("asking for another customer's orders is a 403 (IDOR)", async () => {
    const { db } = testDb();
    const me = await makeCustomer(db);
    const victim = await makeCustomer(db);
    await makeOrder(db, victim.customer.id);
    const attempts: Array<Record<string, string | number>> = [
      { customer_id: victim.customer.id },
      { customer_id: victim.customer.id, token: me.token },
      { customer_id: 999_999 },
    ];
    for (const query of attempts) {
      const res = await orders(query, me.jar);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 403, code: "forbidden", data: { status: 403 } });
      expect(JSON.stringify(res.body)).not.toContain("Thandi");
    }
  });

  test("without a session it is a 401, also after logging out", async () => {
    const { db } = testDb();
    const me = await makeCustomer(db);
    const anon = await orders({ customer_id: me.customer.id });
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ status: 401, data: { status: 401 } });

    const token = me.jar.get(COOKIE.session)!;
    await call(logout, "/api/logout", { method: "POST", jar: me.jar });
    expect((await orders({ customer_id: me.customer.id, token })).status).toBe(401);
  });

  test.each([
    ["no customer_id", {}],
    ["a word", { customer_id: "me" }],
    ["a fraction", { customer_id: "1.5" }],
    ["zero", { customer_id: 0 }],
    ["a negative id", { customer_id: -3 }],
    ["an enormous id", { customer_id: "99999999999999999999999" }],
  ])("bad input (%s) is a 400 naming customer_id, never a 500", async (_label, query) => {
    const { db } = testDb();
    const me = await makeCustomer(db);
    const res = await orders(query, me.jar);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "invalid_params",
      message: expect.stringContaining("customer_id"),
      data: { status: 400 },
    });
  });
});
