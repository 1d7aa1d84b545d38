import "server-only";
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import {
  categories,
  fabricFamilies,
  fabrics,
  products,
  variations,
  type Product,
  type Variation,
} from "@/lib/db/schema";
import type { Fabric } from "@/lib/catalog/fabrics";
import { displayPrice } from "@/lib/catalog/pricing";
import { pictureFolder, productImageSrc } from "@/lib/catalog/images";
import { DRAWING_VIEWS } from "@/lib/drawing/types";
import { ratingsByProduct } from "@/lib/reviews/queries";
import { cardPhoto, photosForFabric, photosOf, type Photo } from "@/lib/catalog/photos";
import type {
  CategorySummary,
  ProductDetail,
  ProductPage,
  ProductQuery,
  ProductSummary,
  VariationDetail,
} from "@/lib/catalog/types";

const VIEW_ALT = { main: "three-quarter view", front: "front view", detail: "fabric and seam detail" } as const;

/**
 * The price a shopper pays for the cheapest option: what sorting and price filters use. Taking the
 * sale price when there is one is effectiveCents because the database's check keeps it below the
 * regular price.
 * Columns are written out with their table, since drizzle leaves them bare in join-less queries
 * and a bare "id" inside the subquery would mean the variation's.
 */
export const effectivePrice = sql<number>`coalesce(
  (select min(coalesce(v.sale_price_cents, v.regular_price_cents)) from ${variations} v where v.product_id = "products"."id"),
  coalesce("products"."sale_price_cents", "products"."regular_price_cents"))`;

/**
 * Whether a shopper can buy the product today (a variation in stock, or a simple product's own
 * stock): every sort order puts these first, so sold-out pieces never sit between ones for sale.
 */
const inStockFirst = sql<boolean>`(case
  when exists (select 1 from ${variations} v where v.product_id = "products"."id")
    then exists (select 1 from ${variations} v where v.product_id = "products"."id" and v.stock > 0)
  else "products"."stock" > 0 end) desc`;

function fabricOptions(p: Pick<Product, "attributes">): string[] {
  return p.attributes.find((a) => a.name === "Fabric")?.options ?? [];
}

const asPicture = (photo: Photo) => ({ src: photo.src, alt: photo.alt });

/**
 * An option's pictures: the photographs of its fabric and those for every fabric when the product
 * has any, else its drawings.
 */
function toVariationDetail(
  p: Pick<Product, "name" | "slug" | "dimensions" | "images">,
  v: Variation,
  photos: Photo[],
): VariationDetail {
  const label = Object.values(v.attributes).join(", ");
  const shown = photosForFabric(photos, v.attributes.Fabric);
  return {
    id: v.id,
    sku: v.sku,
    attributes: v.attributes,
    regularPriceCents: v.regularPriceCents,
    salePriceCents: v.salePriceCents,
    stock: v.stock,
    images: shown.length
      ? shown.map(asPicture)
      : DRAWING_VIEWS.map((view) => ({
          src: productImageSrc(pictureFolder(p), v.attributes, view),
          alt: `${p.name} in ${label}, ${VIEW_ALT[view]}`,
        })),
    dimensions: v.dimensions ?? p.dimensions,
  };
}

function toSummary(
  p: Product,
  category: { slug: string; name: string },
  vs: Variation[],
  photos: Photo[],
  fabrics: string[] = [],
): ProductSummary {
  const card = cardPhoto(photos, fabrics);
  const inStock = vs.length > 0 ? vs.some((v) => v.stock > 0) : p.stock > 0;
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    categorySlug: category.slug,
    categoryName: category.name,
    shortDescription: p.shortDescription,
    image: card ? asPicture(card) : (p.images[0] ?? { src: productImageSrc(p.slug, {}, "main"), alt: p.name }),
    price: displayPrice(
      { regularCents: p.regularPriceCents, saleCents: p.salePriceCents },
      vs.map((v) => ({ regularCents: v.regularPriceCents, saleCents: v.salePriceCents })),
    ),
    inStock,
    isVariable: vs.length > 0,
    fabrics: fabricOptions(p),
    featured: p.featured,
    createdAt: p.createdAt.toISOString(),
  };
}

function toDetail(
  p: Product,
  category: { slug: string; name: string },
  vs: Variation[],
  photos: Photo[],
): ProductDetail {
  return {
    ...toSummary(p, category, vs, photos),
    description: p.description,
    seo: { title: p.seoTitle, description: p.seoDescription },
    features: p.features,
    specs: p.specs,
    dimensions: p.dimensions,
    care: p.care,
    attributes: p.attributes,
    images: photos.length ? photos.map(asPicture) : p.images,
    regularPriceCents: p.regularPriceCents,
    salePriceCents: p.salePriceCents,
    stock: p.stock,
    variations: vs.map((v) => toVariationDetail(p, v, photos)),
  };
}

