import "server-only";
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import {
  categories,
  coupons,
  type Dimensions,
  orderLines,
  productRedirects,
  products,
  type SpecRow,
  variations,
  type Variation,
} from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { invalid } from "@/lib/forms/api-error";
import { serverEnv } from "@/lib/config/env";
import { alertLowStock } from "@/lib/catalog/low-stock";
import { isOnSale } from "@/lib/catalog/pricing";
import { notifyRestocked } from "@/lib/restock/restock";
import { catalogueChanged, productAddressChanged } from "@/lib/admin/revalidate";
import { copyPhotos } from "@/lib/admin/photos";
import {
  MEASURES,
  type Measurements,
  type NewProduct,
  type ProductDetails,
  type ProductEdit,
} from "@/lib/admin/product-form";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { likePattern, pageWindow, PER_PAGE, type Audit, type Page } from "@/lib/admin/change";

export type StockFilter = "low" | "out";

export type ProductFilter = { q?: string; category?: string; stock?: StockFilter; page?: number };

export type AdminVariation = {
  id: number;
  sku: string;
  option: string;
  attributes: Record<string, string>;
  regularPriceCents: number;
  salePriceCents: number | null;
  stock: number;
  /** Its own measurements, or null when it has the product's. */
  dimensions: Dimensions | null;
};

export type AdminProduct = {
  id: number;
  slug: string;
  name: string;
  categorySlug: string;
  categoryName: string;
  regularPriceCents: number;
  salePriceCents: number | null;
  stock: number;
  published: boolean;
  /** When the shop will publish it, for a hidden product staff scheduled; else null. */
  publishAt: Date | null;
  variations: AdminVariation[];
};

/** One product as its own page shows it: the list's facts and its words. */
export type AdminProductDetail = AdminProduct & {
  dimensions: Dimensions;
  shortDescription: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  features: string[];
  specs: SpecRow[];
  care: string;
};

function adminVariation(v: Variation): AdminVariation {
  return {
    id: v.id,
    sku: v.sku,
    option: Object.values(v.attributes).join(", "),
    attributes: v.attributes,
    regularPriceCents: v.regularPriceCents,
    salePriceCents: v.salePriceCents,
    stock: v.stock,
    dimensions: v.dimensions,
  };
}

/** Which item of a product a price or stock change is for: a simple product, or one variation. */
export type StockItem = { productId: number; variationId: number | null };

export type PriceChange = StockItem & { regularPriceCents: number; salePriceCents: number | null };

export type StockChange = StockItem & { mode: "set" | "add"; quantity: number };

const hasVariations = sql`exists (select 1 from ${variations} v where v.product_id = ${products.id})`;

function stockBelow(threshold: number): SQL {
  return sql`(exists (select 1 from ${variations} v where v.product_id = ${products.id} and v.stock < ${threshold})
    or (not ${hasVariations} and ${products.stock} < ${threshold}))`;
}

function filterWhere(filter: ProductFilter): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    where.push(
      or(
        ilike(products.name, pattern),
        ilike(products.slug, pattern),
        sql`exists (select 1 from ${variations} v where v.product_id = ${products.id} and v.sku ilike ${pattern})`,
      ),
    );
  }
  if (filter.category) where.push(eq(categories.slug, filter.category));
  if (filter.stock === "low") where.push(stockBelow(Math.max(1, serverEnv().LOW_STOCK_THRESHOLD)));
  if (filter.stock === "out") where.push(stockBelow(1));
  return and(...where);
}

