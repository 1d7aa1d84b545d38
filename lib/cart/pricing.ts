import "server-only";
import type { Db } from "@/lib/db/client";
import type { Cart, Coupon } from "@/lib/db/schema";
import type { CouponRejection } from "@/lib/coupons/rules";
import { checkCoupon, type CouponCheck, type CouponUser } from "@/lib/coupons/usage";
import { vatIncluded } from "@/lib/money/money";
import { linePrice, loadLines, ruleLines, type LineRow } from "@/lib/cart/lines";
import type { Shopper } from "@/lib/cart/cart";

export type PricedLine = {
  row: LineRow;
  itemKey: string;
  quantity: number;
  unitCents: number;
  regularCents: number;
  stock: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

/** A code on the cart (or asked for) that the cart cannot have, and why. */
export type CouponRefusal = { code: string; rejection: CouponRejection; message: string; unknown: boolean };

export type PricedCart = {
  cart: Cart;
  lines: PricedLine[];
  itemCount: number;
  /** The coupon counted in the totals. */
  coupon: Coupon | null;
  refused: CouponRefusal | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  vatCents: number;
};

export type PriceOptions = {
  now?: Date;
  /** The code to price the cart with, instead of the one on it (null: none). */
  code?: string | null;
  /** Inside a transaction: the coupon row stays locked until it ends, so its limits cannot be raced. */
  lock?: boolean;
  /** More addresses whose earlier uses count towards a once-per-customer code (the checkout's). */
  emails?: Array<string | null>;
  /** The cart's lines, when this call has just loaded them. */
  rows?: LineRow[];
};

/** Whose earlier uses of a code count: the account, its address, and any address given. */
export function couponUser(shopper: Shopper, emails: Array<string | null> = []): CouponUser {
  return { customerId: shopper.customerId, emails: [...emails, shopper.email] };
}

/**
 * The one price of a cart, for its answers, for applying a code and for the order: every line at
 * today's price, the coupon judged by the coupon rules, its discount spread over the lines, VAT
 * and the totals. Reads only.
 */
export async function priceCart(tx: Db, cart: Cart, shopper: Shopper, opts: PriceOptions = {}): Promise<PricedCart> {
  const now = opts.now ?? new Date();
  const rows = opts.rows ?? (await loadLines(tx, cart.id));
  const code = opts.code === undefined ? cart.couponCode : opts.code;
  const check = code
    ? await checkCoupon(tx, code, ruleLines(rows), couponUser(shopper, opts.emails), now, { lock: opts.lock })
    : null;
  return priceLines({ ...cart, couponCode: check?.coupon?.code ?? code }, rows, code ? { code, check: check! } : null);
}

/** The arithmetic of priceCart, given the lines and the coupon's verdict. */
export function priceLines(
  cart: Cart,
  rows: LineRow[],
  judged: { code: string; check: CouponCheck } | null,
): PricedCart {
  const result = judged?.check.result;
  const lineDiscounts = result?.ok ? result.lineDiscounts : {};
  const lines = rows.map((row): PricedLine => {
    const price = linePrice(row);
    const subtotalCents = price.unit * row.item.quantity;
    const discountCents = lineDiscounts[row.item.itemKey] ?? 0;
    return {
      row,
      itemKey: row.item.itemKey,
      quantity: row.item.quantity,
      unitCents: price.unit,
      regularCents: price.regular,
      stock: price.stock,
      subtotalCents,
      discountCents,
      totalCents: subtotalCents - discountCents,
    };
  });
  const subtotalCents = lines.reduce((s, l) => s + l.subtotalCents, 0);
  const discountCents = lines.reduce((s, l) => s + l.discountCents, 0);
  const totalCents = subtotalCents - discountCents;
  const refused: CouponRefusal | null =
    judged && result && !result.ok
      ? { code: judged.code, rejection: result.code, message: result.message, unknown: judged.check.coupon === null }
      : null;
  return {
    cart,
    lines,
    itemCount: lines.reduce((s, l) => s + l.quantity, 0),
    coupon: judged && result?.ok ? judged.check.coupon : null,
    refused,
    subtotalCents,
    discountCents,
    totalCents,
    vatCents: vatIncluded(totalCents),
  };
}
