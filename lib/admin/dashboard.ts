import "server-only";
import { and, desc, eq, gte, lt, ne, notExists, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders, products, reviews, variations } from "@/lib/db/schema";
import { endOfShopDay } from "@/lib/orders/bank-transfer-hold";
import { shopDay } from "@/lib/admin/format";
import { statusCounts, overdueOrders } from "@/lib/admin/orders";

export const CHART_DAYS = 30;

/** A South African day: the orders placed (unpaid ones too), and those paid with what they brought. */
export type DayRevenue = { day: string; orders: number; paidOrders: number; revenueCents: number };
export type LowStockRow = { productId: number; name: string; option: string; stock: number };

/** The first moment of the South African day `daysAgo` days before the one containing `now`. */
function dayStart(now: Date, daysAgo: number): Date {
  return endOfShopDay(new Date(now.getTime() - (daysAgo + 1) * 86_400_000));
}

/**
 * What the shop looks like right now: today's orders and takings, what waits on staff, stock
 * running low, new reviews, and takings per day over the last 30 days (South African days).
 * Takings are paid orders less their refunds, on the day they were placed.
 */
export async function dashboard(db: Db, opts: { lowStockThreshold: number; now?: Date }) {
  const now = opts.now ?? new Date();
  const since = dayStart(now, CHART_DAYS - 1);
  const [recent, counts, overdue, lowStock, reviewCounts, latestReviews] = await Promise.all([
    db
      .select({
        createdAt: orders.createdAt,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
        paidAt: orders.paidAt,
        status: orders.status,
      })
      .from(orders)
      .where(and(gte(orders.createdAt, since), ne(orders.status, "failed"))),
    statusCounts(db),
    overdueOrders(db, now),
    lowStockItems(db, opts.lowStockThreshold),
    db
      .select({
        awaiting: sql<number>`count(*) filter (where not ${reviews.published})::int`,
        lastWeek: sql<number>`count(*) filter (where ${reviews.createdAt} >= ${new Date(now.getTime() - 7 * 86_400_000)})::int`,
      })
      .from(reviews),
    db
      .select({
        id: reviews.id,
        name: reviews.name,
        title: reviews.title,
        rating: reviews.rating,
        published: reviews.published,
        createdAt: reviews.createdAt,
        product: products.name,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .orderBy(desc(reviews.createdAt))
      .limit(5),
  ]);

  const days: DayRevenue[] = [];
  const byDay = new Map<string, DayRevenue>();
  for (let i = CHART_DAYS - 1; i >= 0; i--) {
    const day = shopDay(new Date(dayStart(now, i).getTime() + 3_600_000));
    const entry = { day, orders: 0, paidOrders: 0, revenueCents: 0 };
    days.push(entry);
    byDay.set(day, entry);
  }
  for (const o of recent) {
    const entry = byDay.get(shopDay(o.createdAt));
    if (!entry || o.status === "pending") continue;
    entry.orders += 1;
    if (!o.paidAt) continue;
    entry.paidOrders += 1;
    entry.revenueCents += o.totalCents - o.refundedCents;
  }
  const today = days[days.length - 1]!;
  const [{ reviewsAwaiting, reviewsLastWeek }] = reviewCounts.map((r) => ({
    reviewsAwaiting: Number(r.awaiting),
    reviewsLastWeek: Number(r.lastWeek),
  })) as [{ reviewsAwaiting: number; reviewsLastWeek: number }];
  return {
    today,
    days,
    onHold: counts["on-hold"],
    processing: counts.processing,
    overdue: overdue.length,
    lowStock,
    reviewsAwaiting,
    reviewsLastWeek,
    latestReviews,
  };
}
export type Dashboard = Awaited<ReturnType<typeof dashboard>>;

/** Simple products and variations of published products with stock under the threshold, lowest first. */
export async function lowStockItems(
  db: Db,
  threshold: number,
  limit = 8,
): Promise<{ items: LowStockRow[]; total: number }> {
  if (threshold <= 0) return { items: [], total: 0 };
  const simple = notExists(
    db
      .select({ one: sql`1` })
      .from(variations)
      .where(eq(variations.productId, products.id)),
  );
  const [simpleRows, variationRows] = await Promise.all([
    db
      .select({ productId: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(and(eq(products.published, true), lt(products.stock, threshold), simple)),
    db
      .select({
        productId: products.id,
        name: products.name,
        stock: variations.stock,
        attributes: variations.attributes,
      })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(and(eq(products.published, true), lt(variations.stock, threshold))),
  ]);
  const all: LowStockRow[] = [
    ...simpleRows.map((r) => ({ ...r, option: "" })),
    ...variationRows.map((r) => ({
      productId: r.productId,
      name: r.name,
      stock: r.stock,
      option: Object.values(r.attributes ?? {}).join(", "),
    })),
  ].sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name));
  return { items: all.slice(0, limit), total: all.length };
}
