import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { orders, orderStatusHistory, paymentEvents, rateLimits } from "@/lib/db/schema";
import type { ServerCart } from "@/lib/cart/types";
import { setEnv } from "@/lib/config/set-env";
import { standInsUrl } from "@/lib/payments/config";
import { latestAttempt } from "@/lib/orders/payment-attempts";
import { cancelStalePendingOrders } from "@/lib/orders/expire";
import { checkoutDetails, productBySlug } from "@/test/support/orders";
import {
  dispatch,
  eventsFor,
  hiddenInputs,
  pebbleStock,
  postForm,
  reload,
  routeFetchToApp,
} from "@/test/support/payments";
import * as cartGuest from "@/app/api/cart-guest/route";
import * as checkout from "@/app/api/checkout/route";
import * as retry from "@/app/api/checkout/retry/route";
import * as backToCart from "@/app/api/checkout/back-to-cart/route";

/*
 * Payment outcomes as a shopper meets them, through the shop's own calls and the gateways'
 * stand-ins: cancel at the gateway, try again with another method, a late payment of the first
 * attempt, back to the cart, and a gateway that refuses the hand-off.
 */
const getDb = setupTestDb();
routeFetchToApp();
const STANDINS = standInsUrl();
beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

type Next = { kind: "form"; action: string; fields: Array<[string, string]> } | { kind: "redirect"; url: string };
type Placed = { order: { id: number; number: string; key: string }; next: Next };

async function guestWithPebbles(jar: CookieJar, quantity = 2) {
  const pebble = await productBySlug(getDb().db, "pebble-ottoman");
  const res = await call<ServerCart>(cartGuest.POST, "/api/cart-guest", {
    json: { productId: pebble.id, productQuantity: quantity },
    jar,
  });
  expect(res.status).toBe(201);
}

async function placeWith(jar: CookieJar, paymentMethod: string) {
  await guestWithPebbles(jar);
  const res = await call<Placed>(checkout.POST, "/api/checkout", { json: checkoutDetails({ paymentMethod }), jar });
  expect(res.status).toBe(201);
  return res.body;
}

const cartLines = async (jar: CookieJar) =>
  (await call<ServerCart>(cartGuest.GET, "/api/cart-guest", { jar })).body.items?.map((i) => i.quantity.value) ?? [];

const tryAgain = (jar: CookieJar, body: Record<string, unknown>) =>
  call<{ next: Next; order: { status: string }; replay: boolean; code?: string }>(retry.POST, "/api/checkout/retry", {
    json: { idempotencyKey: `retry-${Math.random().toString(36).slice(2)}-abcdefgh`, ...body },
    jar,
  });

