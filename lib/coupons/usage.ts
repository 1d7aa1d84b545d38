import "server-only";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { couponRedemptions, coupons, products, type Coupon } from "@/lib/db/schema";
import { evaluateCoupon, isCouponLive, type CouponResult, type RuleLine } from "@/lib/coupons/rules";
import { normaliseEmail } from "@/lib/coupons/customer-email";

/** Whose earlier uses count: an account and/or the addresses given (none: a guest not known yet). */
export type CouponUser = { customerId: number | null; emails: Array<string | null> };

export type CouponCheck = { coupon: Coupon | null; result: CouponResult };

const NO_LONGER_AVAILABLE: CouponResult = {
  ok: false,
  code: "inactive",
  message: "This promo code is no longer available",
};

/** With `lock`, inside a transaction: the row stays locked until it ends. */
export async function findCoupon(db: Db, code: string, opts: { lock?: boolean } = {}): Promise<Coupon | null> {
  const query = db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase()));
  const [coupon] = opts.lock ? await query.for("update") : await query;
  return coupon ?? null;
}

/** Earlier redemptions by this account or any spelling of these addresses; null when nobody is known. */
export async function customerUses(db: Db, couponId: number, user: CouponUser): Promise<number | null> {
  const emails = [...new Set(user.emails.filter((e): e is string => Boolean(e)).map(normaliseEmail))];
  if (!user.customerId && emails.length === 0) return null;
  const who = [];
  if (user.customerId) who.push(eq(couponRedemptions.customerId, user.customerId));
  if (emails.length > 0) who.push(inArray(couponRedemptions.emailNormalized, emails));
  const [row] = await db
    .select({ n: sql<number | string>`count(*)` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), or(...who)));
  return Number(row?.n ?? 0);
}

/**
 * A code checked against a cart's lines. The coupon row and the shopper's earlier uses are all
 * the database reads the (pure) rules need. With `lock`, in the order's transaction, the coupon
 * row stays locked until commit: checkouts with one code take turns, and each counts the uses
 * the one before it recorded, so no limit can be passed by racing.
 */
export async function checkCoupon(
  db: Db,
  code: string,
  lines: RuleLine[],
  user: CouponUser,
  now: Date,
  opts: { lock?: boolean } = {},
): Promise<CouponCheck> {
  const coupon = await findCoupon(db, code, opts);
  if (!coupon) return { coupon: null, result: NO_LONGER_AVAILABLE };
  return judgeCoupon(db, coupon, lines, user, now);
}

/** A coupon already loaded, checked against a cart's lines; earlier uses are counted only where a per-customer limit needs them. */
export async function judgeCoupon(
  db: Db,
  coupon: Coupon,
  lines: RuleLine[],
  user: CouponUser,
  now: Date,
): Promise<CouponCheck> {
  const uses = coupon.usageLimitPerCustomer === null ? null : await customerUses(db, coupon.id, user);
  const result = evaluateCoupon(coupon, lines, { now, customerUses: uses });
  // Only a refusal that names the free product needs its name.
  if (!result.ok && result.code === "not_applicable" && coupon.kind === "free_product" && coupon.freeProductId) {
    const [free] = await db.select({ name: products.name }).from(products).where(eq(products.id, coupon.freeProductId));
    return { coupon, result: evaluateCoupon(coupon, lines, { now, customerUses: uses, freeProductName: free?.name }) };
  }
  return { coupon, result };
}

/** The automatic coupons that are live now, in the order they are tried. */
export async function automaticCoupons(db: Db, now = new Date()): Promise<Coupon[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.automatic, true), eq(coupons.active, true)))
    .orderBy(asc(coupons.autoOrder), asc(coupons.id));
  return rows.filter((c) => isCouponLive(c, now));
}

/**
 * Counts one use by an order, in the order's transaction after checkCoupon locked the row. The
 * total limit is also held by the conditional update; false when it is reached.
 */
export async function recordRedemption(
  tx: Db,
  coupon: Coupon,
  orderId: number,
  buyer: { customerId: number | null; email: string },
): Promise<boolean> {
  const counted = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit))))
    .returning({ id: coupons.id });
  if (counted.length === 0) return false;
  await tx.insert(couponRedemptions).values({
    couponId: coupon.id,
    orderId,
    customerId: buyer.customerId,
    email: buyer.email,
    emailNormalized: normaliseEmail(buyer.email),
  });
  return true;
}
