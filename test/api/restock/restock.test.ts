import { and, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { products, restockRequests, variations } from "@/lib/db/schema";
import { latestMail } from "@/lib/mail/mail";
import { changeStock } from "@/lib/admin/products";
import type { Audit } from "@/lib/admin/change";
import { seedDatabase } from "@/lib/catalog/seed";
import { notifyRestocked, RESTOCK_ALERT_KIND, RESTOCK_CONFIRM_KIND } from "@/lib/restock/restock";
import * as request from "@/app/api/back-in-stock/route";
import * as confirm from "@/app/api/back-in-stock-confirm/route";

const getDb = setupTestDb();
const noAudit: Audit = async () => {};

let ip = 0;
const fresh = () => ({ "x-forwarded-for": `10.3.0.${++ip}` });

type ErrorBody = { status: number; code: string; message: string; data: { status: number; fields?: unknown } };

async function soldOutVariation(slug: string) {
  const db = getDb().db;
  const [p] = await db.select().from(products).where(eq(products.slug, slug));
  const [v] = await db.select().from(variations).where(eq(variations.productId, p!.id)).orderBy(variations.id);
  await db.update(variations).set({ stock: 0 }).where(eq(variations.id, v!.id));
  return { product: p!, variation: v! };
}

function confirmToken(text: string): string {
  const m = /\/back-in-stock\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no confirmation link in: ${text}`);
  return decodeURIComponent(m[1]!);
}

async function ask(email: string, productId: number, variationId: number | null) {
  return call<{ message: string }>(request.POST, "/api/back-in-stock", {
    json: { email, productId, variationId },
    headers: fresh(),
  });
}

async function askAndConfirm(email: string, productId: number, variationId: number | null) {
  expect((await ask(email, productId, variationId)).status).toBe(200);
  const [mail] = await latestMail(getDb().db, { to: email, kind: RESTOCK_CONFIRM_KIND });
  const res = await call(confirm.POST, "/api/back-in-stock-confirm", {
    json: { token: confirmToken(mail!.text) },
    headers: fresh(),
  });
  expect(res.status).toBe(200);
}

const alerts = async (email: string) => latestMail(getDb().db, { to: email, kind: RESTOCK_ALERT_KIND, limit: 500 });

describe("back in stock", () => {
  test("a confirmed shopper gets one e-mail when the back office restocks, and none on the next restock", async () => {
    const db = getDb().db;
    const { product, variation } = await soldOutVariation("karoo-couch");
    const email = "Thandi@Example.co.za";
    await askAndConfirm(email, product.id, variation.id);
    expect(await alerts(email)).toHaveLength(0);

    await changeStock(db, { productId: product.id, variationId: variation.id, mode: "add", quantity: 2 }, noAudit);
    const [mail] = await alerts(email);
    expect(mail!.subject).toBe(`${product.name} is back in stock`);
    expect(mail!.text).toContain(`/product/${product.slug}?`);
    for (const option of Object.values(variation.attributes)) expect(mail!.text).toContain(option);

    const [row] = await db.select().from(restockRequests).where(eq(restockRequests.variationId, variation.id));
    expect(row!.notifiedAt).not.toBeNull();

    // Sold out and back again: nothing more.
    await changeStock(db, { productId: product.id, variationId: variation.id, mode: "set", quantity: 0 }, noAudit);
    await changeStock(db, { productId: product.id, variationId: variation.id, mode: "set", quantity: 5 }, noAudit);
    expect(await alerts(email)).toHaveLength(1);
  });

  test("an unconfirmed request gets no alert (double opt-in)", async () => {
    const db = getDb().db;
    const { product, variation } = await soldOutVariation("stoep-corner-couch");
    const email = "unconfirmed@example.com";
    const res = await ask(email, product.id, variation.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/confirm/i);
    const [confirmation] = await latestMail(db, { to: email, kind: RESTOCK_CONFIRM_KIND });
    expect(confirmation!.html).toContain("/back-in-stock/confirm?token=");

    await changeStock(db, { productId: product.id, variationId: variation.id, mode: "set", quantity: 3 }, noAudit);
    expect(await alerts(email)).toHaveLength(0);
    const [row] = await db
      .select()
      .from(restockRequests)
      .where(and(eq(restockRequests.email, email), eq(restockRequests.variationId, variation.id)));
    expect(row).toMatchObject({ confirmedAt: null, notifiedAt: null });
  });

  test("confirming once the item is already back sends the alert at once, and confirming twice sends one", async () => {
    const db = getDb().db;
    const { product, variation } = await soldOutVariation("eden-2-seater");
    const email = "late@example.com";
    expect((await ask(email, product.id, variation.id)).status).toBe(200);
    await db.update(variations).set({ stock: 4 }).where(eq(variations.id, variation.id));
    const [mail] = await latestMail(db, { to: email, kind: RESTOCK_CONFIRM_KIND });
    const token = confirmToken(mail!.text);
    for (let i = 0; i < 2; i++)
      expect(
        (await call(confirm.POST, "/api/back-in-stock-confirm", { json: { token }, headers: fresh() })).status,
      ).toBe(200);
    expect(await alerts(email)).toHaveLength(1);
  });

  test("a re-seed that brings stock back tells the waiting shoppers once; simultaneous runs send one e-mail", async () => {
    const db = getDb().db;
    const [pebble] = await db.select().from(products).where(eq(products.slug, "pebble-ottoman"));
    await db.update(products).set({ stock: 0 }).where(eq(products.id, pebble!.id));
    const email = "reseed@example.com";
    await askAndConfirm(email, pebble!.id, null);

    await seedDatabase(db);
    const runs = await Promise.all([notifyRestocked(db), notifyRestocked(db), notifyRestocked(db, [pebble!.id])]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await alerts(email)).toHaveLength(1);
    await seedDatabase(db);
    await notifyRestocked(db);
    expect(await alerts(email)).toHaveLength(1);
  });

  test("asking again after the alert starts afresh; asking while waiting sends nothing more", async () => {
    const db = getDb().db;
    const { product, variation } = await soldOutVariation("cederberg-3-seater");
    const email = "again@example.com";
    await askAndConfirm(email, product.id, variation.id);
    expect(await latestMail(db, { to: email, kind: RESTOCK_CONFIRM_KIND })).toHaveLength(1);
    expect((await ask(email.toUpperCase(), product.id, variation.id)).status).toBe(200);
    expect(await latestMail(db, { to: email, kind: RESTOCK_CONFIRM_KIND })).toHaveLength(1);

    await changeStock(db, { productId: product.id, variationId: variation.id, mode: "set", quantity: 1 }, noAudit);
    await changeStock(db, { productId: product.id, variationId: variation.id, mode: "set", quantity: 0 }, noAudit);
    expect((await ask(email, product.id, variation.id)).status).toBe(200);
    expect(await latestMail(db, { to: email, kind: RESTOCK_CONFIRM_KIND })).toHaveLength(2);
    const rows = await db.select().from(restockRequests).where(eq(restockRequests.variationId, variation.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ confirmedAt: null, notifiedAt: null });
  });

  test("an item in stock, a variable product without its variation and an unknown one are refused", async () => {
    const db = getDb().db;
    const [pebble] = await db.select().from(products).where(eq(products.slug, "pebble-ottoman"));
    await db.update(products).set({ stock: 5 }).where(eq(products.id, pebble!.id));
    const inStock = await ask("x@example.com", pebble!.id, null);
    expect(inStock.status).toBe(409);
    const { product } = await soldOutVariation("kloof-couch");
    expect((await ask("x@example.com", product.id, null)).status).toBe(404);
    expect((await ask("x@example.com", 999_999, null)).status).toBe(404);
  });

  test.each([
    [{ productId: 1 }, "Please complete all fields"],
    [{ email: "nope", productId: 1 }, "Invalid email"],
    [{ email: { $ne: "" }, productId: 1 }, "Please complete all fields"],
    [{ email: "a@example.com", productId: "drop table" }, null],
    [{ email: "a@example.com" }, null],
  ])("refuses %p with the contract's body", async (json, message) => {
    const res = await call<ErrorBody>(request.POST, "/api/back-in-stock", { json, headers: fresh() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: "invalid_params", data: { status: 400 } });
    if (message) expect(res.body.message).toBe(message);
  });

  test("an unknown or hostile token is a 4xx", async () => {
    for (const json of [{ token: "no-such-token" }, { token: "" }, { token: ["a"] }, { token: "x".repeat(500) }, {}]) {
      const res = await call<ErrorBody>(confirm.POST, "/api/back-in-stock-confirm", { json, headers: fresh() });
      expect([json, res.status]).toEqual([json, json.token === "no-such-token" ? 404 : 400]);
    }
  });

  test("is rate limited per address, and a form refused for its own mistakes does not count", async () => {
    const { product, variation } = await soldOutVariation("magalies-3-seater");
    const headers = fresh();
    for (let i = 0; i < 3; i++)
      expect(
        (await call(request.POST, "/api/back-in-stock", { json: { email: "bad", productId: product.id }, headers }))
          .status,
      ).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await call(request.POST, "/api/back-in-stock", {
            json: { email: `bulk${i}@example.com`, productId: product.id, variationId: variation.id },
            headers,
          })
        ).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});
