/**
 * The back office's CSV exports as a browser reaches them: a POST from the list's own page downloads
 * the file and writes one audit entry; a GET (a link, an image on any page) and another site's form
 * download and log nothing.
 */
import { desc, gt } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, type CallOptions } from "@/test/support/api-client";
import { makeOrder } from "@/test/support/auth";
import { makeStaff, SAME_ORIGIN, type TestStaff } from "@/test/support/admin";
import { csvRecords, formulaCells } from "@/test/support/admin-csv";
import {
  adminAudit,
  contactMessages,
  giveawayEntries,
  newsletterSubscribers,
  rateLimits,
  swatchRequests,
} from "@/lib/db/schema";
import * as ordersExport from "@/app/api/admin/orders/export/route";
import * as subscribersExport from "@/app/api/admin/marketing/subscribers/export/route";
import * as entriesExport from "@/app/api/admin/marketing/giveaway-entries/export/route";
import * as messagesExport from "@/app/api/admin/marketing/messages/export/route";
import * as swatchesExport from "@/app/api/admin/marketing/swatches/export/route";
import * as subscriberList from "@/app/api/admin/marketing/subscribers/route";
import * as entryList from "@/app/api/admin/marketing/giveaway-entries/route";
import * as messageList from "@/app/api/admin/marketing/messages/route";
import * as swatchList from "@/app/api/admin/marketing/swatches/route";

const getDb = setupTestDb();
beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

type Handler = Parameters<typeof call>[0];
type ErrorBody = { status: number; code: string; message: string; data: { status: number; fields?: object } };

/** The attacker's cell, in whichever field each list keeps free text. */
const HOSTILE = 'Lerato;=HYPERLINK("http://evil.example","x")';

let staff: TestStaff;
let orderNumber = "";
beforeAll(async () => {
  const db = getDb().db;
  staff = await makeStaff(db);
  const order = await makeOrder(db, null, { createdAt: new Date("2026-03-02T08:00:00Z") });
  orderNumber = order.number;
  await db.insert(newsletterSubscribers).values({
    email: "export.reader@example.co.za",
    consentSource: HOSTILE,
    consentAt: new Date("2026-03-02T08:00:00Z"),
    unsubscribeToken: "export-reader",
  });
  await db.insert(giveawayEntries).values({
    campaign: "couch-giveaway",
    name: HOSTILE,
    email: "export.entrant@example.co.za",
    phone: "0725550303",
    province: "Gauteng",
    createdAt: new Date("2026-03-02T08:00:00Z"),
  });
  await db.insert(contactMessages).values({
    name: "Lerato",
    email: "export.writer@example.co.za",
    phone: "0725550303",
    message: `Hello\n${HOSTILE}\n@SUM(1)`,
    createdAt: new Date("2026-03-02T08:00:00Z"),
  });
  await db.insert(swatchRequests).values({
    firstName: HOSTILE,
    lastName: "Mokoena",
    email: "export.swatches@example.co.za",
    phone: "+27725550303",
    streetAddress1: "12 Loop Street",
    city: "Cape Town",
    postcode: "8001",
    province: "Western Cape",
    fabrics: ["oat"],
    addressKey: "12 loop street|8001",
    createdAt: new Date("2026-03-02T08:00:00Z"),
  });
});

type Export = {
  list: string;
  path: string;
  route: { GET: Handler; POST: Handler };
  filter: () => Record<string, string>;
  /** A cell of the matching row, as the file holds it. */
  expect: () => Record<string, string>;
};

const EXPORTS: Export[] = [
  {
    list: "orders",
    path: "/api/admin/orders/export",
    route: ordersExport,
    filter: () => ({ q: orderNumber, status: "processing" }),
    expect: () => ({ Order: orderNumber, "Placed at (SAST)": "2026-03-02 10:00:00", Phone: "082 555 0101" }),
  },
  {
    list: "newsletter_subscribers",
    path: "/api/admin/marketing/subscribers/export",
    route: subscribersExport,
    filter: () => ({ q: "export.reader" }),
    expect: () => ({ "Consent source": `Lerato;'=HYPERLINK("http://evil.example","x")` }),
  },
  {
    list: "giveaway_entries",
    path: "/api/admin/marketing/giveaway-entries/export",
    route: entriesExport,
    filter: () => ({ q: "export.entrant", campaign: "couch-giveaway" }),
    expect: () => ({ Name: `Lerato;'=HYPERLINK("http://evil.example","x")`, Phone: "072 555 0303" }),
  },
  {
    list: "contact_messages",
    path: "/api/admin/marketing/messages/export",
    route: messagesExport,
    filter: () => ({ q: "export.writer", state: "open" }),
    expect: () => ({ Message: `Hello\nLerato;'=HYPERLINK("http://evil.example","x")\n'@SUM(1)` }),
  },
  {
    list: "swatch_requests",
    path: "/api/admin/marketing/swatches/export",
    route: swatchesExport,
    filter: () => ({ q: "export.swatches" }),
    expect: () => ({ Name: `Lerato;'=HYPERLINK("http://evil.example","x") Mokoena`, Phone: "072 555 0303" }),
  },
];