async function variationsOf(db: Db, productIds: number[]): Promise<Map<number, Variation[]>> {
  const byProduct = new Map<number, Variation[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(variations)
    .where(inArray(variations.productId, productIds))
    .orderBy(asc(variations.productId), asc(variations.sortOrder), asc(variations.id));
  for (const v of rows) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  return byProduct;
}

/**
 * Loads products (with category and variations) by id, keeping the order of `ids`. A list
 * filtered by fabric shows each card's photograph of the first of those fabrics it has.
 */
export async function summariesById(db: Db, ids: number[], fabrics: string[] = []): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ product: products, category: { slug: categories.slug, name: categories.name } })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids));
  const [vs, ratings, photos] = await Promise.all([
    variationsOf(db, ids),
    ratingsByProduct(db, ids),
    photosOf(db, ids),
  ]);
  const byId = new Map<number, ProductSummary>();
  for (const r of rows) {
    const own = photos.get(r.product.id) ?? [];
    const summary = toSummary(r.product, r.category, vs.get(r.product.id) ?? [], own, fabrics);
    const rating = ratings.get(r.product.id);
    byId.set(r.product.id, rating ? { ...summary, rating } : summary);
  }
  return ids.map((id) => byId.get(id)).filter((s): s is ProductSummary => s !== undefined);
}

/** The fabric range in the shop's order. */
export async function listFabrics(db: Db): Promise<Fabric[]> {
  return db
    .select({
      name: fabrics.name,
      slug: fabrics.slug,
      hex: fabrics.hex,
      shade: fabrics.shade,
      family: fabrics.family,
      note: fabrics.note,
      colourWords: fabrics.colourWords,
      restockWeeks: fabrics.restockWeeks,
    })
    .from(fabrics)
    .orderBy(asc(fabrics.position), asc(fabrics.name));
}

/** What the fabrics page says of each family of fabrics, by the family's name. */
export async function listFabricFamilies(db: Db): Promise<{ name: string; about: string }[]> {
  return db
    .select({ name: fabricFamilies.name, about: fabricFamilies.about })
    .from(fabricFamilies)
    .orderBy(asc(fabricFamilies.name));
}

export async function listCategories(db: Db): Promise<CategorySummary[]> {
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      image: categories.image,
      productCount: sql<number>`count(${products.id})`,
    })
    .from(categories)
    .leftJoin(products, and(eq(products.categoryId, categories.id), eq(products.published, true)))
    .groupBy(categories.id)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  const firsts = await firstProductPictures(
    db,
    rows.filter((r) => r.image === null).map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    productCount: Number(r.productCount),
    image: r.image ?? firsts.get(r.id) ?? null,
  }));
}

/**
 * The card picture of each category's first product (featured first, then the oldest): what a
 * category without a picture of its own shows on its tile.
 */
async function firstProductPictures(db: Db, categoryIds: number[]): Promise<Map<number, string>> {
  if (categoryIds.length === 0) return new Map();
  const firsts = await db
    .selectDistinctOn([products.categoryId], {
      categoryId: products.categoryId,
      id: products.id,
      images: products.images,
    })
    .from(products)
    .where(and(inArray(products.categoryId, categoryIds), eq(products.published, true)))
    .orderBy(asc(products.categoryId), desc(products.featured), asc(products.id));
  const photos = await photosOf(
    db,
    firsts.map((p) => p.id),
  );
  const out = new Map<number, string>();
  for (const p of firsts) {
    const src = cardPhoto(photos.get(p.id) ?? [])?.src ?? p.images[0]?.src;
    if (src) out.set(p.categoryId, src);
  }
  return out;
}

/** Published products per category, in all and per fabric (by name), as the catalogue's filters count them. */
export type CategoryCounts = Map<string, { total: number; fabrics: Map<string, number> }>;

export async function categoryCounts(db: Db): Promise<CategoryCounts> {
  const rows = await db
    .select({ category: categories.slug, attributes: products.attributes })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.published, true));
  const counts: CategoryCounts = new Map();
  for (const r of rows) {
    const c = counts.get(r.category) ?? { total: 0, fabrics: new Map<string, number>() };
    c.total++;
    for (const f of new Set(fabricOptions(r))) c.fabrics.set(f, (c.fabrics.get(f) ?? 0) + 1);
    counts.set(r.category, c);
  }
  return counts;
}

export async function getCategory(db: Db, slug: string): Promise<CategorySummary | null> {
  return (await listCategories(db)).find((c) => c.slug === slug) ?? null;
}

/**
 * A page of published products. `match` narrows it further (a search's matches); with `rank`,
 * the default order is by it, best first.
 */
