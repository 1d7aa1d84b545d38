import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { setupTestDb } from "@/test/support/db";
import { adminContext, makeStaff, SAME_ORIGIN, refusal } from "@/test/support/admin";
import { makeCustomer } from "@/test/support/auth";
import { call } from "@/test/support/api-client";
import * as categoryList from "@/app/api/admin/categories/route";
import * as categoryOne from "@/app/api/admin/categories/[id]/route";
import { adminAudit, categories, categoryRedirects, coupons, products } from "@/lib/db/schema";
import { createCategory, deleteCategory, listCategories, updateCategory } from "@/lib/admin/categories";
import { categoryFieldErrors, categoryFields } from "@/lib/admin/category-form";
import { auditAs } from "@/lib/admin/catalog-api";
import { forgetCatalogueSlugs } from "@/lib/catalog/slugs";
import { proxy } from "@/proxy";

const getDb = setupTestDb();

const fields = (over: Record<string, unknown> = {}) =>
  categoryFields.parse({ name: "Outdoor Chairs", slug: "outdoor-chairs", description: "", sortOrder: "9", ...over });

async function audit() {
  const { db } = getDb();
  const { staff } = await makeStaff(db);
  return auditAs(adminContext(db, staff));
}

const visit = (path: string) => proxy(new NextRequest(new URL(path, "http://shop.test")));

describe("the category form's schema", () => {
  test.each([
    [{ name: "", slug: "x", sortOrder: "0" }, "name", "Give the category a name"],
    [{ name: "Chairs", slug: "Outdoor Chairs", sortOrder: "0" }, "slug", "Use lower-case letters"],
    [{ name: "Chairs", slug: "chairs--", sortOrder: "0" }, "slug", "Use lower-case letters"],
    [{ name: "Chairs", slug: "", sortOrder: "0" }, "slug", "Give the category an address"],
    [{ name: "Chairs", slug: "chairs", sortOrder: "1.5" }, "sortOrder", "The order is a whole number"],
  ])("%j is refused on %s", (input, field, message) => {
    expect(categoryFieldErrors(input)[field]).toContain(message);
  });

  test("a well-formed category passes, its text trimmed", () => {
    expect(categoryFieldErrors({ name: " Chairs ", slug: "chairs", sortOrder: "3" })).toEqual({});
    expect(categoryFields.parse({ name: " Chairs ", slug: "chairs", sortOrder: "3" })).toEqual({
      name: "Chairs",
      slug: "chairs",
      description: "",
      sortOrder: 3,
    });
  });
});

