/**
 * What one unpaid order may hold, and how many unpaid orders one shopper may have at once, as a
 * shopper (or someone hoarding the shop's stock) meets them through the shop's own calls.
 */
import { and, eq, gt, inArray, sql, type AnyColumn } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { cartItems, carts, orders, products, rateLimits, variations } from "@/lib/db/schema";
import type { ServerCart } from "@/lib/cart/types";
import { SITE } from "@/lib/config/site";
import { formatMoney } from "@/lib/money/money";
import { cancelStalePendingOrders } from "@/lib/orders/expire";
import { ORDER_LIMITS } from "@/lib/orders/order-limits";
import {
  checkoutDetails,
  fillGuestCart,
  productBySlug,
  closeUnpaidOrders,
  signedInCustomer,
  uniqueContact,
  type CheckoutAnswer,
  type ErrorBody,
} from "@/test/support/orders";
import * as cart from "@/app/api/cart/route";
import * as cartGuest from "@/app/api/cart-guest/route";
import * as cartUpdateGuest from "@/app/api/cart-update-guest/route";
import * as checkout from "@/app/api/checkout/route";
import * as retry from "@/app/api/checkout/retry/route";

const getDb = setupTestDb();
const SLUG = "pebble-ottoman";
const PEBBLE_PRICE = 249_900;

// Each test starts with no unpaid orders, no checkouts counted, and Pebbles as the catalogue has them.
beforeEach(async () => {
  const db = getDb().db;
  await db.delete(rateLimits);
  await closeUnpaidOrders(db);
  await db
    .update(products)
    .set({ stock: 40, regularPriceCents: PEBBLE_PRICE, salePriceCents: null })
    .where(eq(products.slug, SLUG));
});

type Line = { productId: number; variationId: number | null; stock: number; priceCents: number };

/** Every item a shopper can buy now, with its stock and today's price, cheapest first. */
async function inStockLines(): Promise<Line[]> {
  const db = getDb().db;
  const price = (regular: AnyColumn, sale: AnyColumn) => sql<number>`coalesce(${sale}, ${regular})`;
  const simple = await db
    .select({
      productId: products.id,
      stock: products.stock,
      priceCents: price(products.regularPriceCents, products.salePriceCents),
    })
    .from(products)
    .where(
      and(
        eq(products.published, true),
        gt(products.stock, 0),
        sql`not exists (select 1 from ${variations} v where v.product_id = ${products.id})`,
      ),
    );
  const options = await db
    .select({
      productId: variations.productId,
      variationId: variations.id,
      stock: variations.stock,
      priceCents: price(variations.regularPriceCents, variations.salePriceCents),
    })
    .from(variations)
    .innerJoin(products, eq(products.id, variations.productId))
    .where(and(eq(products.published, true), gt(variations.stock, 0)));
  return [...simple.map((l) => ({ ...l, variationId: null })), ...options].sort(
    (a, b) => a.priceCents - b.priceCents || a.productId - b.productId || (a.variationId ?? 0) - (b.variationId ?? 0),
  );
}

async function stockSnapshot(): Promise<string> {
  return JSON.stringify(await inStockLines());
}

/** Adds to a guest cart (a new one without a key); answers the call's result. */
function add(line: Pick<Line, "productId" | "variationId">, quantity: number, cartKey?: string) {
  return call<ServerCart & ErrorBody>(cartGuest.POST, "/api/cart-guest", {
    json: {
      productId: line.productId,
      ...(line.variationId ? { variationId: line.variationId } : {}),
      productQuantity: quantity,
      ...(cartKey ? { cartKey } : {}),
    },
  });
}

/** A guest cart holding these lines, one unit each unless `quantity` says otherwise. */
async function cartOf(lines: Array<Pick<Line, "productId" | "variationId">>, quantity = 1): Promise<string> {
  let key: string | undefined;
  for (const line of lines) {
    const res = await add(line, quantity, key);
    expect(res.status).toBeLessThan(300);
    key = res.body.cart_key!;
  }
  return key!;
}

const placeOrder = (json: Record<string, unknown>) =>
  call<CheckoutAnswer & ErrorBody>(checkout.POST, "/api/checkout", { json: checkoutDetails(json) });

async function orderCount(): Promise<number> {
  return (await getDb().db.select({ id: orders.id }).from(orders)).length;
}

