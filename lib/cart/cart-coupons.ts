import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { carts, categories, products, variations, type Cart, type Coupon } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { automaticCoupons, findCoupon, judgeCoupon } from "@/lib/coupons/usage";
import { loadLines, ruleLines } from "@/lib/cart/lines";
import { ORDER_LIMITS } from "@/lib/orders/order-limits";
import { effectiveCents } from "@/lib/catalog/pricing";
import { productPictures } from "@/lib/catalog/pictures";
import { centsString } from "@/lib/money/money";
import { couponUser, priceCart, priceLines, type PricedCart } from "@/lib/cart/pricing";
import type { Shopper } from "@/lib/cart/cart";
import type { ServerCart } from "@/lib/cart/types";

export type Notice = ServerCart["notices"][number];

/** Checks a code against the cart as it is and, if it applies, makes it the cart's one coupon. */
export async function applyCoupon(
  db: Db,
  cart: Cart,
  code: string,
  shopper: Shopper,
  now = new Date(),
): Promise<PricedCart> {
  const priced = await priceCart(db, cart, shopper, { code, now });
  if (priced.refused?.unknown) throw new ApiError(404, "invalid_coupon", "Invalid promo code");
  if (priced.refused) throw new ApiError(400, `coupon_${priced.refused.rejection}`, priced.refused.message);
  await db.update(carts).set({ couponCode: priced.cart.couponCode, updatedAt: now }).where(eq(carts.id, cart.id));
  return priced;
}

export async function removeCoupon(db: Db, cart: Cart, code: string, shopper: Shopper): Promise<PricedCart> {
  if (!cart.couponCode || cart.couponCode !== code.trim().toUpperCase()) {
    throw new ApiError(404, "coupon_not_applied", "That promo code is not on your cart");
  }
  await db.update(carts).set({ couponCode: null, updatedAt: new Date() }).where(eq(carts.id, cart.id));
  return priceCart(db, { ...cart, couponCode: null }, shopper);
}

/**
 * After the lines changed: a code that stopped applying comes off (the answer says why), and
 * when none is on, the visit's affiliate code and then the automatic coupons, in their order,
 * are tried until one applies. A code that does not apply is passed over without a word.
 */
export async function settleCoupon(
  db: Db,
  cart: Cart,
  shopper: Shopper,
  opts: { affiliate?: string | null; now?: Date } = {},
): Promise<{ priced: PricedCart; notices: Notice[] }> {
  const now = opts.now ?? new Date();
  const rows = await loadLines(db, cart.id);
  let priced = await priceCart(db, cart, shopper, { rows, now });
  const notices: Notice[] = [];
  if (priced.refused) {
    const { code, message } = priced.refused;
    if (rows.length > 0) notices.push({ code, message });
    await db
      .update(carts)
      .set({ couponCode: null, updatedAt: now })
      .where(and(eq(carts.id, cart.id), eq(carts.couponCode, code)));
    priced = priceLines({ ...cart, couponCode: null }, rows, null);
  }
  if (priced.coupon || rows.length === 0) return { priced, notices };

  const lines = ruleLines(rows);
  const user = couponUser(shopper);
  for (const candidate of await candidates(db, opts.affiliate ?? null, now)) {
    const check = await judgeCoupon(db, candidate, lines, user, now);
    if (!check.result.ok) continue;
    // Only onto a cart that still has no coupon: a code applied meanwhile wins.
    const taken = await db
      .update(carts)
      .set({ couponCode: candidate.code, updatedAt: now })
      .where(and(eq(carts.id, cart.id), isNull(carts.couponCode)))
      .returning({ id: carts.id });
    if (taken.length === 0)
      return { priced: await priceCart(db, (await currentCart(db, cart)) ?? cart, shopper, { rows, now }), notices };
    return {
      priced: priceLines({ ...cart, couponCode: candidate.code }, rows, { code: candidate.code, check }),
      notices,
    };
  }
  return { priced, notices };
}

export type Offer = ServerCart["offers"][number];

/**
 * The free product the cart would get for nothing if the shopper added one more of it: the
 * coupon on the cart, or (with none on) the one settleCoupon would put on after that add, is a
 * free-product coupon and the added unit would be wholly discounted. Asked of the rules with
 * the unit added, so every limit, date and category counts as it will at checkout. Only a simple
 * product can be added in one click (a variable one needs its options chosen first).
 */
export async function freeOffers(
  db: Db,
  priced: PricedCart,
  shopper: Shopper,
  opts: { affiliate?: string | null; now?: Date } = {},
): Promise<Offer[]> {
  if (priced.lines.length === 0) return [];
  const now = opts.now ?? new Date();
  if (priced.coupon && priced.coupon.kind !== "free_product") return [];
  const tried = priced.coupon ? [priced.coupon] : await candidates(db, opts.affiliate ?? null, now);
  const offering = tried.find((c) => c.kind === "free_product" && c.freeProductId !== null);
  const product = offering?.freeProductId ? await freeProduct(db, offering.freeProductId) : null;
  if (!offering || !product) return [];
  const inCart = priced.lines.filter((l) => l.row.product.id === product.id).reduce((s, l) => s + l.quantity, 0);
  if (product.stock <= inCart || inCart >= ORDER_LIMITS.unitsPerLine) return [];

  const withIt = [
    ...ruleLines(priced.lines.map((l) => l.row)),
    {
      itemKey: OFFERED,
      productId: product.id,
      categorySlug: product.categorySlug,
      unitPriceCents: product.unitCents,
      quantity: 1,
    },
  ];
  const user = couponUser(shopper);
  for (const coupon of tried) {
    const check = await judgeCoupon(db, coupon, withIt, user, now);
    if (!check.result.ok) continue;
    // The first that applies goes on: another coupon first would leave the product at its price.
    if (coupon.id !== offering.id || check.result.lineDiscounts[OFFERED] !== product.unitCents) return [];
    return [
      {
        coupon: coupon.code,
        product_id: product.id,
        name: product.name,
        slug: product.slug,
        image: product.picture.src,
        picture: product.picture,
        price: centsString(product.unitCents),
      },
    ];
  }
  return [];
}

const OFFERED = "offered";

async function freeProduct(db: Db, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      images: products.images,
      regularPriceCents: products.regularPriceCents,
      salePriceCents: products.salePriceCents,
      stock: products.stock,
      published: products.published,
      categorySlug: categories.slug,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row || !row.published) return null;
  // A product with variations needs its options chosen; it cannot be added in one click.
  const [variation] = await db
    .select({ id: variations.id })
    .from(variations)
    .where(eq(variations.productId, id))
    .limit(1);
  if (variation) return null;
  const [picture] = await productPictures(db, [{ product: row }]);
  return {
    ...row,
    unitCents: effectiveCents({ regularCents: row.regularPriceCents, saleCents: row.salePriceCents }),
    picture: picture!,
  };
}

async function candidates(db: Db, affiliate: string | null, now: Date): Promise<Coupon[]> {
  const affiliateCoupon = affiliate ? await findCoupon(db, affiliate) : null;
  const automatic = await automaticCoupons(db, now);
  return affiliateCoupon ? [affiliateCoupon, ...automatic.filter((c) => c.id !== affiliateCoupon.id)] : automatic;
}

async function currentCart(db: Db, cart: Cart): Promise<Cart | null> {
  const [row] = await db.select().from(carts).where(eq(carts.id, cart.id));
  return row ?? null;
}
