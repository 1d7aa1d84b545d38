import fs from "node:fs";
import type { Page } from "@playwright/test";
import { csvRecords, formulaCells, parseCsv } from "../test/support/admin-csv";
import { signInAsStaff, workshopDelivery } from "./fixtures/admin";
import { expect, test, warmDatabase } from "./fixtures/shop";

/**
 * The back office's personal data in a real browser: the orders page is one audit entry a visit,
 * its Export button (a form POST from the page) downloads a CSV and is one more, and an image on
 * one of the shop's own pages, pointed at an export, downloads and logs nothing.
 */
warmDatabase();
test.beforeAll(({ browser }) => workshopDelivery(browser, "pebble-ottoman", 1));

type AuditEntry = {
  id: number;
  action: string;
  entity: string;
  after: { filter: Record<string, unknown>; rows: number };
};

/** The audit log's entries about one list, newest first, as an admin reads them (reading the log is not logged). */
async function auditOf(page: Page, entity: string): Promise<AuditEntry[]> {
  const res = await page.request.get(`/api/admin/audit?entity=${entity}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { entries: AuditEntry[] }).entries;
}
const newer = (entries: AuditEntry[], than: AuditEntry[]) => entries.filter((e) => e.id > (than[0]?.id ?? 0));

test("staff export the orders they see; each read and each export is logged once, and an image exports nothing", async ({
  page,
  request,
  catalogue,
}, testInfo) => {
  test.setTimeout(120_000);
  // An order to find, placed through the calls the checkout page makes.
  const email = `export.${testInfo.project.name}.${Date.now()}@kaya-e2e.test`;
  const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
  const cart = await request.post("/api/cart-guest", { data: { productId: pebble.id, productQuantity: 1 } });
  expect(cart.status()).toBe(201);
  const placed = await request.post("/api/checkout", {
    data: {
      cartKey: ((await cart.json()) as { cart_key: string }).cart_key,
      email,
      phone: "+27 72 555 0303",
      shipping: {
        FirstName: "Lerato",
        LastName: "Mokoena",
        StreetAddress1: "12 Loop Street",
        City: "Cape Town",
        Province: "Western Cape",
        Postcode: "8001",
      },
      billingSameAsShipping: true,
      paymentMethod: "bank-transfer",
      idempotencyKey: `export-${testInfo.project.name}-${Date.now()}`,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: { number: string; total: string } }).order;

  const admin = await signInAsStaff(page);
  await expect(admin.heading("Dashboard")).toBeVisible();
  const start = await auditOf(page, "orders");
  // The dashboard holds no one's details, and prefetching its menu's links reads no list.
  await page.reload();
  await expect(admin.heading("Dashboard")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(newer(await auditOf(page, "orders"), start)).toEqual([]);

  await admin.open("Orders", testInfo);
  await expect(admin.orderRow(order.number).first()).toBeVisible();
  const afterVisit = newer(await auditOf(page, "orders"), start);
  expect(afterVisit).toEqual([
    expect.objectContaining({ action: "list.read", after: expect.objectContaining({ filter: { page: 1 } }) }),
  ]);

  // Narrowed to the order, then exported: the form posts the filter shown.
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await expect(admin.orderRow(order.number).first()).toBeVisible();
  const beforeExport = await auditOf(page, "orders");
  const download = page.waitForEvent("download");
  await admin.main.getByRole("button", { name: "Export 1 as CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kaya-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), "utf8");
  // Every cell quoted, the header too; one order, as a person reads it.
  const [header, line] = csv.replace(/^\uFEFF/, "").split("\r\n");
  expect(header).toMatch(/^"Order","Placed at \(SAST\)","Status",/);
  expect(line).toMatch(new RegExp(`^"${order.number}","\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}","On hold",`));
  expect(parseCsv(csv).flat().length).toBe(2 * 12);
  expect(csvRecords(csv)).toEqual([
    expect.objectContaining({
      Order: order.number,
      Name: "Lerato Mokoena",
      Email: email,
      Phone: "072 555 0303",
      Payment: "Direct bank transfer",
      "Total (R)": (Number(order.total) / 100).toFixed(2),
    }),
  ]);
  expect(formulaCells(csv)).toEqual([]);
  // The page stayed where it was.
  await expect(admin.heading("Orders")).toBeVisible();
  expect(newer(await auditOf(page, "orders"), beforeExport)).toEqual([
    expect.objectContaining({ action: "export.csv", after: { filter: { q: email }, rows: 1 } }),
  ]);

  // A page of the shop's own with images pointed at the exports (new and old addresses).
  const beforeImages = {
    orders: await auditOf(page, "orders"),
    subscribers: await auditOf(page, "newsletter_subscribers"),
  };
  await page.goto("/info/contact-us");
  const answered = await page.evaluate(
    (sources) =>
      Promise.all(
        sources.map(
          (src) =>
            new Promise<string>((resolve) => {
              const img = document.createElement("img");
              img.onload = () => resolve("loaded");
              img.onerror = () => resolve("refused");
              img.src = src;
              document.body.append(img);
            }),
        ),
      ),
    [
      "/api/admin/orders/export",
      "/api/admin/marketing/subscribers/export",
      "/api/admin/marketing/subscribers?format=csv",
    ],
  );
  expect(answered).toEqual(["refused", "refused", "refused"]);
  expect(newer(await auditOf(page, "orders"), beforeImages.orders)).toEqual([]);
  expect(newer(await auditOf(page, "newsletter_subscribers"), beforeImages.subscribers)).toEqual([]);
});