describe("categories in the back office", () => {
  let id = 0;

  test("a new category is listed with no products, and the change is audited", async () => {
    const { db } = getDb();
    const created = await createCategory(db, fields(), await audit());
    id = created.id;
    expect(created).toMatchObject({ name: "Outdoor Chairs", slug: "outdoor-chairs", productCount: 0, sortOrder: 9 });
    const listed = await listCategories(db);
    expect(listed.find((c) => c.slug === "outdoor-chairs")?.productCount).toBe(0);
    expect(listed.find((c) => c.slug === "couches")?.productCount).toBeGreaterThan(0);
    const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.action, "category.create"));
    expect(entry).toMatchObject({ entity: "category", entityId: String(id) });
    expect(entry?.after).toMatchObject({ slug: "outdoor-chairs" });
  });

  test("a slug another category has is refused on the slug field", async () => {
    const { db } = getDb();
    const err = await refusal(createCategory(db, fields({ name: "Couches again", slug: "couches" }), await audit()));
    expect(err.status).toBe(409);
    expect(err.data.field).toBe("slug");
    expect(err.message).toContain("/product-category/couches");
    const other = await refusal(updateCategory(db, id, fields({ slug: "couches" }), await audit()));
    expect(other.status).toBe(409);
  });

  test("a new slug keeps the old address as a 308 to the new one, and coupons follow it", async () => {
    const { db } = getDb();
    await db
      .update(coupons)
      .set({ categorySlugs: ["outdoor-chairs", "couches"], requiresCategorySlug: "outdoor-chairs" })
      .where(eq(coupons.code, "WELCOME10"));
    const { category, formerSlug } = await updateCategory(
      db,
      id,
      fields({ slug: "garden-chairs", name: "Garden Chairs" }),
      await audit(),
    );
    expect(formerSlug).toBe("outdoor-chairs");
    expect(category.slug).toBe("garden-chairs");
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, "WELCOME10"));
    expect(coupon?.categorySlugs).toEqual(["garden-chairs", "couches"]);
    expect(coupon?.requiresCategorySlug).toBe("garden-chairs");

    forgetCatalogueSlugs();
    const res = await visit("/product-category/outdoor-chairs?utm_source=mail");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("http://shop.test/product-category/garden-chairs?utm_source=mail");

    // Renamed again: the first address leads straight to the newest, no chain.
    await updateCategory(db, id, fields({ slug: "patio-chairs" }), await audit());
    forgetCatalogueSlugs();
    for (const old of ["outdoor-chairs", "garden-chairs"]) {
      const again = await visit(`/product-category/${old}`);
      expect(again.status).toBe(308);
      expect(again.headers.get("location")).toBe("http://shop.test/product-category/patio-chairs");
    }
    const entries = await db.select().from(adminAudit).where(eq(adminAudit.action, "category.update"));
    expect(entries[0]?.before).toMatchObject({ slug: "outdoor-chairs" });
    expect(entries[0]?.after).toMatchObject({ slug: "garden-chairs" });
  });

  test("a category given a former slug takes that address back", async () => {
    const { db } = getDb();
    const taken = await createCategory(db, fields({ name: "Outdoor", slug: "outdoor-chairs" }), await audit());
    forgetCatalogueSlugs();
    const res = await visit("/product-category/outdoor-chairs");
    expect(res.status).not.toBe(308);
    expect(await db.select().from(categoryRedirects).where(eq(categoryRedirects.fromSlug, "outdoor-chairs"))).toEqual(
      [],
    );
    await deleteCategory(db, taken.id, await audit());
  });

  test("deleting a category that still holds products is refused with the reason", async () => {
    const { db } = getDb();
    const [couches] = await db.select().from(categories).where(eq(categories.slug, "couches"));
    const err = await refusal(deleteCategory(db, couches!.id, await audit()));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/^Couches still holds \d+ products: move them to another category first$/);
    expect(await db.select().from(categories).where(eq(categories.id, couches!.id))).toHaveLength(1);
  });

  test("a category a coupon names is kept until the coupon changes; an empty one is deleted", async () => {
    const { db } = getDb();
    const err = await refusal(deleteCategory(db, id, await audit()));
    expect(err.message).toContain("The coupon WELCOME10 names Outdoor Chairs");
    await db
      .update(coupons)
      .set({ categorySlugs: [], requiresCategorySlug: null })
      .where(eq(coupons.code, "WELCOME10"));
    await deleteCategory(db, id, await audit());
    expect(await db.select().from(categories).where(eq(categories.id, id))).toEqual([]);
    expect(await db.select().from(categoryRedirects)).toEqual([]);
    expect(await db.select().from(adminAudit).where(eq(adminAudit.action, "category.delete"))).toHaveLength(2);
    const [p] = await db.select({ n: products.id }).from(products).limit(1);
    expect(p).toBeDefined();
  });
});

describe("the categories calls", () => {
  type Body = {
    status: number;
    code: string;
    message: string;
    data: { field?: string; fields?: Record<string, string> };
  };

  test("a guest and a customer get the ordinary 404; staff are refused a malformed slug on its field", async () => {
    const { db } = getDb();
    const customer = await makeCustomer(db);
    const json = { name: "Sneaky", slug: "sneaky", sortOrder: 1 };
    for (const jar of [undefined, customer.jar]) {
      const res = await call<Body>(categoryList.POST, "/api/admin/categories", { json, jar, headers: SAME_ORIGIN });
      expect([res.status, res.body.code]).toEqual([404, "not_found"]);
    }
    expect(await db.select().from(categories).where(eq(categories.slug, "sneaky"))).toEqual([]);

    const staff = await makeStaff(db);
    const asStaff = { jar: staff.jar, headers: SAME_ORIGIN };
    const bad = await call<Body>(categoryList.POST, "/api/admin/categories", {
      ...asStaff,
      json: { ...json, slug: "Not A Slug" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields?.slug).toBe(categoryFieldErrors({ ...json, slug: "Not A Slug" }).slug);

    const made = await call<{ category: { id: number }; message: string }>(categoryList.POST, "/api/admin/categories", {
      ...asStaff,
      json,
    });
    expect([made.status, made.body.message]).toEqual([201, "Sneaky created."]);
    const id = String(made.body.category.id);
    const gone = await call<Body>(categoryOne.DELETE, `/api/admin/categories/${id}`, {
      ...asStaff,
      method: "DELETE",
      params: { id },
    });
    expect([gone.status, gone.body.message]).toEqual([200, "Sneaky deleted."]);
  });
});
