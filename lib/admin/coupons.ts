import "server-only";
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { categories, couponRedemptions, coupons, orders, products, type Coupon } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { BOUGHT_STATUSES } from "@/lib/orders/statuses";
import { invalid } from "@/lib/forms/api-error";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { likePattern, pageWindow, PER_PAGE, type Audit, type Page } from "@/lib/admin/change";

const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{0,63}$/;
const MAX_CENTS = 100_000_000;

const cents = (what: string) =>
  z
    .number({ error: `${what} must be an amount in cents` })
    .int({ error: `${what} must be a whole number of cents` })
    .positive({ error: `${what} must be more than R 0` })
    .max(MAX_CENTS, { error: `${what} is too large` });
const limit = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .min(1, { error: `${what} must be at least 1, or left empty` })
    .max(1_000_000);
const when = z.coerce.date({ error: "Must be a date and time" });

/** Everything a coupon's rules read (lib/coupons/rules.ts), as staff set it; money in cents. */
export const couponFields = z
  .object({
    description: z.string().trim().max(200, { error: "Keep the description under 200 characters" }).default(""),
    kind: z.enum(["percent", "fixed_cart", "fixed_product", "free_product"], { error: "Choose what the coupon gives" }),
    amount: z
      .number({ error: "The amount must be a number" })
      .int({ error: "The amount must be a whole number" })
      .min(0)
      .max(MAX_CENTS)
      .default(0),
    freeProductId: z.number().int().positive().nullable().default(null),
    requiresCategorySlug: z.string().trim().max(100).nullable().default(null),
    minSpendCents: cents("The minimum spend").nullable().default(null),
    startsAt: when.nullable().default(null),
    expiresAt: when.nullable().default(null),
    usageLimit: limit("The usage limit").nullable().default(null),
    usageLimitPerCustomer: limit("The limit per customer").nullable().default(null),
    productIds: z.array(z.number().int().positive()).max(200).default([]),
    categorySlugs: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    automatic: z.boolean().default(false),
    autoOrder: z.number().int({ error: "The order must be a whole number" }).min(0).max(1000).default(0),
    affiliate: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.kind === "percent" && (c.amount < 1 || c.amount > 100))
      ctx.addIssue({ code: "custom", path: ["amount"], message: "A percentage is a whole number from 1 to 100" });
    if ((c.kind === "fixed_cart" || c.kind === "fixed_product") && c.amount < 1)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "The amount off must be more than R 0" });
    if (c.kind === "free_product" && c.freeProductId === null)
      ctx.addIssue({ code: "custom", path: ["freeProductId"], message: "Choose the product that becomes free" });
    if (c.startsAt && c.expiresAt && c.expiresAt <= c.startsAt)
      ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "The end must be after the start" });
  });

export const newCouponFields = couponFields.and(
  z.object({
    code: z
      .string({ error: "Give the coupon a code" })
      .trim()
      .toUpperCase()
      .regex(COUPON_CODE, { error: "A code is letters, digits, - and _ (up to 64), starting with a letter or digit" }),
  }),
);

export type CouponFields = z.output<typeof couponFields>;
export type NewCouponFields = z.output<typeof newCouponFields>;

export type CouponFilter = { q?: string; state?: "active" | "disabled" | "automatic" | "affiliate"; page?: number };

export type AdminCoupon = Coupon & { orders: number; revenueCents: number };

function filterWhere(f: CouponFilter): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  const q = f.q?.trim();
  if (q) where.push(or(ilike(coupons.code, likePattern(q)), ilike(coupons.description, likePattern(q))));
  if (f.state === "active") where.push(eq(coupons.active, true));
  if (f.state === "disabled") where.push(eq(coupons.active, false));
  if (f.state === "automatic") where.push(eq(coupons.automatic, true));
  if (f.state === "affiliate") where.push(eq(coupons.affiliate, true));
  return and(...where);
}

async function withRevenue(db: Db, list: Coupon[]): Promise<AdminCoupon[]> {
  if (list.length === 0) return [];
  const sums = await db
    .select({
      couponId: couponRedemptions.couponId,
      orders: count(orders.id),
      revenue: sql<number | string>`coalesce(sum(${orders.totalCents}), 0)`,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(
        inArray(
          couponRedemptions.couponId,
          list.map((c) => c.id),
        ),
        inArray(orders.status, [...BOUGHT_STATUSES]),
      ),
    )
    .groupBy(couponRedemptions.couponId);
  const byId = new Map(sums.map((s) => [s.couponId, s]));
  return list.map((c) => ({
    ...c,
    orders: Number(byId.get(c.id)?.orders ?? 0),
    revenueCents: Number(byId.get(c.id)?.revenue ?? 0),
  }));
}

/** Coupons, automatic ones first in the order they are tried, then by code; with uses and revenue. */
export async function listCoupons(db: Db, filter: CouponFilter = {}): Promise<Page<AdminCoupon>> {
  const where = filterWhere(filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(coupons).where(where);
  const win = pageWindow(filter.page ?? 1, Number(total));
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.automatic), asc(coupons.autoOrder), asc(coupons.code))
    .limit(PER_PAGE)
    .offset(win.offset);
  return {
    rows: await withRevenue(db, rows),
    total: Number(total),
    page: win.page,
    pageCount: win.pageCount,
    perPage: PER_PAGE,
  };
}

