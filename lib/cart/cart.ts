import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { cartItems, carts, products, variations, type Cart } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { INCOMPLETE_MESSAGE, resolveVariation } from "@/lib/catalog/variations";
import { lineLabel, linePrice, loadLines } from "@/lib/cart/lines";
import { ORDER_LIMITS, quantityLimitError } from "@/lib/orders/order-limits";
import { COOKIE } from "@/lib/http/cookie-names";

export const CART_KEY_COOKIE = COOKIE.cartKey;

/** Who is buying: an account (with its address) or a guest not known yet. */
export type Shopper = { customerId: number | null; email: string | null };

const newKey = (bytes: number) => randomBytes(bytes).toString("base64url");

export async function findGuestCart(db: Db, cartKey: string): Promise<Cart | null> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.cartKey, cartKey), sql`${carts.customerId} is null`));
  return cart ?? null;
}

export async function createGuestCart(db: Db): Promise<Cart> {
  const [cart] = await db
    .insert(carts)
    .values({ cartKey: newKey(24) })
    .returning();
  return cart!;
}

/** A customer's cart if there is one; reading never makes one. */
export async function findCustomerCart(db: Db, customerId: number): Promise<Cart | null> {
  const [cart] = await db.select().from(carts).where(eq(carts.customerId, customerId));
  return cart ?? null;
}

/** A customer's one cart, created on first use; the unique index settles a race. */
export async function customerCart(db: Db, customerId: number): Promise<Cart> {
  const existing = await findCustomerCart(db, customerId);
  if (existing) return existing;
  await db
    .insert(carts)
    .values({ cartKey: newKey(24), customerId })
    .onConflictDoNothing();
  return (await findCustomerCart(db, customerId))!;
}

export type AddInput = {
  productId: number;
  quantity: number;
  variation?: Record<string, string>;
  variationId?: number;
};

/** What is being bought: the product and, for a variable product, the one variation chosen. */
async function resolvePurchasable(db: Db, input: AddInput) {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.published, true)));
  if (!product) throw new ApiError(404, "product_not_found", "Product not found");
  const options = await db.select().from(variations).where(eq(variations.productId, product.id));
  if (options.length === 0) return { product, variation: null, stock: product.stock };
  let variation = input.variationId ? options.find((v) => v.id === input.variationId) : undefined;
  if (input.variationId && !variation)
    throw new ApiError(404, "variation_not_found", "That option of this product was not found");
  if (!variation) {
    const r = resolveVariation(product.attributes, options, input.variation ?? {});
    if (r.status === "incomplete")
      throw new ApiError(400, "incomplete_variation", INCOMPLETE_MESSAGE, { missing: r.missing });
    if (r.status === "unavailable")
      throw new ApiError(404, "variation_not_found", "We don't make this combination of options");
    variation = r.variation;
  }
  return { product, variation, stock: variation.stock };
}

function stockError(label: string, stock: number, inCart: number): ApiError {
  if (stock <= 0) return new ApiError(409, "out_of_stock", `${label} is out of stock`, { stock: 0 });
  const already = inCart > 0 ? `, and ${inCart} ${inCart === 1 ? "is" : "are"} already in your cart` : "";
  return new ApiError(
    409,
    "insufficient_stock",
    `Only ${stock} of ${label} ${stock === 1 ? "is" : "are"} in stock${already}`,
    { stock, in_cart: inCart },
  );
}

/** Over the stock, or over what one line may hold, with what is already in the cart. */
function overLineError(label: string, stock: number, inCart: number, quantity: number): ApiError {
  return inCart + quantity > stock ? stockError(label, stock, inCart) : quantityLimitError(label, inCart);
}

/**
 * Adds to a line, or creates it. One upsert on the (cart, product, variation) index, guarded by
 * stock and the most a line may hold, so concurrent adds to one cart add up and never pass either.
 */
export async function addToCart(db: Db, cart: Cart, input: AddInput): Promise<void> {
  const { product, variation, stock } = await resolvePurchasable(db, input);
  const label = lineLabel(product.name, variation?.attributes);
  const cap = Math.min(stock, ORDER_LIMITS.unitsPerLine);
  if (input.quantity > cap) throw overLineError(label, stock, 0, input.quantity);
  const variationKey = variation?.id ?? 0;
  const rows = await db
    .insert(cartItems)
    .values({
      cartId: cart.id,
      itemKey: newKey(12),
      productId: product.id,
      variationId: variation?.id ?? null,
      variationKey,
      quantity: input.quantity,
    })
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
      .where(
        and(
          eq(cartItems.cartId, cart.id),
          eq(cartItems.productId, product.id),
          eq(cartItems.variationKey, variationKey),
        ),
      );
    throw overLineError(label, stock, line?.quantity ?? 0, input.quantity);
  }
  await touch(db, cart);
}

async function lineOf(db: Db, cart: Cart, itemKey: string) {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.itemKey, itemKey)));
  if (!row) throw new ApiError(404, "item_not_found", "That item is not in your cart");
  return row;
}

/** Sets a line's quantity; below 1 removes the line. */
export async function setQuantity(db: Db, cart: Cart, itemKey: string, quantity: number): Promise<void> {
  const line = await lineOf(db, cart, itemKey);
  if (quantity < 1) return removeItem(db, cart, itemKey);
  const [row] = await loadLines(db, cart.id).then((rows) => rows.filter((r) => r.item.id === line.id));
  const { stock } = linePrice(row!);
  const label = lineLabel(row!.product.name, row!.variation?.attributes);
  if (quantity > stock) throw stockError(label, stock, line.quantity);
  if (quantity > ORDER_LIMITS.unitsPerLine) throw quantityLimitError(label);
  await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
  await touch(db, cart);
}

export async function removeItem(db: Db, cart: Cart, itemKey: string): Promise<void> {
  const line = await lineOf(db, cart, itemKey);
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  await touch(db, cart);
}

/** A guest's cart is gone once cleared: its key, like the browser's cookie, is spent. */
export async function deleteCart(db: Db, cart: Cart): Promise<void> {
  await db.delete(carts).where(eq(carts.id, cart.id));
}

export async function clearCart(db: Db, cart: Cart): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    await tx.update(carts).set({ couponCode: null, updatedAt: new Date() }).where(eq(carts.id, cart.id));
  });
}

/**
 * On sign-in, a guest cart's lines join the customer's cart (quantities added, held to stock and
 * to what a line may hold) and the guest cart is deleted. The guest's coupon carries over if the customer had none.
 */
export async function adoptGuestCart(db: Db, customerId: number, cartKey: string | undefined): Promise<void> {
  if (!cartKey) return;
  const guest = await findGuestCart(db, cartKey);
  if (!guest) return;
  const target = await customerCart(db, customerId);
  const guestLines = await loadLines(db, guest.id);
  await db.transaction(async (tx) => {
    for (const r of guestLines) {
      const cap = Math.min(linePrice(r).stock, ORDER_LIMITS.unitsPerLine);
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