export async function listProducts(db: Db, q: ProductQuery, search?: { match: SQL; rank: SQL }): Promise<ProductPage> {
  const scope: SQL[] = [eq(products.published, true)];
  if (q.category) scope.push(eq(categories.slug, q.category));
  if (search) scope.push(search.match);
  const filters: SQL[] = [...scope];
  if (q.minCents !== undefined) filters.push(sql`${effectivePrice} >= ${q.minCents}`);
  if (q.maxCents !== undefined) filters.push(sql`${effectivePrice} <= ${q.maxCents}`);
  if (q.fabrics.length > 0) {
    filters.push(sql`exists (
      select 1 from jsonb_array_elements(${products.attributes}) a
      where a->>'name' = 'Fabric' and exists (
        select 1 from jsonb_array_elements_text(a->'options') o where o in (${sql.join(
          q.fabrics.map((f) => sql`${f}`),
          sql`, `,
        )})))`);
  }
  const order = [
    inStockFirst,
    ...(q.sort === "price-asc"
      ? [sql`${effectivePrice} asc`, asc(products.id)]
      : q.sort === "price-desc"
        ? [sql`${effectivePrice} desc`, asc(products.id)]
        : q.sort === "newest"
          ? [sql`${products.createdAt} desc`, asc(products.id)]
          : search
            ? [sql`${search.rank} desc`, sql`${products.featured} desc`, asc(products.id)]
            : [sql`${products.featured} desc`, sql`${products.createdAt} desc`, asc(products.id)]),
  ];

  const [countRow] = await db
    .select({ n: sql<number>`count(*)` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...filters));
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / q.perPage));
  const page = Math.min(Math.max(1, q.page), pageCount);
  const idRows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...filters))
    .orderBy(...order)
    .limit(q.perPage)
    .offset((page - 1) * q.perPage);

  const facetRows = await db
    .select({ attributes: products.attributes, price: effectivePrice })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...scope));
  const fabricCounts = new Map<string, number>();
  for (const r of facetRows) for (const f of fabricOptions(r)) fabricCounts.set(f, (fabricCounts.get(f) ?? 0) + 1);
  const prices = facetRows.map((r) => Number(r.price));

  return {
    items: await summariesById(
      db,
      idRows.map((r) => r.id),
      q.fabrics,
    ),
    total,
    page,
    pageCount,
    facets: {
      fabrics: [...fabricCounts].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name)),
      minCents: prices.length ? Math.min(...prices) : 0,
      maxCents: prices.length ? Math.max(...prices) : 0,
    },
  };
}

export async function getProduct(db: Db, slug: string): Promise<ProductDetail | null> {
  const [row] = await db
    .select({ product: products, category: { slug: categories.slug, name: categories.name } })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.slug, slug), eq(products.published, true)));
  if (!row) return null;
  const id = row.product.id;
  const [vs, photos] = await Promise.all([variationsOf(db, [id]), photosOf(db, [id])]);
  return toDetail(row.product, row.category, vs.get(id) ?? [], photos.get(id) ?? []);
}

export async function featuredProducts(db: Db, limit = 8): Promise<ProductSummary[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.published, true), eq(products.featured, true)))
    .orderBy(sql`${products.createdAt} desc`, asc(products.id))
    .limit(limit);
  return summariesById(
    db,
    rows.map((r) => r.id),
  );
}

export async function newArrivals(db: Db, limit = 8): Promise<ProductSummary[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.published, true))
    .orderBy(sql`${products.createdAt} desc`, asc(products.id))
    .limit(limit);
  return summariesById(
    db,
    rows.map((r) => r.id),
  );
}

/** Same category first, then anything else in stock; never the product itself. */
export async function relatedProducts(
  db: Db,
  product: { id: number; categorySlug: string },
  limit = 4,
): Promise<ProductSummary[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.published, true), ne(products.id, product.id)))
    .orderBy(sql`(${categories.slug} = ${product.categorySlug}) desc`, sql`${products.featured} desc`, asc(products.id))
    .limit(limit);
  return summariesById(
    db,
    rows.map((r) => r.id),
  );
}

/** Every published product with its variations, for /api/products-blob. */
export async function allProducts(db: Db): Promise<ProductDetail[]> {
  const rows = await db
    .select({ product: products, category: { slug: categories.slug, name: categories.name } })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.published, true))
    .orderBy(asc(products.id));
  const ids = rows.map((r) => r.product.id);
  const [vs, photos] = await Promise.all([variationsOf(db, ids), photosOf(db, ids)]);
  return rows.map(({ product, category }) =>
    toDetail(product, category, vs.get(product.id) ?? [], photos.get(product.id) ?? []),
  );
}
