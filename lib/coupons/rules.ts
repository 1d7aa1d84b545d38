import type { CouponKind } from "@/lib/db/schema";
import { formatMoney } from "@/lib/money/money";
import { categoryNoun, withArticle } from "@/lib/coupons/wording";

/** What a coupon rule needs to know about a cart line. */
export type RuleLine = {
  itemKey: string;
  productId: number;
  categorySlug: string;
  unitPriceCents: number;
  quantity: number;
};

export type RuleCoupon = {
  code: string;
  kind: CouponKind;
  amount: number;
  freeProductId: number | null;
  requiresCategorySlug: string | null;
  minSpendCents: number | null;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  usedCount: number;
  productIds: number[];
  categorySlugs: string[];
  active: boolean;
};

/** Where a coupon is in its life: switched off, not yet started, ended, used up, or live. */
export type CouponLife = "disabled" | "scheduled" | "ended" | "used-up" | "live";

type Lifespan = Pick<RuleCoupon, "active" | "startsAt" | "expiresAt" | "usageLimit" | "usedCount">;

/** The one answer to "is this coupon live", for the cart's rules, its automatic offers, its landing page and the back office. */
export function couponLife(coupon: Lifespan, now: Date): CouponLife {
  if (!coupon.active) return "disabled";
  if (coupon.startsAt && now < coupon.startsAt) return "scheduled";
  if (coupon.expiresAt && now >= coupon.expiresAt) return "ended";
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return "used-up";
  return "live";
}

export function isCouponLive(coupon: Lifespan, now: Date): boolean {
  return couponLife(coupon, now) === "live";
}

export type RuleContext = {
  now: Date;
  /** Earlier uses by this shopper (by account or e-mail); null when nobody is known yet. */
  customerUses: number | null;
  /** The free product's name, for a free-product coupon's messages. */
  freeProductName?: string | null;
};

export type CouponResult =
  | { ok: true; discountCents: number; lineDiscounts: Record<string, number> }
  | { ok: false; code: CouponRejection; message: string };

export type CouponRejection =
  | "inactive"
  | "not_started"
  | "expired"
  | "usage_limit"
  | "customer_limit"
  | "min_spend"
  | "not_applicable"
  | "requires_category"
  | "empty_cart";

const reject = (code: CouponRejection, message: string): CouponResult => ({ ok: false, code, message });

const NOT_LIVE: Record<Exclude<CouponLife, "live">, [CouponRejection, string]> = {
  disabled: ["inactive", "This promo code is no longer available"],
  scheduled: ["not_started", "This promo code is not active yet"],
  ended: ["expired", "This promo code has expired"],
  "used-up": ["usage_limit", "This promo code has reached its usage limit"],
};

function eligible(coupon: RuleCoupon, line: RuleLine): boolean {
  const byProduct = coupon.productIds.length === 0 || coupon.productIds.includes(line.productId);
  const byCategory = coupon.categorySlugs.length === 0 || coupon.categorySlugs.includes(line.categorySlug);
  return byProduct && byCategory;
}

/**
 * Spreads a discount over lines in proportion to their value, in whole cents, so the line
 * discounts always add up to the total (the largest remainders get the odd cents).
 */
export function allocate(
  totalCents: number,
  lines: Array<{ itemKey: string; valueCents: number }>,
): Record<string, number> {
  const base = lines.reduce((s, l) => s + l.valueCents, 0);
  const out: Record<string, number> = {};
  if (base <= 0 || totalCents <= 0) return out;
  const shares = lines.map((l) => {
    const exact = (totalCents * l.valueCents) / base;
    return { key: l.itemKey, floor: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = totalCents - shares.reduce((s, x) => s + x.floor, 0);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest)) {
    out[s.key] = s.floor + (left > 0 ? 1 : 0);
    if (left > 0) left--;
  }
  return out;
}

/**
 * Whether a coupon applies to a cart and what it takes off. Pure: the caller loads the coupon,
 * the lines at today's prices and the shopper's earlier uses.
 */
export function evaluateCoupon(coupon: RuleCoupon, lines: RuleLine[], ctx: RuleContext): CouponResult {
  if (lines.length === 0) return reject("empty_cart", "Your cart is empty");
  const life = couponLife(coupon, ctx.now);
  if (life !== "live") return reject(...NOT_LIVE[life]);
  if (
    coupon.usageLimitPerCustomer !== null &&
    ctx.customerUses !== null &&
    ctx.customerUses >= coupon.usageLimitPerCustomer
  ) {
    return reject("customer_limit", "You have already used this promo code");
  }
  const subtotal = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  if (coupon.minSpendCents !== null && subtotal < coupon.minSpendCents) {
    return reject("min_spend", `Spend at least ${formatMoney(coupon.minSpendCents)} to use this promo code`);
  }

  const matching = lines.filter((l) => eligible(coupon, l));
  const value = (l: RuleLine) => ({ itemKey: l.itemKey, valueCents: l.unitPriceCents * l.quantity });

  switch (coupon.kind) {
    case "percent": {
      if (matching.length === 0)
        return reject("not_applicable", "This promo code does not apply to the items in your cart");
      const base = matching.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
      const discount = Math.round((base * coupon.amount) / 100);
      return { ok: true, discountCents: discount, lineDiscounts: allocate(discount, matching.map(value)) };
    }
    case "fixed_cart": {
      if (matching.length === 0)
        return reject("not_applicable", "This promo code does not apply to the items in your cart");
      const base = matching.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
      const discount = Math.min(coupon.amount, base);
      return { ok: true, discountCents: discount, lineDiscounts: allocate(discount, matching.map(value)) };
    }
    case "fixed_product": {
      if (matching.length === 0)
        return reject("not_applicable", "This promo code does not apply to the items in your cart");
      const lineDiscounts: Record<string, number> = {};
      for (const l of matching) lineDiscounts[l.itemKey] = Math.min(coupon.amount, l.unitPriceCents) * l.quantity;
      return { ok: true, discountCents: Object.values(lineDiscounts).reduce((s, d) => s + d, 0), lineDiscounts };
    }
    case "free_product": {
      const qualifying = coupon.requiresCategorySlug
        ? lines.filter((l) => l.categorySlug === coupon.requiresCategorySlug && l.productId !== coupon.freeProductId)
        : lines.filter((l) => l.productId !== coupon.freeProductId);
      const qualifyingCount = qualifying.reduce((s, l) => s + l.quantity, 0);
      if (qualifyingCount === 0) {
        const what = coupon.requiresCategorySlug
          ? withArticle(categoryNoun(coupon.requiresCategorySlug).one)
          : "another item";
        return reject("requires_category", `Add ${what} to your cart to get this offer`);
      }
      // The cheapest lines of the free product go first; one free per qualifying item.
      const free = lines
        .filter((l) => l.productId === coupon.freeProductId)
        .sort((a, b) => a.unitPriceCents - b.unitPriceCents);
      if (free.length === 0) {
        const name = ctx.freeProductName ? `the free ${ctx.freeProductName}` : "the free item";
        return reject("not_applicable", `Add ${name} to your cart to claim it`);
      }
      let remaining = qualifyingCount;
      const lineDiscounts: Record<string, number> = {};
      for (const l of free) {
        const n = Math.min(l.quantity, remaining);
        if (n <= 0) break;
        lineDiscounts[l.itemKey] = n * l.unitPriceCents;
        remaining -= n;
      }
      return { ok: true, discountCents: Object.values(lineDiscounts).reduce((s, d) => s + d, 0), lineDiscounts };
    }
  }
}
