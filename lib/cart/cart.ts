import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { cartItems, carts, categories, coupons, customers, products, variations, type Cart } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { effectiveCents } from "@/lib/catalog/pricing";
import { productImageSrc } from "@/lib/catalog/images";
import { INCOMPLETE_MESSAGE, resolveVariation } from "@/lib/catalog/variations";
import type { RuleLine } from "@/lib/coupons/rules";
import { checkCoupon, type CouponUser } from "@/lib/coupons/usage";
import { centsString, vatIncluded } from "@/lib/money/money";
import type { ServerCart } from "@/lib/cart/types";
import { COOKIE } from "@/lib/http/cookie-names";

export const CART_KEY_COOKIE = COOKIE.cartKey;
export const MAX_LINE_QUANTITY = 99;

export type Shopper = { customerId: number | null; email: string | null };

const newKey = (bytes: number) => randomBytes(bytes).toString("base64url");

export async function findGuestCart(db: Db, cartKey: string): Promise<Cart | null> {
  const [cart] = await db.select().from(carts).where(and(eq(carts.cartKey, cartKey), sql`${carts.customerId} is null`));
  return cart ?? null;
}

export async function createGuestCart(db: Db): Promise<Cart> {
  const [cart] = await db.insert(carts).values({ cartKey: newKey(24) }).returning();
  return cart!;
}

/** A customer's one cart, created on first use; the unique index settles a race. */
export async function customerCart(db: Db, customerId: number): Promise<Cart> {
  const [existing] = await db.select().from(carts).where(eq(carts.customerId, customerId));
  if (existing) return existing;
  await db.insert(carts).values({ cartKey: newKey(24), customerId }).onConflictDoNothing();
  const [cart] = await db.select().from(carts).where(eq(carts.customerId, customerId));
  return cart!;
}

export type LineRow = Awaited<ReturnType<typeof loadLines>>[number];

