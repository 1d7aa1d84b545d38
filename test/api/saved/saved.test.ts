import { and, eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { makeCustomer } from "@/test/support/auth";
import { products, savedItems, variations } from "@/lib/db/schema";
import { sharedList, type SavedList } from "@/lib/saved/saved";
import * as saved from "@/app/api/saved/route";

const getDb = setupTestDb();

type ErrorBody = { status: number; code: string; message: string; data: { status: number } };

async function product(slug: string) {
  const [p] = await getDb().db.select().from(products).where(eq(products.slug, slug));
  return p!;
}

async function firstVariation(slug: string) {
  const p = await product(slug);
  const [v] = await getDb().db.select().from(variations).where(eq(variations.productId, p.id)).orderBy(variations.id);
  return { product: p, variation: v! };
}

const effective = (r: { regularPriceCents: number; salePriceCents: number | null }) =>
  r.salePriceCents ?? r.regularPriceCents;

describe("/api/saved", () => {
  test("a customer saves a chosen variation at its price now and sees the change once the price moves", async () => {
    const db = getDb().db;
    const { jar } = await makeCustomer(db);
    const { product: karoo, variation } = await firstVariation("karoo-couch");
    const then = effective(variation);

    const res = await call<SavedList>(saved.POST, "/api/saved", {
      json: { productId: karoo.id, variationId: variation.id },
      jar,
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        productId: karoo.id,
        variationId: variation.id,
        name: karoo.name,
        options: variation.attributes,
        priceCents: then,
        priceCentsAtSave: then,
        changeCents: 0,
      }),
    ]);
    expect(res.body.shareUrl).toMatch(/\/saved\/[A-Za-z0-9_-]{32}$/);

    await db
      .update(variations)
      .set({ regularPriceCents: then - 50_000, salePriceCents: null })
      .where(eq(variations.id, variation.id));
    const list = await call<SavedList>(saved.GET, "/api/saved", { jar });
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      priceCents: then - 50_000,
      priceCentsAtSave: then,
      changeCents: -50_000,
    });

    // Saving again keeps the first price.
    await call(saved.POST, "/api/saved", { json: { productId: karoo.id, variationId: variation.id }, jar });
    const again = await call<SavedList>(saved.GET, "/api/saved", { jar });
    expect(again.body.items).toHaveLength(1);
    expect(again.body.items[0]!.priceCentsAtSave).toBe(then);

    const removed = await call<SavedList>(saved.DELETE, "/api/saved", {
      json: { productId: karoo.id, variationId: variation.id },
      jar,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.items).toEqual([]);
  });

  test("a product saved from a card, before its options, has its from price; an unknown, mismatched or hidden one is refused", async () => {
    const db = getDb().db;
    const { jar } = await makeCustomer(db);
    const karoo = await product("karoo-couch");
    const pebble = await product("pebble-ottoman");
    const { variation: other } = await firstVariation("eden-2-seater");
    const card = await call<SavedList>(saved.POST, "/api/saved", { json: { productId: karoo.id }, jar });
    expect(card.status).toBe(200);
    const options = await db.select().from(variations).where(eq(variations.productId, karoo.id));
    const cheapest = Math.min(...options.map(effective));
    expect(card.body.items[0]).toMatchObject({ variationId: null, needsOptions: true, priceCents: cheapest });
    for (const json of [{ productId: 999_999 }, { productId: karoo.id, variationId: other.id }]) {
      const res = await call<ErrorBody>(saved.POST, "/api/saved", { json, jar });
      expect([json, res.status, res.body.code]).toEqual([json, 404, "product_not_found"]);
    }
    await db.update(products).set({ published: false }).where(eq(products.id, pebble.id));
    try {
      const res = await call<ErrorBody>(saved.POST, "/api/saved", { json: { productId: pebble.id }, jar });
      expect(res.status).toBe(404);
    } finally {
      await db.update(products).set({ published: true }).where(eq(products.id, pebble.id));
    }
  });

  test("a guest's list is priced from what the browser kept, and moves to the account on sign-in once", async () => {
    const db = getDb().db;
    const pebble = await product("pebble-ottoman");
    const { product: karoo, variation } = await firstVariation("karoo-couch");
    const now = effective(pebble);
    const items = `${pebble.id}:0:${now + 10_000}:1700000000000,${karoo.id}:${variation.id}:0:1700000001000,999999:0:100:1`;

    const guest = await call<SavedList>(saved.GET, "/api/saved", { query: { items } });
    expect(guest.status).toBe(200);
    expect(guest.body.shareUrl).toBeNull();
    expect(guest.body.items.map((i) => [i.productId, i.priceCentsAtSave, i.changeCents])).toEqual([
      [pebble.id, now + 10_000, -10_000],
      [karoo.id, effective(variation), 0],
    ]);

    // A guest has no account list.
    const anonymous = await call<ErrorBody>(saved.GET, "/api/saved", {});
    expect(anonymous.status).toBe(401);
    expect((await call(saved.POST, "/api/saved", { json: { productId: pebble.id } })).status).toBe(401);

    const { jar, customer } = await makeCustomer(db);
    await call(saved.POST, "/api/saved", { json: { productId: pebble.id }, jar });
    const merge = {
      items: [
        { productId: pebble.id, priceCents: 1, savedAt: 1700000000000 },
        {
          productId: karoo.id,
          variationId: variation.id,
          priceCents: effective(variation) + 20_000,
          savedAt: 1700000001000,
        },
        { productId: 999_999 },
        { productId: karoo.id, variationId: variation.id },
      ],
    };
    const merged = await call<SavedList>(saved.POST, "/api/saved", { json: merge, jar });
    expect(merged.status).toBe(200);
    // Pebble was on the account already: its price when saved stays the account's.
    expect(merged.body.items.map((i) => [i.productId, i.priceCentsAtSave])).toEqual([
      [karoo.id, effective(variation) + 20_000],
      [pebble.id, now],
    ]);
    expect(merged.body.items[0]!.savedAt).toBe(new Date(1700000001000).toISOString());

    // Sent twice (a second tab), nothing doubles.
    await call(saved.POST, "/api/saved", { json: merge, jar });
    const rows = await db.select().from(savedItems).where(eq(savedItems.customerId, customer.id));
    expect(rows).toHaveLength(2);
  });

  test("a price the browser claims beyond double the price now is not believed", async () => {
    const db = getDb().db;
    const pebble = await product("pebble-ottoman");
    const { jar, customer } = await makeCustomer(db);
    await call(saved.POST, "/api/saved", {
      json: { items: [{ productId: pebble.id, priceCents: effective(pebble) * 3 }] },
      jar,
    });
    const [row] = await db
      .select()
      .from(savedItems)
      .where(and(eq(savedItems.customerId, customer.id), eq(savedItems.productId, pebble.id)));
    expect(row!.priceCentsAtSave).toBe(effective(pebble));
  });

  test("the share link shows the owner's list to anyone, read-only, and a made-up token shows nothing", async () => {
    const db = getDb().db;
    const pebble = await product("pebble-ottoman");
    const owner = await makeCustomer(db);
    const res = await call<SavedList>(saved.POST, "/api/saved", { json: { productId: pebble.id }, jar: owner.jar });
    const token = res.body.shareUrl!.split("/").pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const shared = await sharedList(db, token);
    expect(shared!.map((i) => i.productId)).toEqual([pebble.id]);
    expect(await sharedList(db, "A".repeat(32))).toBeNull();
    expect(await sharedList(db, "../../etc")).toBeNull();

    // Another customer's token is their own.
    const other = await makeCustomer(db);
    const theirs = await call<SavedList>(saved.POST, "/api/saved", { json: { productId: pebble.id }, jar: other.jar });
    expect(theirs.body.shareUrl).not.toBe(res.body.shareUrl);
    // The share token is no session: it cannot change the list.
    const refused = await call(saved.DELETE, "/api/saved", {
      json: { productId: pebble.id, token },
      jar: new CookieJar(),
    });
    expect(refused.status).toBe(401);
    expect(await sharedList(db, token)).toHaveLength(1);
  });

  test.each([
    [{ productId: "x" }],
    [{ productId: -1 }],
    [{ productId: 1.5 }],
    [{ productId: { $gt: 0 } }],
    [{ items: "nope" }],
    [{ items: Array.from({ length: 101 }, () => ({ productId: 1 })) }],
    [{}],
  ])("hostile body %p is a 4xx with the contract's body", async (json) => {
    const { jar } = await makeCustomer(getDb().db);
    const res = await call<ErrorBody>(saved.POST, "/api/saved", { json, jar });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ status: res.status, code: expect.any(String), data: { status: res.status } });
  });

  test.each([["1:0:1"], ["a:b:c:d"], ["1:0:1:1,"], ["9".repeat(7000)]])(
    "hostile list query %p is a 400",
    async (items) => {
      const res = await call<ErrorBody>(saved.GET, "/api/saved", { query: { items } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("invalid_params");
    },
  );
});