describe("payment attempts", () => {
  test("Cancel at PayFast marks the attempt cancelled, the order keeps its stock, and a forged cancel does nothing", async () => {
    const db = getDb().db;
    const jar = new CookieJar();
    const stockBefore = await pebbleStock(db);
    const placed = await placeWith(jar, "payfast");
    expect(placed.next.kind).toBe("form");
    const fields = Object.fromEntries((placed.next as Extract<Next, { kind: "form" }>).fields);
    expect(await cartLines(jar)).toEqual([]);

    // A cancel link without the order's key changes nothing.
    const forged = new URL(fields.cancel_url!);
    forged.searchParams.set("key", "wc_order_guessed");
    expect((await dispatch(forged.toString())).headers.get("location")).toBe("/");
    expect((await latestAttempt(db, placed.order.id))?.outcome).toBe("waiting");

    const page = await dispatch(`${STANDINS}/payfast/eng/process`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const cancelled = await postForm(`${STANDINS}/payfast/eng/process/complete`, {
      ...hiddenInputs(await page.text()),
      action: "cancel",
    });
    const back = await dispatch(cancelled.headers.get("location")!);
    expect(back.headers.get("location")).toBe(`/checkout/order/${placed.order.id}?key=${placed.order.key}`);
    expect((await reload(db, placed.order.id)).status).toBe("pending");
    expect((await latestAttempt(db, placed.order.id))?.outcome).toBe("cancelled");
    expect(await pebbleStock(db)).toBe(stockBefore - 2);
  });

  test("Try again with another method, then a late payment of the first attempt pays the order once", async () => {
    const db = getDb().db;
    const jar = new CookieJar();
    const placed = await placeWith(jar, "payjustnow");
    const first = placed.next as Extract<Next, { kind: "redirect" }>;
    expect(first.kind).toBe("redirect");

    // Only the order's owner (its key) may try again; the call is validated.
    expect(
      (await tryAgain(new CookieJar(), { order: placed.order.id, key: "wrong", paymentMethod: "ozow" })).status,
    ).toBe(404);
    expect((await tryAgain(jar, { order: placed.order.id, key: placed.order.key, paymentMethod: "cash" })).status).toBe(
      400,
    );
    const crossSite = await call(retry.POST, "/api/checkout/retry", {
      json: {
        order: placed.order.id,
        key: placed.order.key,
        paymentMethod: "ozow",
        idempotencyKey: "abcdefghijklmnop",
      },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);

    const idempotencyKey = "same-key-for-two-presses";
    const again = await tryAgain(jar, {
      order: placed.order.id,
      key: placed.order.key,
      paymentMethod: "finchoice",
      idempotencyKey,
    });
    expect(again.status).toBe(200);
    expect(again.body.next.kind).toBe("redirect");
    const twice = await tryAgain(jar, {
      order: placed.order.id,
      key: placed.order.key,
      paymentMethod: "finchoice",
      idempotencyKey,
    });
    expect(twice.body).toMatchObject({ replay: true, next: again.body.next });
    const started = (await eventsFor(db, placed.order.id)).filter((e) => e.status === "started");
    expect(started.map((e) => e.provider)).toEqual(["payjustnow", "finchoice"]);
    expect((await reload(db, placed.order.id)).paymentMethod).toBe("finchoice");

    // The shopper pays on the first attempt's PayJustNow page after all.
    const html = await (await dispatch(first.url)).text();
    const paid = await postForm(`${STANDINS}/payjustnow/pay`, { ...hiddenInputs(html), action: "pay" });
    expect(paid.status).toBe(303);
    const order = await reload(db, placed.order.id);
    expect(order.status).toBe("processing");
    expect(order.paymentMethod).toBe("payjustnow");
    expect((await eventsFor(db, order.id)).filter((e) => e.status === "paid")).toHaveLength(1);

    // A paid order cannot be tried again, nor sent back to the cart.
    const closed = await tryAgain(jar, { order: order.id, key: placed.order.key, paymentMethod: "ozow" });
    expect(closed.status).toBe(409);
    expect(
      (
        await call(backToCart.POST, "/api/checkout/back-to-cart", {
          json: { order: order.id, key: placed.order.key },
          jar,
        })
      ).status,
    ).toBe(409);
  });

  test("Back to cart puts the order's lines back in the cart and cancels the order, releasing its stock", async () => {
    const db = getDb().db;
    const jar = new CookieJar();
    const stockBefore = await pebbleStock(db);
    const placed = await placeWith(jar, "ozow");
    expect(await pebbleStock(db)).toBe(stockBefore - 2);
    const res = await call<ServerCart>(backToCart.POST, "/api/checkout/back-to-cart", {
      json: { order: placed.order.id, key: placed.order.key },
      jar,
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.quantity.value)).toEqual([2]);
    expect(await cartLines(jar)).toEqual([2]);
    expect((await reload(db, placed.order.id)).status).toBe("cancelled");
    expect(await pebbleStock(db)).toBe(stockBefore);
    const twice = await call(backToCart.POST, "/api/checkout/back-to-cart", {
      json: { order: placed.order.id, key: placed.order.key },
      jar,
    });
    expect(twice.status).toBe(409);
  });

  test("a gateway that refuses the hand-off leaves the cart as it was and takes no stock", async () => {
    const db = getDb().db;
    const jar = new CookieJar();
    const stockBefore = await pebbleStock(db);
    await guestWithPebbles(jar);
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    const restore = setEnv({
      PAYJUSTNOW_MERCHANT_ID: "1",
      PAYJUSTNOW_API_KEY: "not-the-key",
      PAYJUSTNOW_BASE_URL: `${STANDINS}/payjustnow`,
    });
    const details = checkoutDetails({ paymentMethod: "payjustnow" });
    try {
      const res = await call<{ code: string; message: string }>(checkout.POST, "/api/checkout", { json: details, jar });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe("payment_unavailable");
      expect(res.body.message).toMatch(/PayJustNow is not answering.*nothing was charged.*cart is as it was/);
    } finally {
      restore();
      error.mockRestore();
    }
    expect(await cartLines(jar)).toEqual([2]);
    expect(await pebbleStock(db)).toBe(stockBefore);
    const undone = await db.select().from(orders).where(eq(orders.email, details.email));
    expect(undone.at(-1)!.status).toBe("cancelled");
    // The same submit, once the gateway answers, places the order.
    const again = await call<Placed>(checkout.POST, "/api/checkout", { json: details, jar });
    expect(again.status).toBe(201);
    expect(again.body.next.kind).toBe("redirect");
  });

  test("a bank transfer not yet made may be paid another way: the same order, its stock held, an hour from the switch", async () => {
    const db = getDb().db;
    const jar = new CookieJar();
    const stockBefore = await pebbleStock(db);
    const placed = await placeWith(jar, "bank-transfer");
    expect((await reload(db, placed.order.id)).status).toBe("on-hold");
    // Three days on hold, its reminder sent.
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await db
      .update(orders)
      .set({ createdAt: threeDaysAgo, paymentReminderSentAt: new Date() })
      .where(eq(orders.id, placed.order.id));
    await db.update(paymentEvents).set({ createdAt: threeDaysAgo }).where(eq(paymentEvents.orderId, placed.order.id));

    // A transfer again is no new attempt: the bank details are already on the page.
    const same = await tryAgain(jar, { order: placed.order.id, key: placed.order.key, paymentMethod: "bank-transfer" });
    expect([same.status, same.body.code]).toEqual([409, "order_closed"]);

    const ozow = await tryAgain(jar, { order: placed.order.id, key: placed.order.key, paymentMethod: "ozow" });
    expect(ozow.status).toBe(200);
    expect(ozow.body.order.status).toBe("pending");
    expect(ozow.body.next.kind).not.toBe("order-page");
    const order = await reload(db, placed.order.id);
    expect([order.status, order.paymentMethod, order.payBy, order.paymentReminderSentAt]).toEqual([
      "pending",
      "ozow",
      null,
      null,
    ]);
    expect(await pebbleStock(db)).toBe(stockBefore - 2);
    const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: "on-hold", toStatus: "pending" });

    // The order was placed days ago, but its hour counts from the switch.
    expect(await cancelStalePendingOrders(db, new Date(Date.now() + 59 * 60_000))).toEqual([]);
    expect((await reload(db, order.id)).status).toBe("pending");
    const expired = await cancelStalePendingOrders(db, new Date(Date.now() + 61 * 60_000));
    expect(expired.map((o) => o.id)).toContain(order.id);
    expect((await reload(db, order.id)).status).toBe("cancelled");
  });
});
