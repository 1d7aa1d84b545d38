import { and, desc, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, type CallOptions } from "@/test/support/api-client";
import { makeCustomer } from "@/test/support/auth";
import { makeStaff, SAME_ORIGIN, type TestStaff } from "@/test/support/admin";
import { adminAudit, contactMessages, newsletterSubscribers, products, reviews, variations } from "@/lib/db/schema";
import { productBySlug } from "@/test/support/orders";
import * as productList from "@/app/api/admin/products/route";
import * as productOne from "@/app/api/admin/products/[id]/route";
import * as couponList from "@/app/api/admin/coupons/route";
import * as couponOne from "@/app/api/admin/coupons/[id]/route";
import * as reviewList from "@/app/api/admin/reviews/route";
import * as reviewOne from "@/app/api/admin/reviews/[id]/route";
import * as subscribers from "@/app/api/admin/marketing/subscribers/route";
import * as entries from "@/app/api/admin/marketing/giveaway-entries/route";
import * as messages from "@/app/api/admin/marketing/messages/route";
import * as messageOne from "@/app/api/admin/marketing/messages/[id]/route";
import * as subscribersExport from "@/app/api/admin/marketing/subscribers/export/route";
import * as entriesExport from "@/app/api/admin/marketing/giveaway-entries/export/route";
import * as messagesExport from "@/app/api/admin/marketing/messages/export/route";

const getDb = setupTestDb();

type Body = {
  status: number;
  code: string;
  message: string;
  data: { status: number; field?: string; fields?: Record<string, string> };
};
type Handler = Parameters<typeof call>[0];

let staff: TestStaff;
beforeAll(async () => {
  staff = await makeStaff(getDb().db);
});

const asStaff = (opts: CallOptions = {}): CallOptions => ({
  ...opts,
  jar: staff.jar,
  headers: { ...SAME_ORIGIN, "x-forwarded-for": "198.51.100.7", ...opts.headers },
});

/** Every call of this part of the back office, with a body that would change something. */
const CALLS: Array<[string, string, Handler, CallOptions]> = [
  ["GET", "/api/admin/products", productList.GET, {}],
  ["GET", "/api/admin/products/1", productOne.GET, { params: { id: "1" } }],
  [
    "POST",
    "/api/admin/products/1",
    productOne.POST,
    { params: { id: "1" }, json: { action: "publish", published: false } },
  ],
  ["GET", "/api/admin/coupons", couponList.GET, {}],
  ["POST", "/api/admin/coupons", couponList.POST, { json: { code: "SNEAKY", kind: "percent", amount: 90 } }],
  ["GET", "/api/admin/coupons/1", couponOne.GET, { params: { id: "1" } }],
  ["POST", "/api/admin/coupons/1", couponOne.POST, { params: { id: "1" }, json: { action: "disable" } }],
  ["GET", "/api/admin/reviews", reviewList.GET, {}],
  ["POST", "/api/admin/reviews/1", reviewOne.POST, { params: { id: "1" }, json: { action: "hide" } }],
  ["GET", "/api/admin/marketing/subscribers", subscribers.GET, {}],
  ["GET", "/api/admin/marketing/giveaway-entries", entries.GET, {}],
  ["GET", "/api/admin/marketing/messages", messages.GET, {}],
  ["POST", "/api/admin/marketing/subscribers/export", subscribersExport.POST, { form: { q: "" } }],
  ["POST", "/api/admin/marketing/giveaway-entries/export", entriesExport.POST, { form: { q: "" } }],
  ["POST", "/api/admin/marketing/messages/export", messagesExport.POST, { form: { q: "" } }],
  ["POST", "/api/admin/marketing/messages/1", messageOne.POST, { params: { id: "1" }, json: { handled: true } }],
];

describe("who may call", () => {
  test.each(CALLS)(
    "%s %s: a guest and a customer get the ordinary 404, and nothing changes",
    async (method, path, handler, opts) => {
      const db = getDb().db;
      const customer = await makeCustomer(db);
      const auditBefore = (await db.select().from(adminAudit)).length;
      for (const jar of [undefined, customer.jar]) {
        const res = await call<Body>(handler, path, { ...opts, method, jar, headers: SAME_ORIGIN });
        expect([res.status, res.body.code, res.body.message]).toEqual([404, "not_found", `Page not found: ${path}`]);
      }
      expect(await db.select().from(adminAudit)).toHaveLength(auditBefore);
      expect((await db.select().from(products).where(eq(products.id, 1)))[0]!.published).toBe(true);
    },
  );

  test.each(CALLS.filter(([method]) => method === "GET"))(
    "%s %s: staff are answered",
    async (method, path, handler, opts) => {
      const res = await call(handler, path, asStaff({ ...opts, method }));
      expect(res.status).toBe(200);
      expect(res.response.headers.get("cache-control")).toBe("private, no-store");
    },
  );
});