async function cartLineCount(cartKey: string): Promise<number> {
  const db = getDb().db;
  const [row] = await db.select().from(carts).where(eq(carts.cartKey, cartKey));
  return (await db.select().from(cartItems).where(eq(cartItems.cartId, row!.id))).length;
}

/** Pebbles at `priceCents` each, `quantity` of them in a new guest cart. */
async function pebbleCart(priceCents: number, quantity: number): Promise<string> {
  const db = getDb().db;
  await db.update(products).set({ regularPriceCents: priceCents }).where(eq(products.slug, SLUG));
  return (await fillGuestCart(db, SLUG, quantity)).cart_key;
}

describe("what one unpaid order may hold", () => {
  test("every in-stock item at its full stock, by bank transfer: refused, saying how to order, and nothing held", async () => {
    const lines = await inStockLines();
    expect(lines.length).toBeGreaterThan(ORDER_LIMITS.linesPerOrder);
    const stockBefore = await stockSnapshot();
    const ordersBefore = await orderCount();

    // The hoarder asks for all of each item; where the cart says no, for as many as it allows.
    let key: string | undefined;
    for (const line of lines) {
      let res = await add(line, line.stock, key);
      if (res.status === 422) res = await add(line, Number(res.body.data.max), key);
      expect(res.status).toBeLessThan(300);
      key = res.body.cart_key!;
    }
    for (const paymentMethod of ["bank-transfer", "payfast"]) {
      const res = await placeOrder({ cartKey: key, paymentMethod });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ status: 422, code: "too_many_items", data: { status: 422 } });
      expect(res.body.message).toBe(
        `An order can hold up to ${ORDER_LIMITS.linesPerOrder} different items, and this one has ${lines.length}. Please keep some for a second order, or call us on ${SITE.phone} or e-mail ${SITE.email} about a larger order.`,
      );
    }
    expect(await stockSnapshot()).toBe(stockBefore);
    expect(await orderCount()).toBe(ordersBefore);
    expect(await cartLineCount(key!)).toBe(lines.length);
  });

  test("one item: the cart takes at most its limit, naming the item, and says so on every way in", async () => {
    const db = getDb().db;
    const pebble = await productBySlug(db, SLUG);
    const max = ORDER_LIMITS.unitsPerLine;
    const over = await add({ productId: pebble.id, variationId: null }, max + 1);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: "quantity_limit", data: { item: "Pebble Ottoman", max } });
    expect(over.body.message).toBe(
      `You can order up to ${max} of Pebble Ottoman at a time. For more, please call us on ${SITE.phone} or e-mail ${SITE.email} and we will arrange it with you.`,
    );

    const full = await add({ productId: pebble.id, variationId: null }, max);
    expect(full.status).toBe(201);
    const key = full.body.cart_key!;
    expect(full.body.items[0]!.quantity).toEqual({ value: max, max_purchase: max });
    const more = await add({ productId: pebble.id, variationId: null }, 1, key);
    expect(more.status).toBe(422);
    expect(more.body.message).toMatch(
      new RegExp(`^You can order up to ${max} of Pebble Ottoman at a time, and ${max} are already in your cart\\.`),
    );
    const set = await call<ErrorBody>(cartUpdateGuest.POST, "/api/cart-update-guest", {
      json: { cartKey: key, itemKey: full.body.items[0]!.item_key, productQuantity: max + 1 },
    });
    expect(set.status).toBe(422);
    expect(set.body.code).toBe("quantity_limit");

    // A cart filled before the limit (or an owner who lowered it): the checkout holds to it too.
    const [row] = await db.select().from(carts).where(eq(carts.cartKey, key));
    await db
      .update(cartItems)
      .set({ quantity: max + 5 })
      .where(eq(cartItems.cartId, row!.id));
    const stockBefore = (await productBySlug(db, SLUG)).stock;
    const refused = await placeOrder({ cartKey: key });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("quantity_limit");
    expect((await productBySlug(db, SLUG)).stock).toBe(stockBefore);
  });

  test(`at most ${ORDER_LIMITS.linesPerOrder} different items in one order`, async () => {
    const lines = (await inStockLines()).slice(0, ORDER_LIMITS.linesPerOrder + 1);
    const tooMany = await cartOf(lines);
    const refused = await placeOrder({ cartKey: tooMany });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: "too_many_items",
      data: { max: ORDER_LIMITS.linesPerOrder, count: ORDER_LIMITS.linesPerOrder + 1 },
    });
    const enough = await cartOf(lines.slice(0, ORDER_LIMITS.linesPerOrder));
    expect((await placeOrder({ cartKey: enough })).status).toBe(201);
  });

  test("a bank transfer holds stock for days: above its limit, pay by card or instant EFT, or call the shop", async () => {
    const db = getDb().db;
    const max = ORDER_LIMITS.orderValueCents.bankTransfer;
    const units = ORDER_LIMITS.unitsPerLine;
    const stockBefore = (await productBySlug(db, SLUG)).stock;

    const atLimit = await pebbleCart(max / units, units);
    expect((await placeOrder({ cartKey: atLimit })).status).toBe(201);

    const over = await pebbleCart(max / units + 1, units);
    const refused = await placeOrder({ cartKey: over, paymentMethod: "bank-transfer" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: "order_too_large",
      data: { limit: "value", max: String(max), total: String(max + units), other_methods: true },
    });
    expect(refused.body.message).toBe(
      `We keep a bank-transfer order's pieces for you until the money clears, so we take bank transfers for orders of up to ${formatMoney(max)}. Please pay for this one by card or instant EFT, or call us on ${SITE.phone} or e-mail ${SITE.email} and we will arrange it with you.`,
    );
    expect((await productBySlug(db, SLUG)).stock).toBe(stockBefore - units);
    expect(await cartLineCount(over)).toBe(1);

    // The same cart by card holds its stock for an hour: it goes through.
    const byCard = await placeOrder({ cartKey: over, paymentMethod: "payfast" });
    expect(byCard.status).toBe(201);
    expect(byCard.body.next.kind).toBe("form");
  });

  test("above the most any method takes online: the shopper is asked to call or e-mail", async () => {
    const max = ORDER_LIMITS.orderValueCents.otherMethods;
    const units = ORDER_LIMITS.unitsPerLine;
    const key = await pebbleCart(max / units + 1, units);
    for (const paymentMethod of ["payfast", "ozow", "bank-transfer"]) {
      const refused = await placeOrder({ cartKey: key, paymentMethod });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: "order_too_large", data: { other_methods: false } });
      expect(refused.body.message).toBe(
        `Your order comes to ${formatMoney(max + units)}, more than the ${formatMoney(max)} we can take online in one order. Please call us on ${SITE.phone} or e-mail ${SITE.email}: we will gladly arrange it with you.`,
      );
    }
  });

  test("an unpaid card order too large for a bank transfer cannot be switched to one", async () => {
    const db = getDb().db;
    const max = ORDER_LIMITS.orderValueCents.bankTransfer;
    const units = ORDER_LIMITS.unitsPerLine;
    const key = await pebbleCart(max / units + 1, units);
    const placed = await placeOrder({ cartKey: key, paymentMethod: "payfast" });
    expect(placed.status).toBe(201);
    const switched = await call<ErrorBody>(retry.POST, "/api/checkout/retry", {
      json: {
        order: placed.body.order.id,
        key: placed.body.order.key,
        paymentMethod: "bank-transfer",
        idempotencyKey: "switch-to-bank-abcdefgh",
      },
    });
    expect(switched.status).toBe(422);
    expect(switched.body.code).toBe("order_too_large");
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.body.order.id));
    expect(order).toMatchObject({ status: "pending", paymentMethod: "payfast", payBy: null });
  });
});

