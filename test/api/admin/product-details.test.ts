import { and, desc, eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { revalidateTag } from "next/cache";
import { setupTestDb } from "@/test/support/db";
import { adminContext, makeStaff, SAME_ORIGIN, refusal } from "@/test/support/admin";
import { makeCustomer, makeOrder } from "@/test/support/auth";
import { call } from "@/test/support/api-client";
import * as productOne from "@/app/api/admin/products/[id]/route";
import {
  adminAudit,
  cartItems,
  carts,
  categories,
  coupons,
  orderLines,
  productRedirects,
  products,
} from "@/lib/db/schema";
import { deleteProduct, setPublished, updateProductDetails } from "@/lib/admin/products";
import { productDetailsErrors, productEditFields } from "@/lib/admin/product-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { getProduct, listProducts } from "@/lib/catalog/queries";
import { forgetCatalogueSlugs } from "@/lib/catalog/slugs";
import { proxy } from "@/proxy";

// The real cache call, watched: outside a Next request it has no cache to expire and says so.
jest.mock("next/cache", () => {
  const actual = jest.requireActual<typeof import("next/cache")>("next/cache");
  return { ...actual, revalidateTag: jest.fn(actual.revalidateTag) };
});

const getDb = setupTestDb();

async function audit() {
  const { db } = getDb();
  const { staff } = await makeStaff(db);
  return auditAs(adminContext(db, staff));
}

const visit = async (path: string) => {
  forgetCatalogueSlugs();
  return proxy(new NextRequest(new URL(path, "http://shop.test")));
};

async function productBySlug(slug: string) {
  const [p] = await getDb().db.select().from(products).where(eq(products.slug, slug));
  if (!p) throw new Error(`no product ${slug}`);
  return p;
}

const detailsOf = (
  p: { name: string; slug: string; shortDescription: string; description: string },
  over: Record<string, unknown> = {},
) =>
  productEditFields.parse({
    name: p.name,
    slug: p.slug,
    shortDescription: p.shortDescription,
    description: p.description,
    ...over,
  });

describe("the product details form's schema", () => {
  test.each([
    ["an empty name", { name: " ", slug: "eden" }, "name", "Give the product a name"],
    [
      "spaces in the address",
      { name: "Eden", slug: "Eden 3 Seater" },
      "slug",
      "Use lower-case letters, digits and single hyphens",
    ],
    ["a double hyphen", { name: "Eden", slug: "eden--3" }, "slug", "Use lower-case letters"],
    ["no address", { name: "Eden", slug: "" }, "slug", "Give the product an address"],
    [
      "a long short description",
      { name: "Eden", slug: "eden", shortDescription: "x".repeat(301) },
      "shortDescription",
      "300 characters",
    ],
  ])("%s is refused on its field", (_label, input, field, message) => {
    expect(productDetailsErrors(input)[field]).toContain(message);
  });
});

describe("a product's name and address in the back office", () => {
  test("a new slug keeps the old address as a 308 to the new one, the query kept; the drawings stay", async () => {
    const { db } = getDb();
    const eden = await productBySlug("eden-2-seater");
    const drawn = (await getProduct(db, "eden-2-seater"))!.variations[0]!.images[0]!.src;
    const { product, formerSlug } = await updateProductDetails(
      db,
      eden.id,
      detailsOf(eden, { slug: "eden-loveseat", name: "Eden Loveseat" }),
      await audit(),
    );
    expect(formerSlug).toBe("eden-2-seater");
    expect(product).toMatchObject({ slug: "eden-loveseat", name: "Eden Loveseat" });

    const res = await visit("/product/eden-2-seater?utm_source=mail");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("http://shop.test/product/eden-loveseat?utm_source=mail");
    expect((await visit("/product/eden-loveseat")).headers.get("x-middleware-next")).toBe("1");
    // A renamed product's pictures are the ones drawn for it, not a new address with nothing there.
    expect((await getProduct(db, "eden-loveseat"))!.variations[0]!.images[0]!.src).toBe(drawn);

    // Renamed again: the first address leads straight to the newest, no chain.
    const now = await productBySlug("eden-loveseat");
    await updateProductDetails(db, now.id, detailsOf(now, { slug: "eden-2-seater-couch" }), await audit());
    for (const old of ["eden-2-seater", "eden-loveseat"]) {
      const again = await visit(`/product/${old}`);
      expect(again.status).toBe(308);
      expect(again.headers.get("location")).toBe("http://shop.test/product/eden-2-seater-couch");
    }
    const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.action, "product.update"));
    expect(entry).toMatchObject({ entity: "product", entityId: String(eden.id) });
    expect(entry?.before).toMatchObject({ slug: "eden-2-seater", name: "Eden 2 Seater" });
    expect(entry?.after).toMatchObject({ slug: "eden-loveseat", name: "Eden Loveseat" });

    // Back to its first address: that address is its own again, not a redirect to itself.
    const last = await productBySlug("eden-2-seater-couch");
    await updateProductDetails(
      db,
      last.id,
      detailsOf(last, { slug: "eden-2-seater", name: "Eden 2 Seater" }),
      await audit(),
    );
    expect(await db.select().from(productRedirects).where(eq(productRedirects.fromSlug, "eden-2-seater"))).toEqual([]);
    expect((await visit("/product/eden-2-seater")).headers.get("x-middleware-next")).toBe("1");
  });

  test("the search title and description are saved for the product page's head, and bounded", async () => {
    const { db } = getDb();
    const eden = await productBySlug("eden-2-seater");
    expect((await getProduct(db, "eden-2-seater"))!.seo).toEqual({ title: "", description: "" });
    await updateProductDetails(
      db,
      eden.id,
      detailsOf(eden, { seoTitle: " Eden 2 Seater couch, made in Cape Town ", seoDescription: "Deep seats." }),
      await audit(),
    );
    expect((await getProduct(db, "eden-2-seater"))!.seo).toEqual({
      title: "Eden 2 Seater couch, made in Cape Town",
      description: "Deep seats.",
    });
    expect(productDetailsErrors({ name: "Eden", slug: "eden", seoTitle: "x".repeat(71) }).seoTitle).toBe(
      "Keep the search title to 70 characters: search engines cut the rest",
    );
    expect(productDetailsErrors({ name: "Eden", slug: "eden", seoDescription: "x".repeat(161) }).seoDescription).toBe(
      "Keep the search description to 160 characters: search engines cut the rest",
    );
    await updateProductDetails(db, eden.id, detailsOf(eden, { seoTitle: "", seoDescription: "" }), await audit());
  });

  test("a slug another product has is refused on the slug field, and nothing changes", async () => {
    const { db } = getDb();
    const eden = await productBySlug("eden-2-seater");
    const other = await db
      .select()
      .from(products)
      .where(sql`${products.id} <> ${eden.id}`)
      .limit(1);
    const err = await refusal(
      updateProductDetails(db, eden.id, detailsOf(eden, { slug: other[0]!.slug, name: "Clash" }), await audit()),
    );
    expect([err.status, err.data.field]).toEqual([409, "slug"]);
    expect(err.message).toBe(`Another product already has the address /product/${other[0]!.slug}`);
    expect((await productBySlug("eden-2-seater")).name).toBe("Eden 2 Seater");
  });

  test("a hidden product's page and its former addresses answer 404", async () => {
    const { db } = getDb();
    const product = await productBySlug("eden-2-seater");
    await updateProductDetails(db, product.id, detailsOf(product, { slug: "eden-hidden" }), await audit());
    await setPublished(db, product.id, false, await audit());
    expect((await visit("/product/eden-hidden")).status).toBe(404);
    expect((await visit("/product/eden-2-seater")).status).toBe(404);
    await setPublished(db, product.id, true, await audit());
    expect((await visit("/product/eden-2-seater")).status).toBe(308);
    const hidden = await productBySlug("eden-hidden");
    await updateProductDetails(db, hidden.id, detailsOf(hidden, { slug: "eden-2-seater" }), await audit());
  });

  test("a product that was ordered is not deleted, and staff are told why", async () => {
    const { db } = getDb();
    const eden = await productBySlug("eden-2-seater");
    const order = await makeOrder(db, null);
    await db.update(orderLines).set({ productId: eden.id }).where(eq(orderLines.orderId, order.id));
    const err = await refusal(deleteProduct(db, eden.id, await audit()));
    expect([err.status, err.code]).toEqual([409, "product_ordered"]);
    expect(err.message).toBe(
      "Eden 2 Seater is in 1 order, so it stays for their records: hide it from the shop instead",
    );
    expect(await db.select().from(products).where(eq(products.id, eden.id))).toHaveLength(1);
  });

  test("a product a coupon names is kept until the coupon changes", async () => {
    const { db } = getDb();
    const [coupon] = await db
      .select({ code: coupons.code, product: products })
      .from(coupons)
      .innerJoin(products, eq(products.id, coupons.freeProductId));
    expect(coupon).toBeDefined();
    const err = await refusal(deleteProduct(db, coupon!.product.id, await audit()));
    expect([err.status, err.code]).toEqual([409, "product_in_coupon"]);
    expect(err.message).toBe(`The coupon ${coupon!.code} names ${coupon!.product.name}: change the coupon first`);
  });

  test("a product never ordered is deleted with its former addresses; carts lose it; the change is audited", async () => {
    const { db } = getDb();
    const [candidate] = await db
      .select()
      .from(products)
      .where(
        sql`not exists (select 1 from ${orderLines} l where l.product_id = ${products.id})
          and not exists (select 1 from ${coupons} c where c.free_product_id = ${products.id} or c.product_ids @> to_jsonb(${products.id}))`,
      )
      .limit(1);
    const p = candidate!;
    await updateProductDetails(db, p.id, detailsOf(p, { slug: `${p.slug}-old-style` }), await audit());
    const [cart] = await db
      .insert(carts)
      .values({ cartKey: `test-${p.id}` })
      .returning();
    await db.insert(cartItems).values({ cartId: cart!.id, productId: p.id, itemKey: `p${p.id}`, quantity: 1 });

    expect(await deleteProduct(db, p.id, await audit())).toEqual({ name: p.name, slug: `${p.slug}-old-style` });
    expect(await db.select().from(products).where(eq(products.id, p.id))).toEqual([]);
    expect(await db.select().from(productRedirects).where(eq(productRedirects.productId, p.id))).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toEqual([]);
    expect((await visit(`/product/${p.slug}`)).status).toBe(404);
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "product.delete"), eq(adminAudit.entityId, String(p.id))));
    expect(entry?.before).toMatchObject({ name: p.name });
    expect(entry?.after).toBeNull();
  });
});