/** Products by name, with their variations, prices, stock and published flag. */
export async function listAdminProducts(db: Db, filter: ProductFilter = {}): Promise<Page<AdminProduct>> {
  const where = filterWhere(filter);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where);
  const win = pageWindow(filter.page ?? 1, Number(total));
  const rows = await db
    .select({ product: products, category: { slug: categories.slug, name: categories.name } })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(PER_PAGE)
    .offset(win.offset);
  const ids = rows.map((r) => r.product.id);
  const vs = ids.length
    ? await db
        .select()
        .from(variations)
        .where(inArray(variations.productId, ids))
        .orderBy(asc(variations.sortOrder), asc(variations.id))
    : [];
  return {
    rows: rows.map(({ product: p, category }) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      categorySlug: category.slug,
      categoryName: category.name,
      regularPriceCents: p.regularPriceCents,
      salePriceCents: p.salePriceCents,
      stock: p.stock,
      published: p.published,
      publishAt: p.publishAt,
      variations: vs.filter((v) => v.productId === p.id).map(adminVariation),
    })),
    total: Number(total),
    page: win.page,
    pageCount: win.pageCount,
    perPage: PER_PAGE,
  };
}

export async function getAdminProduct(db: Db, id: number): Promise<AdminProductDetail | null> {
  const [row] = await db
    .select({ product: products, category: { slug: categories.slug, name: categories.name } })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row) return null;
  const vs = await db
    .select()
    .from(variations)
    .where(eq(variations.productId, id))
    .orderBy(asc(variations.sortOrder), asc(variations.id));
  const p = row.product;
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    shortDescription: p.shortDescription,
    description: p.description,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    features: p.features,
    specs: p.specs,
    care: p.care,
    dimensions: p.dimensions,
    categorySlug: row.category.slug,
    categoryName: row.category.name,
    regularPriceCents: p.regularPriceCents,
    salePriceCents: p.salePriceCents,
    stock: p.stock,
    published: p.published,
    publishAt: p.publishAt,
    variations: vs.map(adminVariation),
  };
}

/** The product row locked, and the variation named (locked too) or, with none named, proof it has none. */
async function lockItem(tx: Db, item: StockItem) {
  const [product] = await tx.select().from(products).where(eq(products.id, item.productId)).for("update");
  if (!product) throw new ApiError(404, "product_not_found", "Product not found");
  if (item.variationId === null) {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(variations)
      .where(eq(variations.productId, product.id));
    if (Number(n) > 0)
      throw new ApiError(
        409,
        "variable_product",
        `${product.name} has variations: change each variation's price and stock`,
      );
    return { product, variation: null };
  }
  const [variation] = await tx
    .select()
    .from(variations)
    .where(and(eq(variations.id, item.variationId), eq(variations.productId, product.id)))
    .for("update");
  if (!variation) throw new ApiError(404, "variation_not_found", "Variation not found");
  return { product, variation };
}

const entityOf = (item: StockItem) =>
  item.variationId === null
    ? { entity: "product", entityId: String(item.productId) }
    : { entity: "variation", entityId: String(item.variationId) };

/** The database's price rules, said in words before the database refuses. */
export function checkPrices(regularPriceCents: number, salePriceCents: number | null): void {
  if (!Number.isInteger(regularPriceCents) || regularPriceCents <= 0)
    throw invalid({ field: "regularPrice", message: "The regular price must be more than R 0" });
  if (salePriceCents === null) return;
  if (!Number.isInteger(salePriceCents) || salePriceCents <= 0)
    throw invalid({ field: "salePrice", message: "The sale price must be more than R 0, or left empty" });
  if (!isOnSale({ regularCents: regularPriceCents, saleCents: salePriceCents }))
    throw invalid({ field: "salePrice", message: "The sale price must be below the regular price" });
}

