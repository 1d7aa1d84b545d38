import { eq } from "drizzle-orm";
import { setupTestDb } from "@/lib/db/test-support";
import { call, CookieJar } from "@/lib/api/test-client";
import { carts, orderLines, orders, products, rateLimits, variations } from "@/lib/db/schema";
import { checkoutDetails } from "@/lib/orders/test-support";
import { findGuestCart } from "@/lib/cart/cart";
import { priceCart } from "@/lib/cart/pricing";
import type { ServerCart } from "@/lib/cart/types";
import * as cart from "@/app/api/cart/route";
import * as couponApply from "@/app/api/coupon-apply/route";
import * as checkout from "@/app/api/checkout/route";

const getDb = setupTestDb();
const GUEST = { customerId: null, email: null };

async function product(slug: string) {
  const db = getDb().db;
  const [p] = await db.select().from(products).where(eq(products.slug, slug));
  const [v] = await db.select().from(variations).where(eq(variations.productId, p!.id));
  return { ...p!, variation: v };
}

/** Eden (one variation) and two Kraal ottomans, with 5% off: three lines' worth of odd cents. */
async function threeLineCart(jar: CookieJar) {
  const eden = await product("eden-2-seater");
  const kraal = await product("kraal-cube-ottoman");
  await call(cart.POST, "/api/cart", { json: { productId: eden.id, variationId: eden.variation!.id }, jar });
  await call(cart.POST, "/api/cart", { json: { productId: kraal.id, productQuantity: 2 }, jar });
  const res = await call<ServerCart>(couponApply.POST, "/api/coupon-apply", {
    json: { promoCode: "KAYAFRIENDS" },
    jar,
  });
  expect(res.status).toBe(200);
  const edenUnit = eden.variation!.salePriceCents ?? eden.variation!.regularPriceCents;
  const kraalUnit = kraal.salePriceCents ?? kraal.regularPriceCents;
  return { answer: res.body, edenUnit, kraalUnit };
}

describe("priceCart", () => {
  test("lines at today's prices, the discount spread in whole cents, VAT inside the total", async () => {
    const db = getDb().db;
    const jar = new CookieJar();
    const { answer, edenUnit, kraalUnit } = await threeLineCart(jar);
    const subtotal = edenUnit + 2 * kraalUnit;
    const discount = Math.round((subtotal * 5) / 100);
    const priced = await priceCart(db, (await findGuestCart(db, answer.cart_key!))!, GUEST);
    expect(priced).toMatchObject({
      itemCount: 3,
      subtotalCents: subtotal,
      discountCents: discount,
      totalCents: subtotal - discount,
      vatCents: Math.round(((subtotal - discount) * 15) / 115),
    });
    expect(priced.coupon!.code).toBe("KAYAFRIENDS");
    expect(priced.lines.reduce((s, l) => s + l.discountCents, 0)).toBe(discount);
    // Each line carries its share of the rounded discount, to within the cent that rounding moves.
    for (const line of priced.lines)
      expect(Math.abs(line.discountCents - (line.subtotalCents * 5) / 100)).toBeLessThanOrEqual(1.5);
  });

  test("pricing with another code judges it without touching the cart", async () => {
    const db = getDb().db;
    const jar = new CookieJar();
    const { answer } = await threeLineCart(jar);
    const before = await findGuestCart(db, answer.cart_key!);
    const withOther = await priceCart(db, before!, GUEST, { code: "SLEEPWELL15" });
    expect(withOther.refused).toMatchObject({ code: "SLEEPWELL15", rejection: "not_applicable", unknown: false });
    expect(withOther.discountCents).toBe(0);
    const unknown = await priceCart(db, before!, GUEST, { code: "NOSUCHCODE" });
    expect(unknown.refused).toMatchObject({ code: "NOSUCHCODE", unknown: true });
    expect(await findGuestCart(db, answer.cart_key!)).toEqual(before);
  });

  test("the order is what the cart said: the same totals and line by line the same amounts", async () => {
    const db = getDb().db;
    await db.delete(rateLimits);
    const jar = new CookieJar();
    await threeLineCart(jar);
    const shown = await call<ServerCart>(cart.GET, "/api/cart", { jar });
    const placed = await call<{ order: { id: number } }>(checkout.POST, "/api/checkout", {
      json: checkoutDetails({ expectedTotal: Number(shown.body.totals.total) }),
      jar,
    });
    expect(placed.status).toBe(201);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.body.order.id));
    expect({
      subtotal: order!.subtotalCents,
      discount: order!.discountCents,
      total: order!.totalCents,
      vat: order!.vatCents,
      coupon: order!.couponCode,
    }).toEqual({
      subtotal: Number(shown.body.totals.subtotal),
      discount: Number(shown.body.totals.discount_total),
      total: Number(shown.body.totals.total),
      vat: Number(shown.body.totals.vat_total),
      coupon: shown.body.coupons[0]!.coupon,
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(
      lines.map((l) => [l.name, l.quantity, String(l.unitPriceCents), String(l.discountCents), String(l.totalCents)]),
    ).toEqual(shown.body.items.map((i) => [i.name, i.quantity.value, i.price, i.totals.discount, i.totals.total]));
    const [emptied] = await db.select().from(carts).where(eq(carts.cartKey, shown.body.cart_key!));
    expect(emptied!.couponCode).toBeNull();
  });
});