export async function loadLines(db: Db, cartId: number) {
  return db
    .select({
      item: cartItems,
      product: {
        id: products.id,
        slug: products.slug,
        name: products.name,
        regularPriceCents: products.regularPriceCents,
        salePriceCents: products.salePriceCents,
        stock: products.stock,
        published: products.published,
        images: products.images,
      },
      categorySlug: categories.slug,
      variation: {
        id: variations.id,
        sku: variations.sku,
        attributes: variations.attributes,
        regularPriceCents: variations.regularPriceCents,
        salePriceCents: variations.salePriceCents,
        stock: variations.stock,
      },
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(variations, eq(variations.id, cartItems.variationId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
}

/** A variation's own picture, or a simple product's main one. */
export function lineImage(row: LineRow): string {
  return row.variation ? productImageSrc(row.product.slug, row.variation.attributes, "main") : (row.product.images[0]?.src ?? productImageSrc(row.product.slug, {}, "main"));
}

export function linePrice(row: LineRow) {
  const p = row.variation ?? row.product;
  return { unit: effectiveCents({ regularCents: p.regularPriceCents, saleCents: p.salePriceCents }), regular: p.regularPriceCents, stock: p.stock };
}

/** The shopper as coupon limits count them: the account, and its address when known. */
export function couponUser(shopper: Shopper): CouponUser {
  return { customerId: shopper.customerId, emails: [shopper.email] };
}

export function ruleLines(rows: LineRow[]): RuleLine[] {
  return rows.map((r) => ({
    itemKey: r.item.itemKey,
    productId: r.product.id,
    categorySlug: r.categorySlug,
    unitPriceCents: linePrice(r).unit,
    quantity: r.item.quantity,
  }));
}

/**
 * The cart as the shop would sell it now: today's prices, and the coupon re-checked. A coupon
 * that no longer applies is taken off the cart, and the reason is returned as a notice.
 */
export async function viewCart(db: Db, cart: Cart, shopper: Shopper, now = new Date()): Promise<ServerCart> {
  const rows = await loadLines(db, cart.id);
  const lines = ruleLines(rows);
  const notices: ServerCart["notices"] = [];
  let lineDiscounts: Record<string, number> = {};
  let applied: ServerCart["coupons"] = [];
  if (cart.couponCode) {
    const { coupon, result } = await checkCoupon(db, cart.couponCode, lines, couponUser(shopper), now);
    if (result.ok) {
      lineDiscounts = result.lineDiscounts;
      applied = [{ coupon: cart.couponCode, discount: centsString(result.discountCents), description: coupon?.description ?? "" }];
    } else {
      if (lines.length > 0) notices.push({ code: cart.couponCode, message: result.message });
      await db.update(carts).set({ couponCode: null, updatedAt: now }).where(eq(carts.id, cart.id));
    }
  }
  let subtotal = 0;
  let discount = 0;
  const items = rows.map((r) => {
    const price = linePrice(r);
    const lineSubtotal = price.unit * r.item.quantity;
    const lineDiscount = lineDiscounts[r.item.itemKey] ?? 0;
    subtotal += lineSubtotal;
    discount += lineDiscount;
    const attrs = r.variation?.attributes ?? {};
    return {
      item_key: r.item.itemKey,
      id: r.product.id,
      variation_id: r.variation?.id ?? null,
      name: r.product.name,
      slug: r.product.slug,
      sku: r.variation?.sku ?? r.product.slug.toUpperCase(),
      image: lineImage(r),
      category: r.categorySlug,
      variation: attrs,
      quantity: { value: r.item.quantity, max_purchase: Math.min(price.stock, MAX_LINE_QUANTITY) },
      price: centsString(price.unit),
      price_regular: centsString(price.regular),
      totals: { subtotal: centsString(lineSubtotal), discount: centsString(lineDiscount), total: centsString(lineSubtotal - lineDiscount) },
    };
  });
  const total = subtotal - discount;
  return {
    cart_key: cart.cartKey,
    item_count: rows.reduce((s, r) => s + r.item.quantity, 0),
    items,
    coupons: applied,
    notices,
    totals: {
      subtotal: centsString(subtotal),
      total: centsString(total),
      discount_total: centsString(discount),
      shipping_total: "0",
      vat_total: centsString(vatIncluded(total)),
    },
  };
}

export type AddInput = {
  productId: number;
  quantity: number;
  variation?: Record<string, string>;
  variationId?: number;
};

/** What is being bought: the product and, for a variable product, the one variation chosen. */
async function resolvePurchasable(db: Db, input: AddInput) {
  const [product] = await db.select().from(products).where(and(eq(products.id, input.productId), eq(products.published, true)));
  if (!product) throw new ApiError(404, "product_not_found", "Product not found");
  const options = await db.select().from(variations).where(eq(variations.productId, product.id));
  if (options.length === 0) return { product, variation: null, stock: product.stock };
  let variation = input.variationId ? options.find((v) => v.id === input.variationId) : undefined;
  if (input.variationId && !variation) throw new ApiError(404, "variation_not_found", "That option of this product was not found");
  if (!variation) {
    const r = resolveVariation(product.attributes, options, input.variation ?? {});
    if (r.status === "incomplete") throw new ApiError(400, "incomplete_variation", INCOMPLETE_MESSAGE, { missing: r.missing });
    if (r.status === "unavailable") throw new ApiError(404, "variation_not_found", "We don't make this combination of options");
    variation = r.variation;
  }
  return { product, variation, stock: variation.stock };
}

function describe(name: string, variation: Record<string, string> | null | undefined): string {
  const v = variation ? Object.values(variation).join(", ") : "";
  return v ? `${name} (${v})` : name;
}

function stockError(label: string, stock: number, inCart: number): ApiError {
  if (stock <= 0) return new ApiError(409, "out_of_stock", `${label} is out of stock`, { stock: 0 });
  const already = inCart > 0 ? `, and ${inCart} ${inCart === 1 ? "is" : "are"} already in your cart` : "";
  return new ApiError(409, "insufficient_stock", `Only ${stock} of ${label} ${stock === 1 ? "is" : "are"} in stock${already}`, { stock, in_cart: inCart });
}

/**
 * Adds to a line, or creates it. One upsert on the (cart, product, variation) index, guarded by
 * stock, so concurrent adds to one cart add up and never exceed what is in stock.
 */
export async function addToCart(db: Db, cart: Cart, input: AddInput): Promise<void> {
  const { product, variation, stock } = await resolvePurchasable(db, input);
  const label = describe(product.name, variation?.attributes);
  const cap = Math.min(stock, MAX_LINE_QUANTITY);
  if (input.quantity > cap) throw stockError(label, stock, 0);
  const variationKey = variation?.id ?? 0;
  const rows = await db
    .insert(cartItems)
    .values({ cartId: cart.id, itemKey: newKey(12), productId: product.id, variationId: variation?.id ?? null, variationKey, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.variationKey],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${cap}`,
    })
    .returning({ quantity: cartItems.quantity });
  if (rows.length === 0) {
    const [line] = await db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.productId, product.id), eq(cartItems.variationKey, variationKey)));
    throw stockError(label, stock, line?.quantity ?? 0);
  }
  await touch(db, cart);
}

async function lineOf(db: Db, cart: Cart, itemKey: string) {
  const [row] = await db.select().from(cartItems).where(and(eq(cartItems.cartId, cart.id), eq(cartItems.itemKey, itemKey)));
  if (!row) throw new ApiError(404, "item_not_found", "That item is not in your cart");
  return row;
}

/** Sets a line's quantity; below 1 removes the line (SPEC section 4). */
export async function setQuantity(db: Db, cart: Cart, itemKey: string, quantity: number): Promise<void> {
  const line = await lineOf(db, cart, itemKey);
  if (quantity < 1) return removeItem(db, cart, itemKey);
  const [row] = await loadLines(db, cart.id).then((rows) => rows.filter((r) => r.item.id === line.id));
  const { stock } = linePrice(row!);
  if (quantity > Math.min(stock, MAX_LINE_QUANTITY)) throw stockError(describe(row!.product.name, row!.variation?.attributes), stock, line.quantity);
  await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
  await touch(db, cart);
}

export async function removeItem(db: Db, cart: Cart, itemKey: string): Promise<void> {
  const line = await lineOf(db, cart, itemKey);
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  await touch(db, cart);
}

export async function clearCart(db: Db, cart: Cart): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    await tx.update(carts).set({ couponCode: null, updatedAt: new Date() }).where(eq(carts.id, cart.id));
  });
}

/** Checks a code against the cart as it is and, if it applies, makes it the cart's one coupon. */
export async function applyCoupon(db: Db, cart: Cart, code: string, shopper: Shopper, now = new Date()): Promise<void> {
  const lines = ruleLines(await loadLines(db, cart.id));
  const { coupon, result } = await checkCoupon(db, code, lines, couponUser(shopper), now);
  if (!coupon) throw new ApiError(404, "invalid_coupon", "Invalid promo code");
  if (!result.ok) throw new ApiError(400, `coupon_${result.code}`, result.message);
  await db.update(carts).set({ couponCode: coupon.code, updatedAt: now }).where(eq(carts.id, cart.id));
}

export async function removeCoupon(db: Db, cart: Cart, code: string): Promise<void> {
  if (!cart.couponCode || cart.couponCode !== code.trim().toUpperCase()) {
    throw new ApiError(404, "coupon_not_applied", "That promo code is not on your cart");
  }
  await db.update(carts).set({ couponCode: null, updatedAt: new Date() }).where(eq(carts.id, cart.id));
}

/** The codes of automatic coupons, in the order they are tried (DESIGN.md: never every code). */
export async function automaticCouponCodes(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ code: coupons.code, startsAt: coupons.startsAt, expiresAt: coupons.expiresAt })
    .from(coupons)
    .where(and(eq(coupons.automatic, true), eq(coupons.active, true)))
    .orderBy(asc(coupons.autoOrder), asc(coupons.id));
  return rows.filter((c) => (!c.startsAt || c.startsAt <= now) && (!c.expiresAt || c.expiresAt > now)).map((c) => c.code);
}

/**
 * On sign-in, a guest cart's lines join the customer's cart (quantities added, held to stock)
 * and the guest cart is deleted. The guest's coupon carries over if the customer had none.
 */
export async function adoptGuestCart(db: Db, customerId: number, cartKey: string | undefined): Promise<void> {
  if (!cartKey) return;
  const guest = await findGuestCart(db, cartKey);
  if (!guest) return;
  const target = await customerCart(db, customerId);
  const guestLines = await loadLines(db, guest.id);
  await db.transaction(async (tx) => {
    for (const r of guestLines) {
      const cap = Math.min(linePrice(r).stock, MAX_LINE_QUANTITY);
      if (cap <= 0) continue;
      await tx
        .insert(cartItems)
        .values({
          cartId: target.id,
          itemKey: newKey(12),
          productId: r.product.id,
          variationId: r.variation?.id ?? null,
          variationKey: r.variation?.id ?? 0,
          quantity: Math.min(r.item.quantity, cap),
        })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.productId, cartItems.variationKey],
          set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${cap})` },
        });
    }
    if (!target.couponCode && guest.couponCode) {
      await tx.update(carts).set({ couponCode: guest.couponCode }).where(eq(carts.id, target.id));
    }
    await tx.delete(carts).where(eq(carts.id, guest.id));
  });
}

async function touch(db: Db, cart: Cart) {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
}

export async function shopperFor(db: Db, customerId: number | null): Promise<Shopper> {
  if (!customerId) return { customerId: null, email: null };
  const [c] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  return { customerId, email: c?.email ?? null };
}