/** Sets a simple product's or a variation's regular and sale price. */
export async function setPrice(
  db: Db,
  change: PriceChange,
  audit: Audit,
  /** With a variation: also every variation of the product with the same value of this attribute ("Size"). */
  alike: string | null = null,
): Promise<AdminProduct> {
  checkPrices(change.regularPriceCents, change.salePriceCents);
  const slug = await db.transaction(async (tx) => {
    const { product, variation } = await lockItem(tx, change);
    const prices = { regularPriceCents: change.regularPriceCents, salePriceCents: change.salePriceCents };
    const was = (p: { regularPriceCents: number; salePriceCents: number | null }) => ({
      regularPriceCents: p.regularPriceCents,
      salePriceCents: p.salePriceCents,
    });
    if (!variation) {
      await tx
        .update(products)
        .set({ ...prices, updatedAt: new Date() })
        .where(eq(products.id, product.id));
      await audit(tx, { action: "price.set", ...entityOf(change), before: was(product), after: prices });
      return product.slug;
    }
    for (const v of await alikeVariations(tx, variation, alike)) {
      await tx.update(variations).set(prices).where(eq(variations.id, v.id));
      await audit(tx, {
        action: "price.set",
        entity: "variation",
        entityId: String(v.id),
        before: was(v),
        after: prices,
      });
    }
    return product.slug;
  });
  catalogueChanged(slug);
  return (await getAdminProduct(db, change.productId))!;
}

/**
 * The variation, or with `alike` ("Size") every variation of its product with the same value of
 * that attribute, locked, in the shop's order. A variation without the attribute is refused.
 */
async function alikeVariations(tx: Db, variation: Variation, alike: string | null): Promise<Variation[]> {
  if (alike === null) return [variation];
  const value = variation.attributes[alike];
  if (value === undefined)
    throw invalid({ field: "alike", message: `This variation has no ${alike} to match others by` });
  const all = await tx
    .select()
    .from(variations)
    .where(eq(variations.productId, variation.productId))
    .orderBy(asc(variations.sortOrder), asc(variations.id))
    .for("update");
  return all.filter((v) => v.attributes[alike] === value);
}

/**
 * Sets a count, or adds a delivery from the workshop. A delivery is added in the update itself,
 * so checkouts taking stock at the same moment are neither lost nor doubled.
 */
export async function changeStock(db: Db, change: StockChange, audit: Audit): Promise<AdminProduct> {
  if (
    !Number.isInteger(change.quantity) ||
    change.quantity < (change.mode === "add" ? 1 : 0) ||
    change.quantity > 100_000
  ) {
    throw invalid({
      field: "quantity",
      message:
        change.mode === "add"
          ? "A delivery is a whole number from 1 to 100000"
          : "Stock is a whole number from 0 to 100000",
    });
  }
  const slug = await db.transaction(async (tx) => {
    const { product, variation } = await lockItem(tx, change);
    const value = change.mode === "add" ? sql`stock + ${change.quantity}` : sql`${change.quantity}`;
    const [after] = variation
      ? await tx
          .update(variations)
          .set({ stock: value })
          .where(eq(variations.id, variation.id))
          .returning({ stock: variations.stock })
      : await tx
          .update(products)
          .set({ stock: value, updatedAt: new Date() })
          .where(eq(products.id, product.id))
          .returning({ stock: products.stock });
    await audit(tx, {
      action: change.mode === "add" ? "stock.delivery" : "stock.set",
      ...entityOf(change),
      before: { stock: (variation ?? product).stock },
      after: { stock: after!.stock, ...(change.mode === "add" ? { delivered: change.quantity } : {}) },
    });
    return product.slug;
  });
  catalogueChanged(slug);
  await alertLowStock(db, [change.productId]);
  await notifyRestocked(db, [change.productId]);
  return (await getAdminProduct(db, change.productId))!;
}

/**
 * Shows a product in the shop, or hides it (its page answers 404 and it leaves every list).
 * Either way a publishing date staff had scheduled is dropped: what they chose now stands.
 */
