/**
 * Bulk reads of other people's personal data: each list call that answers names, e-mail addresses,
 * phone numbers or postal addresses writes one audit entry (who, which list, the filter, how many
 * rows), however many rows it served; calls that hold no such data write none.
 */
import { desc, gt } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { makeOrder } from "@/test/support/auth";
import { makeStaff, SAME_ORIGIN, type TestStaff } from "@/test/support/admin";
import { adminAudit, contactMessages, giveawayEntries, newsletterSubscribers, swatchRequests } from "@/lib/db/schema";
import * as orderList from "@/app/api/admin/orders/route";
import * as orderOne from "@/app/api/admin/orders/[id]/route";
import * as overdue from "@/app/api/admin/orders/overdue/route";
import * as subscribers from "@/app/api/admin/marketing/subscribers/route";
import * as entries from "@/app/api/admin/marketing/giveaway-entries/route";
import * as messages from "@/app/api/admin/marketing/messages/route";
import * as swatches from "@/app/api/admin/marketing/swatches/route";
import * as reviewList from "@/app/api/admin/reviews/route";
import * as staffList from "@/app/api/admin/staff/route";
import * as productList from "@/app/api/admin/products/route";
import * as couponList from "@/app/api/admin/coupons/route";
import * as auditLog from "@/app/api/admin/audit/route";

const getDb = setupTestDb();
type Handler = Parameters<typeof call>[0];

let staff: TestStaff;
let admin: TestStaff;
let orderId = 0;
beforeAll(async () => {
  const db = getDb().db;
  staff = await makeStaff(db, "staff");
  admin = await makeStaff(db, "admin");
  for (let i = 0; i < 30; i++) orderId = (await makeOrder(db, null, { status: "completed" })).id;
  await db.insert(newsletterSubscribers).values(
    Array.from({ length: 30 }, (_, i) => ({
      email: `reader${i}@example.co.za`,
      consentSource: "footer",
      unsubscribeToken: `reader-${i}`,
    })),
  );
  await db.insert(giveawayEntries).values({
    campaign: "couch-giveaway",
    name: "Naledi",
    email: "naledi@example.co.za",
    phone: "0821234567",
    province: "Gauteng",
  });
  await db
    .insert(contactMessages)
    .values({ name: "Zanele", email: "zanele@example.co.za", message: "Do you deliver?" });
  await db.insert(swatchRequests).values({
    firstName: "Pieter",
    lastName: "Pieterse",
    email: "pieter@example.co.za",
    streetAddress1: "1 Main Road",
    city: "Bloemfontein",
    postcode: "9301",
    province: "Free State",
    addressKey: "1 main road|9301",
    fabrics: ["oat"],
  });
});

async function lastAuditId(): Promise<number> {
  const [last] = await getDb().db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1);
  return last?.id ?? 0;
}
const auditSince = (id: number) => getDb().db.select().from(adminAudit).where(gt(adminAudit.id, id));

type Read = {
  path: string;
  handler: Handler;
  query: Record<string, string>;
  list: string;
  filter: Record<string, unknown>;
  rows: number;
  who: "staff" | "admin";
};

const READS: Read[] = [
  {
    path: "/api/admin/orders",
    handler: orderList.GET,
    query: { status: "completed" },
    list: "orders",
    filter: { status: "completed", page: 1 },
    rows: 25,
    who: "staff",
  },
  {
    path: "/api/admin/orders",
    handler: orderList.GET,
    query: { status: "completed", page: "2" },
    list: "orders",
    filter: { status: "completed", page: 2 },
    rows: 5,
    who: "staff",
  },
  {
    path: "/api/admin/orders/overdue",
    handler: overdue.GET,
    query: {},
    list: "overdue_orders",
    filter: {},
    rows: 0,
    who: "staff",
  },
  {
    path: "/api/admin/marketing/subscribers",
    handler: subscribers.GET,
    query: { q: "reader" },
    list: "newsletter_subscribers",
    filter: { q: "reader", page: 1 },
    rows: 25,
    who: "staff",
  },
  {
    path: "/api/admin/marketing/giveaway-entries",
    handler: entries.GET,
    query: { campaign: "couch-giveaway" },
    list: "giveaway_entries",
    filter: { campaign: "couch-giveaway", page: 1 },
    rows: 1,
    who: "staff",
  },
  {
    path: "/api/admin/marketing/messages",
    handler: messages.GET,
    query: { state: "open" },
    list: "contact_messages",
    filter: { state: "open", page: 1 },
    rows: 1,
    who: "staff",
  },
  {
    path: "/api/admin/marketing/swatches",
    handler: swatches.GET,
    query: {},
    list: "swatch_requests",
    filter: { page: 1 },
    rows: 1,
    who: "staff",
  },
  {
    path: "/api/admin/reviews",
    handler: reviewList.GET,
    query: {},
    list: "reviews",
    filter: { page: 1 },
    rows: 25,
    who: "staff",
  },
  { path: "/api/admin/staff", handler: staffList.GET, query: {}, list: "staff", filter: {}, rows: 2, who: "admin" },
];

describe("a bulk read of personal data", () => {
  test.each(READS)(
    "GET $path $query is one audit entry for the whole list",
    async ({ path, handler, query, list, filter, rows, who }) => {
      const reader = who === "admin" ? admin : staff;
      const before = await lastAuditId();
      const res = await call(handler, path, {
        query,
        jar: reader.jar,
        headers: { ...SAME_ORIGIN, "x-forwarded-for": "198.51.100.21" },
      });
      expect(res.status).toBe(200);
      expect(await auditSince(before)).toEqual([
        expect.objectContaining({
          staffId: reader.staff.id,
          staffEmail: reader.email,
          action: "list.read",
          entity: list,
          entityId: "",
          before: null,
          after: { filter, rows },
          ip: "198.51.100.21",
        }),
      ]);
    },
  );

  test.each([
    ["/api/admin/products", productList.GET, {}],
    ["/api/admin/coupons", couponList.GET, {}],
    ["/api/admin/audit", auditLog.GET, {}],
  ])("GET %s holds nobody's personal data and writes nothing", async (path, handler, params) => {
    const before = await lastAuditId();
    const res = await call(handler, path, { jar: admin.jar, headers: SAME_ORIGIN, params });
    expect(res.status).toBe(200);
    expect(await auditSince(before)).toEqual([]);
  });

  test("one order's page is not a bulk read", async () => {
    const before = await lastAuditId();
    const res = await call(orderOne.GET, `/api/admin/orders/${orderId}`, {
      jar: staff.jar,
      headers: SAME_ORIGIN,
      params: { id: String(orderId) },
    });
    expect(res.status).toBe(200);
    expect(await auditSince(before)).toEqual([]);
  });

  test("a refused read (a filter it does not know) writes nothing", async () => {
    const before = await lastAuditId();
    const res = await call(orderList.GET, "/api/admin/orders", { query: { status: "shipped" }, jar: staff.jar });
    expect(res.status).toBe(400);
    expect(await auditSince(before)).toEqual([]);
  });
});