describe("products", () => {
  test("a price in rands is saved in cents, and the audit log has who, what, before, after and the address", async () => {
    const db = getDb().db;
    const [variation] = await db.select().from(variations).limit(1);
    const res = await call<{
      product: { variations: Array<{ id: number; regularPriceCents: number; salePriceCents: number | null }> };
      message: string;
    }>(
      productOne.POST,
      `/api/admin/products/${variation!.productId}`,
      asStaff({
        params: { id: String(variation!.productId) },
        json: { action: "price", variationId: variation!.id, regularPrice: "R14 999,00", salePrice: "12999.50" },
      }),
    );
    expect([res.status, res.body.message]).toEqual([200, "Price saved."]);
    expect(res.body.product.variations.find((v) => v.id === variation!.id)).toMatchObject({
      regularPriceCents: 1_499_900,
      salePriceCents: 1_299_950,
    });
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entity, "variation"), eq(adminAudit.entityId, String(variation!.id))))
      .orderBy(desc(adminAudit.id));
    expect(entry).toMatchObject({
      staffId: staff.customer.id,
      staffEmail: staff.email,
      action: "price.set",
      ip: "198.51.100.7",
      after: { regularPriceCents: 1_499_900, salePriceCents: 1_299_950 },
    });
  });

  test.each([
    [
      { action: "price", regularPrice: "1000", salePrice: "1000" },
      "salePrice",
      "The sale price must be below the regular price",
    ],
    [{ action: "price", regularPrice: "twelve" }, "regularPrice", "Enter an amount in rands, like 1250.00"],
    [{ action: "price", regularPrice: "0" }, "regularPrice", "The regular price must be more than R 0"],
    [{ action: "stock", mode: "add", quantity: 0 }, "quantity", "A delivery is a whole number from 1 to 100000"],
    [{ action: "stock", mode: "set", quantity: "lots" }, "quantity", "Enter a whole number"],
  ])("%p is a 400 naming %s", async (json, field, message) => {
    const pebble = await productBySlug(getDb().db, "pebble-ottoman");
    const res = await call<Body>(
      productOne.POST,
      `/api/admin/products/${pebble.id}`,
      asStaff({ params: { id: String(pebble.id) }, json }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(Object.keys(res.body.data.fields ?? { [res.body.data.field!]: 1 })).toContain(field);
  });

  test("a delivery adds to stock; hiding a product is audited", async () => {
    const db = getDb().db;
    const pebble = await productBySlug(db, "pebble-ottoman");
    const res = await call<{ product: { stock: number } }>(
      productOne.POST,
      `/api/admin/products/${pebble.id}`,
      asStaff({ params: { id: String(pebble.id) }, json: { action: "stock", mode: "add", quantity: 4 } }),
    );
    expect(res.body.product.stock).toBe(pebble.stock + 4);
    const hidden = await call<{ product: { published: boolean } }>(
      productOne.POST,
      `/api/admin/products/${pebble.id}`,
      asStaff({ params: { id: String(pebble.id) }, json: { action: "publish", published: false } }),
    );
    expect(hidden.body.product.published).toBe(false);
    await call(
      productOne.POST,
      `/api/admin/products/${pebble.id}`,
      asStaff({ params: { id: String(pebble.id) }, json: { action: "publish", published: true } }),
    );
    const actions = (
      await db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.entityId, String(pebble.id)))
        .orderBy(adminAudit.id)
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["stock.delivery", "product.hide", "product.publish"]));
  });

  test("a search that is too long, and an id that is no number, are 400s", async () => {
    expect(
      (await call(productList.GET, "/api/admin/products", asStaff({ query: { q: "x".repeat(201) } }))).status,
    ).toBe(400);
    expect((await call(productOne.GET, "/api/admin/products/abc", asStaff({ params: { id: "abc" } }))).status).toBe(
      400,
    );
    expect(
      (await call(productOne.GET, "/api/admin/products/999999", asStaff({ params: { id: "999999" } }))).status,
    ).toBe(404);
  });
});