export async function setPublished(db: Db, productId: number, published: boolean, audit: Audit): Promise<AdminProduct> {
  const slug = await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!product) throw new ApiError(404, "product_not_found", "Product not found");
    await tx
      .update(products)
      .set({ published, publishAt: null, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await audit(tx, {
      action: published ? "product.publish" : "product.hide",
      entity: "product",
      entityId: String(productId),
      // A date it was scheduled for is named only when there was one: it is dropped.
      before: {
        published: product.published,
        ...(product.publishAt && { publishAt: product.publishAt.toISOString() }),
      },
      after: { published, ...(product.publishAt && { publishAt: null }) },
    });
    return product.slug;
  });
  productAddressChanged(slug);
  return (await getAdminProduct(db, productId))!;
}

const productSlugTaken = (slug: string) =>
  new ApiError(409, "product_slug_taken", `Another product already has the address /product/${slug}`, {
    field: "slug",
  });

const details = (p: ProductDetails) => ({
  name: p.name,
  slug: p.slug,
  shortDescription: p.shortDescription,
  description: p.description,
  seoTitle: p.seoTitle,
  seoDescription: p.seoDescription,
});

/** What the details form shows of a product row, as the audit log records it before and after. */
const facts = (p: { features: string[]; specs: SpecRow[]; care: string }, category: string) => ({
  category,
  features: p.features,
  specs: p.specs,
  care: p.care,
});

/**
 * Saves a product's name, address and descriptions, and its category, features, specifications and
 * care notes when given (left out, they stay). A new slug keeps the old address working: it is
 * kept as a redirect to the product (proxy.ts answers it with a 308), and a product that had the
 * new slug as a former address no longer claims it. A category that does not exist is refused on
 * its field and nothing is written.
 */
export async function updateProductDetails(
  db: Db,
  productId: number,
  input: ProductEdit,
  audit: Audit,
): Promise<{ product: AdminProductDetail; formerSlug: string | null }> {
  let formerSlug: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
      if (!before) throw new ApiError(404, "product_not_found", "Product not found");
      const [was] = await tx
        .select({ slug: categories.slug })
        .from(categories)
        .where(eq(categories.id, before.categoryId));
      const category = input.category === undefined ? undefined : await categoryBySlug(tx, input.category);
      const after = {
        features: input.features ?? before.features,
        specs: input.specs ?? before.specs,
        care: input.care ?? before.care,
      };
      await tx
        .update(products)
        .set({ ...details(input), ...after, categoryId: category?.id ?? before.categoryId, updatedAt: new Date() })
        .where(eq(products.id, productId));
      if (before.slug !== input.slug) {
        formerSlug = before.slug;
        await tx.delete(productRedirects).where(eq(productRedirects.fromSlug, input.slug));
        await tx
          .insert(productRedirects)
          .values({ fromSlug: before.slug, productId })
          .onConflictDoUpdate({ target: productRedirects.fromSlug, set: { productId } });
      }
      await audit(tx, {
        action: "product.update",
        entity: "product",
        entityId: String(productId),
        before: { ...details(before), ...facts(before, was!.slug) },
        after: { ...details(input), ...facts(after, category?.slug ?? was!.slug) },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw productSlugTaken(input.slug);
    throw err;
  }
  // The catalogue tag this expires covers every category's pages: the one it left and the one it joined.
  productAddressChanged(input.slug, formerSlug);
  return { product: (await getAdminProduct(db, productId))!, formerSlug };
}

async function categoryBySlug(tx: Db, slug: string) {
  const [category] = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(eq(categories.slug, slug));
  if (!category) throw invalid({ field: "category", message: `Choose a category: there is none called ${slug}` });
  return category;
}

/**
 * Deletes a product that no order and no coupon names, with its variations, reviews and former
 * addresses; carts and saved lists lose it. One that was ever ordered stays, so its orders, tax
 * invoices and reports keep their product: staff hide it instead.
 */
export async function deleteProduct(db: Db, productId: number, audit: Audit): Promise<{ name: string; slug: string }> {
  const deleted = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!before) throw new ApiError(404, "product_not_found", "Product not found");
    const [ordered] = await tx
      .select({ n: sql<number | string>`count(distinct ${orderLines.orderId})` })
      .from(orderLines)
      .where(eq(orderLines.productId, productId));
    const n = Number(ordered?.n ?? 0);
    if (n > 0) {
      throw new ApiError(
        409,
        "product_ordered",
        `${before.name} is in ${n} ${n === 1 ? "order" : "orders"}, so it stays for their records: hide it from the shop instead`,
      );
    }
    const [coupon] = await tx
      .select({ code: coupons.code })
      .from(coupons)
      .where(
        sql`${coupons.freeProductId} = ${productId} or ${coupons.productIds} @> ${JSON.stringify([productId])}::jsonb`,
      )
      .limit(1);
    if (coupon) {
      throw new ApiError(
        409,
        "product_in_coupon",
        `The coupon ${coupon.code} names ${before.name}: change the coupon first`,
      );
    }
    await tx.delete(products).where(eq(products.id, productId));
    await audit(tx, {
      action: "product.delete",
      entity: "product",
      entityId: String(productId),
      before: { ...details(before), published: before.published },
      after: null,
    });
    return { name: before.name, slug: before.slug };
  });
  productAddressChanged(deleted.slug);
  return deleted;
}

