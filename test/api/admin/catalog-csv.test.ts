/**
 * The catalogue's CSV as the back office reaches it: staff who may edit products download it with
 * a link and upload it back, a dry run first; anyone else, and another site's page, get nothing.
 */
import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { makeCustomer } from "@/test/support/auth";
import { makeStaff, SAME_ORIGIN, type TestStaff } from "@/test/support/admin";
import { csvRecords } from "@/test/support/admin-csv";
import { rateLimits, variations } from "@/lib/db/schema";
import * as exportRoute from "@/app/api/admin/products/export/route";
import * as importRoute from "@/app/api/admin/products/import/route";

const getDb = setupTestDb();
let staff: TestStaff;
beforeAll(async () => {
  staff = await makeStaff(getDb().db);
});
beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

type Plan = { changes: Array<{ row: number; sku: string; changes: string[] }>; errors: unknown[] };

async function exported(): Promise<string> {
  const res = await call<string>(exportRoute.GET, "/api/admin/products/export", { jar: staff.jar });
  expect(res.status).toBe(200);
  expect(res.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="kaya-products-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  return res.body;
}

const upload = (csv: string, query: Record<string, string> = {}, headers: Record<string, string> = SAME_ORIGIN) =>
  call<{ plan: Plan; message: string; code?: string }>(importRoute.POST, "/api/admin/products/import", {
    raw: csv,
    query,
    jar: staff.jar,
    headers: { ...headers, "content-type": "text/csv" },
  });

test("a guest or a customer finds no export and no import there", async () => {
  const customer = await makeCustomer(getDb().db);
  for (const jar of [undefined, customer.jar]) {
    expect((await call(exportRoute.GET, "/api/admin/products/export", { jar })).status).toBe(404);
    const res = await call(importRoute.POST, "/api/admin/products/import", {
      raw: "Type,SKU,Name\r\n",
      jar,
      headers: SAME_ORIGIN,
    });
    expect(res.status).toBe(404);
  }
});

test("a member of staff downloads the catalogue, dry-runs an edit of it and imports it", async () => {
  const csv = await exported();
  const unchanged = await upload(csv, { dryRun: "1" });
  expect(unchanged.status).toBe(200);
  expect(unchanged.body.plan.changes).toEqual([]);

  const [first] = await getDb().db.select().from(variations).limit(1);
  const records = csvRecords(csv);
  const row = records.findIndex((r) => r.SKU === first!.sku) + 2;
  const lines = csv.split("\r\n");
  const header = lines[0]!
    .replace(/^\uFEFF/, "")
    .split(",")
    .map((h) => h.replace(/^"|"$/g, ""));
  const cells = lines[row - 1]!.split('","');
  cells[header.indexOf("Stock")] = String(first!.stock + 5);
  lines[row - 1] = cells.join('","');
  const edited = lines.join("\r\n");

  const dry = await upload(edited, { dryRun: "1" });
  expect(dry.body.plan.changes).toEqual([
    { row, sku: first!.sku, action: "update", changes: [`Stock ${first!.stock} → ${first!.stock + 5}`] },
  ]);
  const [still] = await getDb().db.select().from(variations).where(eq(variations.id, first!.id));
  expect(still!.stock).toBe(first!.stock);

  const done = await upload(edited);
  expect(done.status).toBe(200);
  expect(done.body.message).toBe("Imported: 0 new, 1 changed.");
  const [after] = await getDb().db.select().from(variations).where(eq(variations.id, first!.id));
  expect(after!.stock).toBe(first!.stock + 5);
});

test("a file with a problem imports nothing and says which row", async () => {
  const res = await upload("Type,SKU,Name,Regular price\r\nsimple,x-stool,Stool,abc\r\n");
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({
    code: "invalid_rows",
    data: { errors: [{ row: 2, message: "Row 2: Regular price 'abc' is not an amount in rand" }] },
  });
});

test("another site's page cannot import, and a file over 5 MB is refused before it is read", async () => {
  const crossSite = await upload(
    "Type,SKU,Name\r\n",
    {},
    { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  );
  expect(crossSite.status).toBe(403);
  const big = await upload("Type,SKU,Name\r\n".padEnd(5 * 1024 * 1024 + 10, "x"), { dryRun: "1" });
  expect(big.status).toBe(413);
  // Under the limit, a body larger than other calls may send is read.
  const rows = Array.from({ length: 10 }, (_, i) => `simple,stool-${i},Stool,${"Soft. ".repeat(3_000)}`);
  const mid = await upload(`Type,SKU,Name,Description\r\n${rows.join("\r\n")}\r\n`, { dryRun: "1" });
  expect(mid.status).toBe(200);
});
