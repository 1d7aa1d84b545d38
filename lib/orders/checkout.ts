import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { cartItems, carts, customers, orderLines, orders, type Address, type Cart, type Order } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import type { Shopper } from "@/lib/cart/cart";
import { lineDrawing, lineLabel, lineSku } from "@/lib/cart/lines";
import { priceCart } from "@/lib/cart/pricing";
import { recordRedemption } from "@/lib/coupons/usage";
import { reserveStock } from "@/lib/orders/stock";
import { payByFor } from "@/lib/orders/bank-transfer-hold";
import { orderSizeRefusal } from "@/lib/orders/order-limits";
import { idempotencyScope } from "@/lib/orders/checkout-limits";
import { claimUnpaidOrder } from "@/lib/orders/unpaid";
import { ACCOUNT_ORDERS_PATH } from "@/lib/orders/urls";
import { normaliseEmail } from "@/lib/coupons/customer-email";
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
    super(
      409,
      `coupon_${code}`,
      `${couponCode}: ${message}. We have taken it off your cart; please check your total.`,
      { coupon: couponCode },
    );
  }
}

/**
 * Turns a cart into an order, in one transaction: the cart row locked (two checkouts of one cart
 * take turns, and the second finds it emptied), the cart priced by priceCart with the coupon row
 * locked and its use counted, the order held to what one unpaid order may be and its shopper to
 * the unpaid orders they may have, stock taken with conditional updates, the lines written as
 * sold, the cart emptied. The idempotency key makes a double submit return the first order, to
 * the same cart or customer only: anyone else's submit with that key is a new order. When a step
 * refuses, the transaction writes nothing; the one write that follows a refusal is taking a
 * refused coupon off the cart, so the shopper sees the total they would now pay.
 */
export async function placeOrder(
  db: Db,
  cart: Cart,
  shopper: Shopper,
  input: CheckoutInput,
  now = new Date(),
): Promise<Placed> {
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

async function writeOrder(
  db: Db,
  cart: Cart,
  shopper: Shopper,
  input: CheckoutInput,
  scope: string,
  now: Date,
): Promise<Order> {
  const contact = { email: input.email, phone: input.phone };
  const shipping = toAddress(input.shipping, contact);
  const billing = input.billingSameAsShipping || !input.billing ? shipping : toAddress(input.billing, contact);

  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(carts).where(eq(carts.id, cart.id)).for("update");
    if (!locked) throw new ApiError(404, "cart_not_found", "Cart not found");
    // The checkout address and the account's both count towards a once-per-customer code.
    const priced = await priceCart(tx, locked, shopper, { now, lock: true, emails: [input.email] });
    if (priced.lines.length === 0) throw new ApiError(409, "empty_cart", "Your cart is empty");
    if (priced.refused) throw new CouponRefused(priced.refused.code, priced.refused.rejection, priced.refused.message);
    const { coupon, subtotalCents: subtotal, discountCents: discount, totalCents: total } = priced;
    if (input.expectedTotal !== undefined && input.expectedTotal !== total) {
      throw new ApiError(
        409,
        "total_changed",
        "Prices in your cart have changed since you last looked. Please check your total and try again.",
        {
          expected_total: String(input.expectedTotal),
          total: String(total),
        },
      );
    }

    const tooLarge = orderSizeRefusal({
      lines: priced.lines.map(({ row, quantity }) => ({
        label: lineLabel(row.product.name, row.variation?.attributes),
        quantity,
      })),
      totalCents: total,
      paymentMethod: input.paymentMethod,
    });
    if (tooLarge) throw tooLarge;
    const emailNormalized = normaliseEmail(input.email);
    await claimUnpaidOrder(
      tx,
      { customerId: shopper.customerId, emailNormalized, phone: input.phone },
      { ordersUrl: ACCOUNT_ORDERS_PATH },
    );

    const seq = (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
    )) as unknown as { rows: Array<{ id: number | string }> };
    const id = Number(seq.rows[0]!.id);
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        number: `KL-${ORDER_NUMBER_BASE + Number(id)}`,
        orderKey: `wc_order_${randomBytes(12).toString("base64url")}`,
        customerId: shopper.customerId,
        email: input.email,
        emailNormalized,
        phone: input.phone,
        status: "pending",
        paymentMethod: input.paymentMethod,
        subtotalCents: subtotal,
        discountCents: discount,
        shippingCents: 0,
        totalCents: total,
        vatCents: priced.vatCents,
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
      priced.lines.map(({ row, ...line }) => ({
        orderId: order!.id,
        productId: row.product.id,
        variationId: row.variation?.id ?? null,
        name: row.product.name,
        slug: row.product.slug,
        sku: lineSku(row),
        variation: row.variation?.attributes ?? {},
        image: lineDrawing(row),
        quantity: line.quantity,
        unitPriceCents: line.unitCents,
        unitRegularCents: line.regularCents,
        discountCents: line.discountCents,
        totalCents: line.totalCents,
      })),
    );
    await reserveStock(
      tx,
      priced.lines.map(({ row, quantity }) => ({
        productId: row.product.id,
        variationId: row.variation?.id ?? null,
        quantity,
        label: lineLabel(row.product.name, row.variation?.attributes),
      })),
    );
    if (
      coupon &&
      !(await recordRedemption(tx, coupon, order!.id, { customerId: shopper.customerId, email: input.email }))
    ) {
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

async function findByIdempotencyKey(db: Db, scope: string, key: string): Promise<Order | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)));
  return order ?? null;
}
