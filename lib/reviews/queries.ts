import "server-only";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orderLines, orders, products, reviews } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { BOUGHT_STATUSES } from "@/lib/orders/statuses";
import type { ReviewInput } from "@/lib/reviews/input";
import {
  emptyBreakdown,
  publicName,
  type DashboardReviews,
  type ProductReviews,
  type PublicReview,
  type RatingBreakdown,
  type RatingSummary,
} from "@/lib/reviews/types";

export const DUPLICATE_REVIEW_MESSAGE = "You have already reviewed this product. Thank you for sharing your thoughts.";

const publicColumns = {
  id: reviews.id,
  productId: reviews.productId,
  productSlug: products.slug,
  productName: products.name,
  name: reviews.name,
  title: reviews.title,
  message: reviews.message,
  rating: reviews.rating,
  verifiedBuyer: reviews.verifiedBuyer,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
};

type Row = {
  [K in keyof typeof publicColumns]: K extends "createdAt"
    ? Date
    : K extends "rating" | "id" | "productId"
      ? number
      : K extends "verifiedBuyer"
        ? boolean
        : K extends "reply"
          ? string | null
          : string;
};

function toPublic(r: Row): PublicReview {
  return {
    id: r.id,
    productId: r.productId,
    productSlug: r.productSlug,
    productName: r.productName,
    name: publicName(r.name),
    title: r.title,
    message: r.message,
    rating: r.rating,
    verifiedBuyer: r.verifiedBuyer,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
  };
}

const visible = and(eq(reviews.published, true), eq(products.published, true));

/** Published reviews, newest first; one product's when `productId` is given. */
export async function listReviews(
  db: Db,
  opts: { productId?: number; limit?: number; offset?: number } = {},
): Promise<PublicReview[]> {
  const rows = await db
    .select(publicColumns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(opts.productId === undefined ? visible : and(visible, eq(reviews.productId, opts.productId)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(opts.limit ?? 100)
    .offset(opts.offset ?? 0);
  return rows.map(toPublic);
}

export async function ratingBreakdown(db: Db, productId: number): Promise<RatingBreakdown> {
  const rows = await db
    .select({ rating: reviews.rating, n: sql<number | string>`count(*)` })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.published, true)))
    .groupBy(reviews.rating);
  const out = emptyBreakdown();
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    out.stars[5 - r.rating] = n;
    out.count += n;
    total += n * r.rating;
  }
  out.average = out.count ? Math.round((total / out.count) * 100) / 100 : 0;
  return out;
}

/** Star averages for many products at once (product cards). Products without reviews are absent. */
export async function ratingsByProduct(db: Db, productIds: number[]): Promise<Map<number, RatingSummary>> {
  const out = new Map<number, RatingSummary>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: reviews.productId,
      total: sql<number | string>`sum(${reviews.rating})`,
      n: sql<number | string>`count(*)`,
    })
    .from(reviews)
    .where(and(inArray(reviews.productId, productIds), eq(reviews.published, true)))
    .groupBy(reviews.productId);
  for (const r of rows) {
    const n = Number(r.n);
    out.set(r.productId, { count: n, average: Math.round((Number(r.total) / n) * 100) / 100 });
  }
  return out;
}

export async function productReviews(db: Db, productId: number, limit = 50): Promise<ProductReviews> {
  const [summary, list] = await Promise.all([ratingBreakdown(db, productId), listReviews(db, { productId, limit })]);
  return { summary, reviews: list };
}

/** The home page's reviews: recent ones of four and five stars, with the shop's overall rating. */
export async function dashboardReviews(db: Db, limit = 6): Promise<DashboardReviews> {
  const rows = await db
    .select(publicColumns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(visible, gte(reviews.rating, 4), sql`length(${reviews.message}) >= 60`))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  const [all] = await db
    .select({ total: sql<number | string>`coalesce(sum(${reviews.rating}), 0)`, n: sql<number | string>`count(*)` })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(visible);
  const n = Number(all?.n ?? 0);
  return {
    results: rows.map(toPublic),
    summary: { count: n, average: n ? Math.round((Number(all?.total) / n) * 100) / 100 : 0 },
  };
}

/** Someone who bought the product under this address (paid for and kept) is a verified buyer. */
async function boughtIt(db: Db, email: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        sql`lower(${orders.email}) = ${email.toLowerCase()}`,
        eq(orderLines.productId, productId),
        inArray(orders.status, [...BOUGHT_STATUSES]),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Stores a review, published at once or held until someone approves it (held ones are left out
 * of every list and rating above). One review per product per e-mail address, held or not: the
 * database's unique index decides, so two simultaneous posts cannot both succeed.
 */
export async function createReview(
  db: Db,
  input: ReviewInput,
  opts: { publish: boolean; now?: Date },
): Promise<PublicReview> {
  const [product] = await db
    .select({ id: products.id, slug: products.slug, name: products.name })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.published, true)));
  if (!product) throw new ApiError(404, "product_not_found", "Product not found");
  try {
    const [row] = await db
      .insert(reviews)
      .values({
        ...input,
        published: opts.publish,
        verifiedBuyer: await boughtIt(db, input.email, product.id),
        createdAt: opts.now ?? new Date(),
      })
      .returning();
    return toPublic({ ...row!, productSlug: product.slug, productName: product.name });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, "duplicate_review", DUPLICATE_REVIEW_MESSAGE);
    throw err;
  }
}