export async function getCoupon(db: Db, id: number): Promise<AdminCoupon | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ? (await withRevenue(db, [row]))[0]! : null;
}

/** What the rules refer to must exist: the free product, and the categories and products named. */
async function checkReferences(db: Db, c: CouponFields): Promise<void> {
  if (c.freeProductId !== null) {
    const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, c.freeProductId));
    if (!p) throw invalid({ field: "freeProductId", message: "The free product does not exist" });
  }
  const slugs = [...new Set([...c.categorySlugs, ...(c.requiresCategorySlug ? [c.requiresCategorySlug] : [])])];
  if (slugs.length) {
    const found = new Set(
      (await db.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs))).map(
        (r) => r.slug,
      ),
    );
    const missing = slugs.find((s) => !found.has(s));
    if (missing)
      throw invalid({
        field: c.requiresCategorySlug === missing ? "requiresCategorySlug" : "categorySlugs",
        message: `There is no category "${missing}"`,
      });
  }
  if (c.productIds.length) {
    const found = new Set(
      (await db.select({ id: products.id }).from(products).where(inArray(products.id, c.productIds))).map((r) => r.id),
    );
    const missing = c.productIds.find((id) => !found.has(id));
    if (missing !== undefined) throw invalid({ field: "productIds", message: `There is no product #${missing}` });
  }
}

/** The stored row as the rules read it: kinds that take no amount store 0. */
function toRow(c: CouponFields) {
  return {
    ...c,
    amount: c.kind === "free_product" ? 0 : c.amount,
    freeProductId: c.kind === "free_product" ? c.freeProductId : null,
    requiresCategorySlug: c.kind === "free_product" ? c.requiresCategorySlug || null : null,
    productIds: [...new Set(c.productIds)],
    categorySlugs: [...new Set(c.categorySlugs)],
  };
}

/** A coupon's rules, as the audit log records them (not its use count, which checkouts change). */
const snapshot = (c: Coupon) => ({
  code: c.code,
  description: c.description,
  kind: c.kind,
  amount: c.amount,
  freeProductId: c.freeProductId,
  requiresCategorySlug: c.requiresCategorySlug,
  minSpendCents: c.minSpendCents,
  startsAt: c.startsAt,
  expiresAt: c.expiresAt,
  usageLimit: c.usageLimit,
  usageLimitPerCustomer: c.usageLimitPerCustomer,
  productIds: c.productIds,
  categorySlugs: c.categorySlugs,
  automatic: c.automatic,
  autoOrder: c.autoOrder,
  affiliate: c.affiliate,
  active: c.active,
});

export async function createCoupon(db: Db, input: NewCouponFields, audit: Audit): Promise<AdminCoupon> {
  await checkReferences(db, input);
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({ ...toRow(input), code: input.code })
        .returning();
      await audit(tx, {
        action: "coupon.create",
        entity: "coupon",
        entityId: String(row!.id),
        before: null,
        after: snapshot(row!),
      });
      return row!;
    });
    return (await getCoupon(db, created.id))!;
  } catch (err) {
    if (isUniqueViolation(err))
      throw new ApiError(409, "coupon_exists", `A coupon with the code ${input.code} already exists`, {
        field: "code",
      });
    throw err;
  }
}

/** Changes every rule but the code (orders and redemptions name it). */
export async function updateCoupon(db: Db, id: number, input: CouponFields, audit: Audit): Promise<AdminCoupon> {
  await checkReferences(db, input);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) throw new ApiError(404, "coupon_not_found", "Coupon not found");
    if (input.usageLimit !== null && input.usageLimit < before.usedCount) {
      throw invalid({
        field: "usageLimit",
        message: `It has been used ${before.usedCount} times already: the limit cannot be lower`,
      });
    }
    const [after] = await tx.update(coupons).set(toRow(input)).where(eq(coupons.id, id)).returning();
    await audit(tx, {
      action: "coupon.update",
      entity: "coupon",
      entityId: String(id),
      before: snapshot(before),
      after: snapshot(after!),
    });
  });
  return (await getCoupon(db, id))!;
}

/** Stops a code (carts holding it lose it at their next change or checkout), or starts it again. */
export async function setCouponActive(db: Db, id: number, active: boolean, audit: Audit): Promise<AdminCoupon> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) throw new ApiError(404, "coupon_not_found", "Coupon not found");
    await tx.update(coupons).set({ active }).where(eq(coupons.id, id));
    await audit(tx, {
      action: active ? "coupon.enable" : "coupon.disable",
      entity: "coupon",
      entityId: String(id),
      before: { active: before.active },
      after: { active },
    });
  });
  return (await getCoupon(db, id))!;
}

/** For the coupon form's pickers. */
export async function couponChoices(db: Db) {
  const [productRows, categoryRows] = await Promise.all([
    db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.name)),
    db
      .select({ slug: categories.slug, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.name)),
  ]);
  return { products: productRows, categories: categoryRows };
}