describe("a product's category, features, specifications and care in the back office", () => {
  const inCategory = async (category: string) =>
    (await listProducts(getDb().db, { category, sort: "newest", fabrics: [], page: 1, perPage: 100 })).items.map(
      (p) => p.slug,
    );
  const categoryOf = async (productId: number) => {
    const [row] = await getDb()
      .db.select({ slug: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, productId));
    return row?.slug;
  };

  test("a new category moves it between the shop's lists, expires the cached pages and is audited", async () => {
    const { db } = getDb();
    const eden = await productBySlug("eden-2-seater");
    expect(await categoryOf(eden.id)).toBe("couches");
    expect(await inCategory("sleeper-couches")).not.toContain("eden-2-seater");
    jest.mocked(revalidateTag).mockClear();

    const { product } = await updateProductDetails(
      db,
      eden.id,
      detailsOf(eden, { category: "sleeper-couches" }),
      await audit(),
    );
    expect([product.categorySlug, product.categoryName]).toEqual(["sleeper-couches", "Sleeper Couches"]);
    expect(await inCategory("sleeper-couches")).toContain("eden-2-seater");
    expect(await inCategory("couches")).not.toContain("eden-2-seater");
    // Every category's pages (the one it left and the one it joined) and its own page.
    const expired = jest.mocked(revalidateTag).mock.calls.map(([tag]) => tag);
    expect(expired).toEqual(expect.arrayContaining(["catalog", "product:eden-2-seater"]));

    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "product.update"), eq(adminAudit.entityId, String(eden.id))))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    // The log keeps what changed.
    expect([entry?.before, entry?.after]).toEqual([{ category: "couches" }, { category: "sleeper-couches" }]);

    await updateProductDetails(db, eden.id, detailsOf(eden, { category: "couches" }), await audit());
    expect(await categoryOf(eden.id)).toBe("couches");
  });

  test("a category that does not exist is refused on its field and nothing is written", async () => {
    const { db } = getDb();
    const eden = await productBySlug("eden-2-seater");
    const audited = (await db.select().from(adminAudit)).length;
    const err = await refusal(
      updateProductDetails(
        db,
        eden.id,
        detailsOf(eden, { name: "Eden Renamed", category: "garden-furniture", features: "Weatherproof" }),
        await audit(),
      ),
    );
    expect([err.status, err.data.field]).toEqual([400, "category"]);
    expect(err.message).toBe("Choose a category: there is none called garden-furniture");
    expect(await productBySlug("eden-2-seater")).toEqual(eden);
    expect(await db.select().from(adminAudit)).toHaveLength(audited);
  });

  test("features, specifications and care are saved as the shop's product page shows them", async () => {
    const { db } = getDb();
    const eden = await productBySlug("eden-2-seater");
    await updateProductDetails(
      db,
      eden.id,
      detailsOf(eden, {
        features: "Deep seats\n\n  Loose back cushions  \n",
        specs: "Frame: Kiln-dried pine\nFabrics: Oat, Stone: 100% linen",
        care: "  Vacuum weekly.\r\nBlot spills.  ",
      }),
      await audit(),
    );
    const shown = (await getProduct(db, "eden-2-seater"))!;
    expect(shown.features).toEqual(["Deep seats", "Loose back cushions"]);
    expect(shown.specs).toEqual([
      { label: "Frame", value: "Kiln-dried pine" },
      { label: "Fabrics", value: "Oat, Stone: 100% linen" },
    ]);
    expect(shown.care).toBe("Vacuum weekly.\nBlot spills.");
    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "product.update"), eq(adminAudit.entityId, String(eden.id))))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ features: eden.features, specs: eden.specs, care: eden.care });
    expect(entry?.after).toMatchObject({ features: shown.features, specs: shown.specs, care: shown.care });

    // Left out of the call, they stay; emptied, they are gone.
    await updateProductDetails(db, eden.id, detailsOf(eden, { name: "Eden Two Seater" }), await audit());
    expect((await getProduct(db, "eden-2-seater"))!.features).toEqual(["Deep seats", "Loose back cushions"]);
    await updateProductDetails(db, eden.id, detailsOf(eden, { features: "", specs: "\n", care: "" }), await audit());
    expect(await productBySlug("eden-2-seater")).toMatchObject({ features: [], specs: [], care: "" });
  });
});

