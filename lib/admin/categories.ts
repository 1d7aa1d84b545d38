import "server-only";
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { categories, categoryRedirects, coupons, products } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import type { Audit } from "@/lib/admin/change";
import type { CategoryFields } from "@/lib/admin/category-form";
import { isUniqueViolation } from "@/lib/db/unique-violation";

export type AdminCategory = {
  id: number;
  name: string;
  slug: string;
  description: string;
  sortOrder: number;
  /** Every product in it, published or not. */
  productCount: number;
};

const columns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  sortOrder: categories.sortOrder,
  // Spelt out: inside a select drizzle writes a column without its table, and "id" here would be the product's.
  productCount: sql<
    number | string
  >`(select count(*) from "products" as counted where counted."category_id" = "categories"."id")`,
};

const asCategory = (row: Omit<AdminCategory, "productCount"> & { productCount: number | string }): AdminCategory => ({
  ...row,
  productCount: Number(row.productCount),
});

/** Every category, in the shop's order, with how many products each holds. */
export async function listCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db.select(columns).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map(asCategory);
}

export async function getCategory(db: Db, id: number): Promise<AdminCategory | null> {
  const [row] = await db.select(columns).from(categories).where(eq(categories.id, id));
  return row ? asCategory(row) : null;
}

const slugTaken = (slug: string) =>
  new ApiError(409, "category_slug_taken", `Another category already has the address /product-category/${slug}`, {
    field: "slug",
  });

const snapshot = (c: { name: string; slug: string; description: string; sortOrder: number }) => ({
  name: c.name,
  slug: c.slug,
  description: c.description,
  sortOrder: c.sortOrder,
});

/** A new category: its slug must be free. */
export async function createCategory(db: Db, input: CategoryFields, audit: Audit): Promise<AdminCategory> {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(categories).values(snapshot(input)).returning();
      // A former address of another category now names this one.
      await tx.delete(categoryRedirects).where(eq(categoryRedirects.fromSlug, input.slug));
      await audit(tx, {
        action: "category.create",
        entity: "category",
        entityId: String(row!.id),
        before: null,
        after: snapshot(row!),
      });
      return row!.id;
    });
    return (await getCategory(db, id))!;
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(input.slug);
    throw err;
  }
}

/**
 * Saves a category. A new slug keeps the old address working: it is kept as a redirect to the
 * category (proxy.ts answers it with a 308), and coupons that name the category follow it.
 */
export async function updateCategory(
  db: Db,
  id: number,
  input: CategoryFields,
  audit: Audit,
): Promise<{ category: AdminCategory; formerSlug: string | null }> {
  try {
    const formerSlug = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
      if (!before) throw new ApiError(404, "category_not_found", "Category not found");
      const [after] = await tx.update(categories).set(snapshot(input)).where(eq(categories.id, id)).returning();
      const renamed = before.slug !== input.slug;
      if (renamed) {
        await tx.delete(categoryRedirects).where(eq(categoryRedirects.fromSlug, input.slug));
        await tx
          .insert(categoryRedirects)
          .values({ fromSlug: before.slug, categoryId: id })
          .onConflictDoUpdate({ target: categoryRedirects.fromSlug, set: { categoryId: id } });
        await tx
          .update(coupons)
          .set({ requiresCategorySlug: input.slug })
          .where(eq(coupons.requiresCategorySlug, before.slug));
        await tx
          .update(coupons)
          .set({
            categorySlugs: sql`(select coalesce(jsonb_agg(case when s = ${before.slug} then ${input.slug} else s end), '[]'::jsonb) from jsonb_array_elements_text(${coupons.categorySlugs}) as s)`,
          })
          .where(sql`${coupons.categorySlugs} ? ${before.slug}`);
      }
      await audit(tx, {
        action: "category.update",
        entity: "category",
        entityId: String(id),
        before: snapshot(before),
        after: snapshot(after!),
      });
      return renamed ? before.slug : null;
    });
    return { category: (await getCategory(db, id))!, formerSlug };
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(input.slug);
    throw err;
  }
}

/** Deletes an empty category; one that still holds products, or that a coupon names, stays. */
export async function deleteCategory(db: Db, id: number, audit: Audit): Promise<{ name: string; slug: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!before) throw new ApiError(404, "category_not_found", "Category not found");
    const [held] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
    const n = Number(held?.n ?? 0);
    if (n > 0) {
      throw new ApiError(
        409,
        "category_not_empty",
        `${before.name} still holds ${n} ${n === 1 ? "product" : "products"}: move ${n === 1 ? "it" : "them"} to another category first`,
      );
    }
    const [coupon] = await tx
      .select({ code: coupons.code })
      .from(coupons)
      .where(sql`${coupons.requiresCategorySlug} = ${before.slug} or ${coupons.categorySlugs} ? ${before.slug}`)
      .limit(1);
    if (coupon) {
      throw new ApiError(
        409,
        "category_in_coupon",
        `The coupon ${coupon.code} names ${before.name}: change the coupon first`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await audit(tx, {
      action: "category.delete",
      entity: "category",
      entityId: String(id),
      before: snapshot(before),
      after: null,
    });
    return { name: before.name, slug: before.slug };
  });
}