const asStaff = (opts: CallOptions): CallOptions => ({
  ...opts,
  jar: staff.jar,
  headers: { ...SAME_ORIGIN, "x-forwarded-for": "198.51.100.9", ...opts.headers },
});

async function lastAuditId(): Promise<number> {
  const [last] = await getDb().db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1);
  return last?.id ?? 0;
}
const auditSince = (id: number) => getDb().db.select().from(adminAudit).where(gt(adminAudit.id, id));

describe.each(EXPORTS)("the $list export", (exp) => {
  test("is a POST from the shop's own page: the CSV downloads, made safe, and one audit entry says who, what and how many", async () => {
    const before = await lastAuditId();
    const res = await call<string>(exp.route.POST, exp.path, asStaff({ form: exp.filter() }));
    expect(res.status).toBe(200);
    expect(res.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="kaya-[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csvRecords(res.body);
    expect(rows).toEqual([expect.objectContaining(exp.expect())]);
    expect(formulaCells(res.body)).toEqual([]);
    expect(await auditSince(before)).toEqual([
      expect.objectContaining({
        staffId: staff.staff.id,
        action: "export.csv",
        entity: exp.list,
        ip: "198.51.100.9",
        after: { filter: exp.filter(), rows: 1 },
      }),
    ]);
  });

  test.each([
    ["a link or an address typed", {}],
    ["an image on one of the shop's own pages", { "sec-fetch-dest": "image", "sec-fetch-mode": "no-cors" }],
  ])("a GET (%s) is a 405 that downloads and logs nothing", async (_how, headers) => {
    const before = await lastAuditId();
    const res = await call<ErrorBody>(exp.route.GET, exp.path, asStaff({ query: exp.filter(), headers }));
    expect(res.status).toBe(405);
    expect(res.response.headers.get("allow")).toBe("POST");
    expect(res.body).toMatchObject({
      code: "method_not_allowed",
      message: expect.stringContaining(`POST to ${exp.path}`),
    });
    expect(await auditSince(before)).toEqual([]);
  });

  test.each([
    ["another site's form", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["a sibling site's form", { origin: "https://shop.test.evil.example", "sec-fetch-site": "same-site" }],
    ["a page with another origin that sends no Sec-Fetch-Site", { origin: "https://evil.example" }],
  ])("a POST from %s is a 403 that downloads and logs nothing", async (_how, headers) => {
    const before = await lastAuditId();
    const res = await call<ErrorBody>(exp.route.POST, exp.path, {
      form: exp.filter(),
      jar: staff.jar,
      headers: { ...headers },
    });
    expect([res.status, res.body.code]).toEqual([403, "cross_site_request"]);
    expect(await auditSince(before)).toEqual([]);
  });
});

describe("the list calls", () => {
  test.each([
    ["/api/admin/marketing/subscribers", subscriberList.GET, "/api/admin/marketing/subscribers/export"],
    ["/api/admin/marketing/giveaway-entries", entryList.GET, "/api/admin/marketing/giveaway-entries/export"],
    ["/api/admin/marketing/messages", messageList.GET, "/api/admin/marketing/messages/export"],
    ["/api/admin/marketing/swatches", swatchList.GET, "/api/admin/marketing/swatches/export"],
  ])(
    "%s?format=csv no longer downloads: a 400 naming the export's POST, and nothing logged",
    async (path, handler, exportPath) => {
      const before = await lastAuditId();
      const res = await call<ErrorBody>(handler, path, asStaff({ query: { format: "csv" } }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `format: A CSV export is a POST to ${exportPath}, from the Export button on the list's page`,
      );
      expect(res.response.headers.get("content-type")).toMatch(/json/);
      expect(await auditSince(before)).toEqual([]);
    },
  );
});