describe("the product call", () => {
  type Body = { status: number; code: string; message: string; data: { fields?: Record<string, string> } };

  test("guests and customers get the ordinary 404; staff save details and are refused a bad slug on its field", async () => {
    const { db } = getDb();
    const eden = await productBySlug("eden-2-seater");
    const id = String(eden.id);
    const json = { action: "details", name: "Eden Two", slug: "eden-two" };
    const customer = await makeCustomer(db);
    for (const jar of [undefined, customer.jar]) {
      const res = await call<Body>(productOne.POST, `/api/admin/products/${id}`, {
        json,
        jar,
        headers: SAME_ORIGIN,
        params: { id },
      });
      expect([res.status, res.body.code]).toEqual([404, "not_found"]);
      const gone = await call<Body>(productOne.DELETE, `/api/admin/products/${id}`, {
        method: "DELETE",
        jar,
        headers: SAME_ORIGIN,
        params: { id },
      });
      expect(gone.status).toBe(404);
    }
    expect((await productBySlug("eden-2-seater")).name).toBe("Eden 2 Seater");

    const staff = await makeStaff(db);
    const asStaff = { jar: staff.jar, headers: SAME_ORIGIN, params: { id } };
    const bad = await call<Body>(productOne.POST, `/api/admin/products/${id}`, {
      ...asStaff,
      json: { ...json, slug: "Eden Two" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields?.slug).toBe(productDetailsErrors({ ...json, slug: "Eden Two" }).slug);

    const saved = await call<{ message: string; product: { slug: string } }>(
      productOne.POST,
      `/api/admin/products/${id}`,
      { ...asStaff, json },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Eden Two saved. /product/eden-2-seater now leads to /product/eden-two.");
    expect(saved.body.product.slug).toBe("eden-two");

    const refused = await call<Body>(productOne.DELETE, `/api/admin/products/${id}`, {
      ...asStaff,
      method: "DELETE",
    });
    expect([refused.status, refused.body.code]).toEqual([409, "product_ordered"]);
  });
  test("staff send category, features, specifications and care; a bad line or category is a 400 on its field", async () => {
    const { db } = getDb();
    const dune = await productBySlug("dune-ottoman");
    const id = String(dune.id);
    const staff = await makeStaff(db);
    const asStaff = { jar: staff.jar, headers: SAME_ORIGIN, params: { id } };
    const form = {
      action: "details",
      name: dune.name,
      slug: dune.slug,
      category: "ottomans",
      features: "Deep seats\nLoose back cushions",
      specs: "Frame: Kiln-dried pine\nLegs: Solid oak",
      care: "Vacuum weekly.",
    };
    const refusals = [
      [{ category: "" }, "category", "Choose a category"],
      [{ category: "garden" }, "category", "Choose a category: there is none called garden"],
      [{ specs: "Frame: Pine\n\nSolid oak legs" }, "specs", "Line 3: write it as Label: value"],
      [{ features: `Deep seats\n${"x".repeat(201)}` }, "features", "Line 2: keep a feature to 200 characters"],
      [{ care: "c".repeat(2001) }, "care", "Keep the care notes to 2000 characters"],
      [{ features: ["Deep seats"] }, "features", "Send the lines as text"],
    ] as const;
    for (const [over, field, message] of refusals) {
      const res = await call<Body>(productOne.POST, `/api/admin/products/${id}`, {
        ...asStaff,
        json: { ...form, ...over },
      });
      expect([res.status, res.body.data.fields?.[field]]).toEqual([400, message]);
    }
    expect(await productBySlug("dune-ottoman")).toEqual(dune);

    const saved = await call<{ message: string; product: { categorySlug: string; features: string[] } }>(
      productOne.POST,
      `/api/admin/products/${id}`,
      { ...asStaff, json: { ...form, category: "couches" } },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(`${dune.name} saved.`);
    expect(saved.body.product).toMatchObject({
      categorySlug: "couches",
      features: ["Deep seats", "Loose back cushions"],
    });
    expect((await getProduct(db, "dune-ottoman"))!).toMatchObject({
      specs: [
        { label: "Frame", value: "Kiln-dried pine" },
        { label: "Legs", value: "Solid oak" },
      ],
      care: "Vacuum weekly.",
    });
  });
});