describe("coupons", () => {
  test("created with restrictions as lists, edited, disabled", async () => {
    const db = getDb().db;
    const pebble = await productBySlug(db, "pebble-ottoman");
    const created = await call<
      { coupon: { id: number; code: string; productIds: number[]; categorySlugs: string[] } } & Body
    >(
      couponList.POST,
      "/api/admin/coupons",
      asStaff({
        json: {
          code: "winter15",
          kind: "percent",
          amount: 15,
          productIds: [pebble.id],
          categorySlugs: ["ottomans"],
          usageLimitPerCustomer: 1,
          expiresAt: "2027-06-30T23:59:59+02:00",
        },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.coupon).toMatchObject({
      code: "WINTER15",
      productIds: [pebble.id],
      categorySlugs: ["ottomans"],
    });
    const id = String(created.body.coupon.id);
    const edited = await call<{ coupon: { amount: number; usageLimit: number } }>(
      couponOne.POST,
      `/api/admin/coupons/${id}`,
      asStaff({ params: { id }, json: { action: "update", coupon: { kind: "percent", amount: 20, usageLimit: 100 } } }),
    );
    expect(edited.body.coupon).toMatchObject({ amount: 20, usageLimit: 100 });
    const disabled = await call<{ coupon: { active: boolean }; message: string }>(
      couponOne.POST,
      `/api/admin/coupons/${id}`,
      asStaff({ params: { id }, json: { action: "disable" } }),
    );
    expect([disabled.body.coupon.active, disabled.body.message]).toEqual([false, "Coupon WINTER15 disabled."]);
    const bad = await call<Body>(
      couponList.POST,
      "/api/admin/coupons",
      asStaff({ json: { code: "HALF", kind: "percent", amount: 150 } }),
    );
    expect([bad.status, bad.body.message]).toEqual([400, "amount: A percentage is a whole number from 1 to 100"]);
  });

  test("the form's rands and South African times become cents and instants", async () => {
    const res = await call<{
      coupon: {
        amount: number;
        minSpendCents: number;
        startsAt: string;
        expiresAt: string;
        usageLimit: number | null;
        autoOrder: number;
      };
    }>(
      couponList.POST,
      "/api/admin/coupons",
      asStaff({
        json: {
          code: "R750OFF",
          kind: "fixed_cart",
          amount: "R 750,00",
          minSpend: "5 000",
          startsAt: "2026-12-01T00:00",
          expiresAt: "2027-01-31T23:59",
          usageLimit: "",
          autoOrder: "",
        },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.coupon).toMatchObject({
      amount: 75_000,
      minSpendCents: 500_000,
      startsAt: "2026-11-30T22:00:00.000Z",
      expiresAt: "2027-01-31T21:59:00.000Z",
      usageLimit: null,
      autoOrder: 0,
    });
    for (const [json, message] of [
      [{ code: "BADAMT", kind: "fixed_product", amount: "lots" }, "amount: Enter the amount off in rands, like 500.00"],
      [
        { code: "BADMIN", kind: "percent", amount: "5", minSpend: "0" },
        "minSpend: The minimum spend must be more than R 0, or left empty",
      ],
      [{ code: "BADWHEN", kind: "percent", amount: "5", startsAt: "next week" }, "startsAt: Pick a date and time"],
      [{ code: "FREEBIE", kind: "free_product" }, "freeProductId: Choose the product that becomes free"],
    ] as const) {
      const refused = await call<Body>(couponList.POST, "/api/admin/coupons", asStaff({ json }));
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
  });
});

describe("reviews and marketing", () => {
  test("staff hide a review and answer one", async () => {
    const db = getDb().db;
    const [review] = await db.select().from(reviews).where(eq(reviews.published, true)).limit(1);
    const id = String(review!.id);
    const hidden = await call<{ review: { published: boolean } }>(
      reviewOne.POST,
      `/api/admin/reviews/${id}`,
      asStaff({ params: { id }, json: { action: "hide" } }),
    );
    expect(hidden.body.review.published).toBe(false);
    const answered = await call<{ review: { reply: string } }>(
      reviewOne.POST,
      `/api/admin/reviews/${id}`,
      asStaff({ params: { id }, json: { action: "reply", reply: "Thank you!" } }),
    );
    expect(answered.body.review.reply).toBe("Thank you!");
  });

  test("a CSV export downloads, and is logged", async () => {
    const db = getDb().db;
    await db
      .insert(newsletterSubscribers)
      .values({ email: "csv.reader@example.co.za", consentSource: "footer", unsubscribeToken: "csv-token" });
    const res = await call<string>(
      subscribersExport.POST,
      "/api/admin/marketing/subscribers/export",
      asStaff({ form: { q: "csv.reader" } }),
    );
    expect(res.status).toBe(200);
    expect(res.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="kaya-newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).toContain(`"csv.reader@example.co.za","footer",`);
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, "export.csv"))
      .orderBy(desc(adminAudit.id));
    expect(entry).toMatchObject({ entity: "newsletter_subscribers", staffId: staff.customer.id });
  });

  test("a contact message is marked handled by the member of staff", async () => {
    const db = getDb().db;
    const [message] = await db
      .insert(contactMessages)
      .values({ name: "Sipho", email: "sipho@example.co.za", message: "Where is my order?" })
      .returning();
    const id = String(message!.id);
    const res = await call<{ contact: { handledBy: number } }>(
      messageOne.POST,
      `/api/admin/marketing/messages/${id}`,
      asStaff({ params: { id }, json: { handled: true } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.contact.handledBy).toBe(staff.customer.id);
  });
});