/**
 * A new simple product, hidden from the shop until staff publish it from its page: its slug must
 * be free and its category must exist. Audited as `product.create`.
 */
export async function createProduct(db: Db, input: NewProduct, audit: Audit): Promise<AdminProductDetail> {
  checkPrices(input.regularPrice, null);
  let id = 0;
  try {
    id = await db.transaction(async (tx) => {
      const [category] = await tx.select().from(categories).where(eq(categories.slug, input.category));
      if (!category) throw invalid({ field: "category", message: "Choose a category" });
      const [row] = await tx
        .insert(products)
        .values({
          ...details(input),
          categoryId: category.id,
          dimensions: { width: input.width, depth: input.depth, height: input.height },
          regularPriceCents: input.regularPrice,
          stock: input.stock,
          published: false,
        })
        .returning();
      await tx.delete(productRedirects).where(eq(productRedirects.fromSlug, input.slug));
      await audit(tx, {
        action: "product.create",
        entity: "product",
        entityId: String(row!.id),
        before: null,
        after: {
          ...details(input),
          category: category.slug,
          regularPriceCents: input.regularPrice,
          stock: input.stock,
        },
      });
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw productSlugTaken(input.slug);
    throw err;
  }
  productAddressChanged(input.slug);
  return (await getAdminProduct(db, id))!;
}

/** The first of `base`, `base-2`, `base-3`… that no row of `taken` has. */
function freeName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A hidden copy of a product, its variations (stock 0, SKUs suffixed) and words, to make next
 * season's version or a new size range from: staff then change what differs and publish it.
 * Audited as `product.duplicate`.
 */
export async function duplicateProduct(db: Db, productId: number, audit: Audit): Promise<AdminProductDetail> {
  const id = await db.transaction(async (tx) => {
    const [source] = await tx.select().from(products).where(eq(products.id, productId));
    if (!source) throw new ApiError(404, "product_not_found", "Product not found");
    const base = `${source.slug}-copy`.slice(0, 80);
    const slugs = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(sql`${products.slug} like ${`${base}%`}`);
    const redirects = await tx
      .select({ slug: productRedirects.fromSlug })
      .from(productRedirects)
      .where(sql`${productRedirects.fromSlug} like ${`${base}%`}`);
    const slug = freeName(base, new Set([...slugs, ...redirects].map((r) => r.slug)));
    const [row] = await tx
      .insert(products)
      .values({
        slug,
        name: `${source.name} (copy)`,
        categoryId: source.categoryId,
        shortDescription: source.shortDescription,
        description: source.description,
        features: source.features,
        specs: source.specs,
        dimensions: source.dimensions,
        care: source.care,
        seoTitle: source.seoTitle,
        seoDescription: source.seoDescription,
        attributes: source.attributes,
        drawing: source.drawing,
        images: source.images,
        regularPriceCents: source.regularPriceCents,
        salePriceCents: source.salePriceCents,
        stock: 0,
        featured: false,
        published: false,
      })
      .returning();
    const vs = await tx.select().from(variations).where(eq(variations.productId, productId));
    if (vs.length) {
      const skus = new Set(
        (
          await tx
            .select({ sku: variations.sku })
            .from(variations)
            .where(sql`${variations.sku} like ${`%-COPY%`}`)
        ).map((r) => r.sku),
      );
      await tx.insert(variations).values(
        vs.map((v) => {
          const sku = freeName(`${v.sku}-COPY`, skus);
          skus.add(sku);
          return {
            productId: row!.id,
            sku,
            attributes: v.attributes,
            attributesKey: v.attributesKey,
            dimensions: v.dimensions,
            regularPriceCents: v.regularPriceCents,
            salePriceCents: v.salePriceCents,
            stock: 0,
            sortOrder: v.sortOrder,
          };
        }),
      );
    }
    await copyPhotos(tx, productId, row!.id);
    await audit(tx, {
      action: "product.duplicate",
      entity: "product",
      entityId: String(row!.id),
      before: null,
      after: { from: source.slug, slug, name: row!.name, variations: vs.length },
    });
    return row!.id;
  });
  return (await getAdminProduct(db, id))!;
}

/**
 * Sets a product's measurements (what its variations without their own show) or one variation's.
 * The measures the form shows replace the old ones (an empty one is taken away); sections and the
 * sleeping area are kept. Audited as `dimensions.set`.
 */
export async function setMeasurements(
  db: Db,
  item: StockItem,
  measured: Measurements,
  audit: Audit,
  /** With a variation: also every variation of the product with the same value of this attribute ("Size"). */
  alike: string | null = null,
): Promise<AdminProductDetail> {
  const slug = await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, item.productId)).for("update");
    if (!product) throw new ApiError(404, "product_not_found", "Product not found");
    const [variation] =
      item.variationId === null
        ? [null]
        : await tx
            .select()
            .from(variations)
            .where(and(eq(variations.id, item.variationId), eq(variations.productId, product.id)))
            .for("update");
    if (variation === undefined) throw new ApiError(404, "variation_not_found", "Variation not found");
    const { weight, ...centimetres } = measured;
    const shown = {
      ...Object.fromEntries(Object.entries(centimetres).filter(([, v]) => v !== undefined)),
      ...(weight === undefined ? {} : { weightGrams: weight }),
    };
    // What the form shows is replaced (an empty field takes a measure away); the rest is kept.
    const inForm = (key: string) => key === "weightGrams" || MEASURES.some((m) => m.name === key);
    const measuredOver = (before: Dimensions | null): Dimensions =>
      ({
        ...Object.fromEntries(Object.entries(before ?? product.dimensions).filter(([k]) => !inForm(k))),
        ...shown,
      }) as Dimensions;
    if (!variation) {
      const after = measuredOver(product.dimensions);
      await tx.update(products).set({ dimensions: after, updatedAt: new Date() }).where(eq(products.id, product.id));
      await audit(tx, { action: "dimensions.set", ...entityOf(item), before: product.dimensions, after });
      return product.slug;
    }
    for (const v of await alikeVariations(tx, variation, alike)) {
      const after = measuredOver(v.dimensions);
      await tx.update(variations).set({ dimensions: after }).where(eq(variations.id, v.id));
      await audit(tx, {
        action: "dimensions.set",
        entity: "variation",
        entityId: String(v.id),
        before: v.dimensions,
        after,
      });
    }
    return product.slug;
  });
  catalogueChanged(slug);
  return (await getAdminProduct(db, item.productId))!;
}

export async function categoryOptions(db: Db): Promise<Array<{ slug: string; name: string }>> {
  return db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}
