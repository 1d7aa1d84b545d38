import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { cartItems, carts, customers, orderLines, orders, type Address, type Cart, type Order } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { lineImage, linePrice, loadLines, ruleLines, type Shopper } from "@/lib/cart/cart";
import { checkCoupon, recordRedemption } from "@/lib/coupons/usage";
import { vatIncluded } from "@/lib/money/money";
import { reserveStock } from "@/lib/orders/stock";
import { payByFor } from "@/lib/orders/bank-transfer-hold";
import type { AddressInput } from "@/lib/orders/address";
import type { CheckoutInput } from "@/lib/orders/checkout-schema";

export const ORDER_NUMBER_BASE = 100_000;

function toAddress(a: AddressInput, contact: { email: string; phone: string }): Address {
  return {
    firstName: a.FirstName,
    lastName: a.LastName,
    companyName: a.CompanyName || undefined,
    streetAddress1: a.StreetAddress1,
    streetAddress2: a.StreetAddress2 || undefined,
    city: a.City,
    province: a.Province,
    postcode: a.Postcode,
    country: a.Country,
    email: contact.email,
    phone: contact.phone,
  };
}

export type Placed = { order: Order; replay: boolean };

/** A cart's code that the order cannot have; placeOrder takes it off the cart once the order is undone. */
class CouponRefused extends ApiError {
  constructor(
    readonly couponCode: string,
    code: string,
    message: string,
  ) {
    super(409, `coupon_${code}`, `${couponCode}: ${message}. We have taken it off your cart; please check your total.`, { coupon: couponCode });
  }
}

/**
 * Turns a cart into an order, in one transaction: the lines at today's prices, the coupon
 * checked with its row locked and its use counted, the totals, stock taken with conditional
 * updates, the lines written as sold, the cart emptied. The idempotency key makes a double
 * submit return the first order, to the same cart or customer only: anyone else's submit with
 * that key is a new order. When a step refuses, the transaction writes nothing; the one write
 * that follows a refusal is taking a refused coupon off the cart, so the shopper sees the total
 * they would now pay.
 */
export async function placeOrder(db: Db, cart: Cart, shopper: Shopper, input: CheckoutInput, now = new Date()): Promise<Placed> {
  const scope = idempotencyScope(cart, shopper);
  const existing = await findByIdempotencyKey(db, scope, input.idempotencyKey);
  if (existing) return { order: existing, replay: true };
  try {
    return { order: await writeOrder(db, cart, shopper, input, scope, now), replay: false };
  } catch (err) {
    // Two submits of one key race: the loser meets the unique index, or finds the cart already
    // emptied by the winner, and answers with the winner's order.
    const again = await findByIdempotencyKey(db, scope, input.idempotencyKey);
    if (again) return { order: again, replay: true };
    if (err instanceof CouponRefused) {
      await db
        .update(carts)
        .set({ couponCode: null, updatedAt: now })
        .where(and(eq(carts.id, cart.id), eq(carts.couponCode, err.couponCode)));
    }
    throw err;
  }
}

async function writeOrder(db: Db, cart: Cart, shopper: Shopper, input: CheckoutInput, scope: string, now: Date): Promise<Order> {
  const contact = { email: input.email, phone: input.phone };
  const shipping = toAddress(input.shipping, contact);
  const billing = input.billingSameAsShipping || !input.billing ? shipping : toAddress(input.billing, contact);
  // The checkout address and the account's both count towards a once-per-customer code.
  const couponUser = { customerId: shopper.customerId, emails: [input.email, shopper.email] };

  return db.transaction(async (tx) => {
    const rows = await loadLines(tx, cart.id);
    if (rows.length === 0) throw new ApiError(409, "empty_cart", "Your cart is empty");
    const check = cart.couponCode ? await checkCoupon(tx, cart.couponCode, ruleLines(rows), couponUser, now, { lock: true }) : null;
    if (check && !check.result.ok) throw new CouponRefused(cart.couponCode!, check.result.code, check.result.message);
    const coupon = check?.coupon ?? null;
    const lineDiscounts = check?.result.ok ? check.result.lineDiscounts : {};
    const discount = check?.result.ok ? check.result.discountCents : 0;
    const subtotal = rows.reduce((s, r) => s + linePrice(r).unit * r.item.quantity, 0);
    const total = subtotal - discount;
    if (input.expectedTotal !== undefined && input.expectedTotal !== total) {
      throw new ApiError(409, "total_changed", "Prices in your cart have changed since you last looked. Please check your total and try again.", {
        expected_total: String(input.expectedTotal),
        total: String(total),
      });
    }

    const seq = (await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`)) as unknown as { rows: Array<{ id: number | string }> };
    const id = Number(seq.rows[0]!.id);
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        number: `KL-${ORDER_NUMBER_BASE + Number(id)}`,
        orderKey: `wc_order_${randomBytes(12).toString("base64url")}`,
        customerId: shopper.customerId,
        email: input.email,
        phone: input.phone,
        status: "pending",
        paymentMethod: input.paymentMethod,
        subtotalCents: subtotal,
        discountCents: discount,
        shippingCents: 0,
        totalCents: total,
        vatCents: vatIncluded(total),
        couponCode: coupon?.code ?? null,
        shipping,
        billing,
        marketingConsent: input.marketingConsent,
        idempotencyScope: scope,
        idempotencyKey: input.idempotencyKey,
        paymentSecret: randomBytes(18).toString("base64url"),
        payBy: input.paymentMethod === "bank-transfer" ? payByFor(now) : null,
      })
      .returning();
    await tx.insert(orderLines).values(
      rows.map((r) => {
        const price = linePrice(r);
        const lineDiscount = lineDiscounts[r.item.itemKey] ?? 0;
        const attrs = r.variation?.attributes ?? {};
        return {
          orderId: order!.id,
          productId: r.product.id,
          variationId: r.variation?.id ?? null,
          name: r.product.name,
          slug: r.product.slug,
          sku: r.variation?.sku ?? r.product.slug.toUpperCase(),
          variation: attrs,
          image: lineImage(r),
          quantity: r.item.quantity,
          unitPriceCents: price.unit,
          unitRegularCents: price.regular,
          discountCents: lineDiscount,
          totalCents: price.unit * r.item.quantity - lineDiscount,
        };
      }),
    );
    await reserveStock(
      tx,
      rows.map((r) => ({
        productId: r.product.id,
        variationId: r.variation?.id ?? null,
        quantity: r.item.quantity,
        label: r.variation ? `${r.product.name} (${Object.values(r.variation.attributes).join(", ")})` : r.product.name,
      })),
    );
    if (coupon && !(await recordRedemption(tx, coupon, order!.id, { customerId: shopper.customerId, email: input.email }))) {
      throw new CouponRefused(coupon.code, "usage_limit", "This promo code has reached its usage limit");
    }
    await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    await tx.update(carts).set({ couponCode: null, updatedAt: now }).where(eq(carts.id, cart.id));
    if (shopper.customerId && input.marketingConsent) {
      await tx.update(customers).set({ marketingConsentAt: now }).where(eq(customers.id, shopper.customerId));
    }
    return order!;
  });
}

/** A key replays an order only to the customer, or the guest cart, that placed it. */
export function idempotencyScope(cart: Pick<Cart, "id">, shopper: Pick<Shopper, "customerId">): string {
  return shopper.customerId ? `customer:${shopper.customerId}` : `cart:${cart.id}`;
}

async function findByIdempotencyKey(db: Db, scope: string, key: string): Promise<Order | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)));
  return order ?? null;
}