describe("unpaid orders one shopper may have at once", () => {
  const perEmail = ORDER_LIMITS.unpaidOrders.perEmail;

  test("per e-mail address, however it is spelt; paying for one makes room", async () => {
    const db = getDb().db;
    const spellings = [
      "Lerato.M+sofa@gmail.com",
      "leratom@googlemail.com",
      "lerato.m@gmail.com",
      "LERATOM+x@Gmail.com",
    ];
    const placed: number[] = [];
    for (let i = 0; i < perEmail; i++) {
      const res = await placeOrder({
        cartKey: (await fillGuestCart(db)).cart_key,
        ...uniqueContact(),
        email: spellings[i % spellings.length],
      });
      expect(res.status).toBe(201);
      placed.push(res.body.order.id);
    }
    const stockBefore = (await productBySlug(db, SLUG)).stock;
    const ordersBefore = await orderCount();
    const key = (await fillGuestCart(db)).cart_key;
    const refused = await placeOrder({ cartKey: key, ...uniqueContact(), email: spellings.at(-1) });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "too_many_unpaid_orders",
      data: { status: 409, by: "email", max: perEmail },
    });
    expect(refused.body.message).toBe(
      `You already have ${perEmail} orders waiting for payment under this e-mail address. Please pay for one of them, or cancel it, before placing another: the e-mail we sent you for each order has a link to it.`,
    );
    expect((await productBySlug(db, SLUG)).stock).toBe(stockBefore);
    expect(await orderCount()).toBe(ordersBefore);
    expect(await cartLineCount(key)).toBe(1);

    await db.update(orders).set({ status: "processing", paidAt: new Date() }).where(eq(orders.id, placed[0]!));
    expect((await placeOrder({ cartKey: key, ...uniqueContact(), email: spellings.at(-1) })).status).toBe(201);
  });

  test("per phone number, however it is written; an order cancelled unpaid makes room", async () => {
    const db = getDb().db;
    const max = ORDER_LIMITS.unpaidOrders.perPhone;
    const spellings = ["082 555 0101", "+27 82 555 0101", "0027825550101", "27825550101"];
    for (let i = 0; i < max; i++) {
      const res = await placeOrder({
        cartKey: (await fillGuestCart(db)).cart_key,
        phone: spellings[i % spellings.length],
        paymentMethod: "payfast",
      });
      expect(res.status).toBe(201);
    }
    const key = (await fillGuestCart(db)).cart_key;
    const refused = await placeOrder({ cartKey: key, phone: spellings.at(-1) });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "too_many_unpaid_orders", data: { by: "phone", max } });
    expect(refused.body.message).toMatch(/^You already have \d+ orders waiting for payment under this phone number\./);

    // Card orders nobody paid are cancelled after their hour; then the number may order again.
    await cancelStalePendingOrders(db, new Date(Date.now() + 2 * 3_600_000));
    expect((await placeOrder({ cartKey: key, phone: spellings.at(-1) })).status).toBe(201);
  });

  test("per customer account, whatever e-mail and phone each order gives; the account's orders are linked", async () => {
    const db = getDb().db;
    const max = ORDER_LIMITS.unpaidOrders.perCustomer;
    const { token } = await signedInCustomer(db, "collector@example.co.za");
    const pebble = await productBySlug(db, SLUG);
    const order = async () => {
      await call(cart.POST, "/api/cart", { json: { token, productId: pebble.id, productQuantity: 1 } });
      return placeOrder({ token, ...uniqueContact() });
    };
    for (let i = 0; i < max; i++) expect((await order()).status).toBe(201);
    const refused = await order();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "too_many_unpaid_orders",
      data: { by: "customer", max, orders_url: "/my-account/orders" },
    });
    expect(refused.body.message).toBe(
      `You already have ${max} orders waiting for payment. Please pay for one of them, or cancel it, before placing another: you will find them in your account, under Orders.`,
    );
  });

  test("parallel checkouts for one e-mail address, or one phone number, never pass its limit", async () => {
    const db = getDb().db;
    const parallel = 10;
    const before = (await productBySlug(db, SLUG)).stock;
    const carts = await Promise.all(Array.from({ length: 2 * parallel }, () => fillGuestCart(db)));
    const sameEmail = carts
      .slice(0, parallel)
      .map((c) => placeOrder({ cartKey: c.cart_key, ...uniqueContact(), email: "racer@example.co.za" }));
    const samePhone = carts.slice(parallel).map((c) => placeOrder({ cartKey: c.cart_key, phone: "083 777 0001" }));
    const answers = await Promise.all([...sameEmail, ...samePhone]);
    const tally = (part: typeof answers) => part.map((a) => a.status).sort();
    expect(tally(answers.slice(0, parallel))).toEqual([
      ...Array(perEmail).fill(201),
      ...Array(parallel - perEmail).fill(409),
    ]);
    const perPhone = ORDER_LIMITS.unpaidOrders.perPhone;
    expect(tally(answers.slice(parallel))).toEqual([
      ...Array(perPhone).fill(201),
      ...Array(parallel - perPhone).fill(409),
    ]);
    for (const a of answers) if (a.status === 409) expect(a.body.code).toBe("too_many_unpaid_orders");
    const held = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ["pending", "on-hold"]),
          sql`(${orders.emailNormalized} = 'racer@example.co.za' or ${orders.phone} = '+27837770001')`,
        ),
      );
    expect(held).toHaveLength(perEmail + perPhone);
    expect((await productBySlug(db, SLUG)).stock).toBe(before - perEmail - perPhone);
  });
});
