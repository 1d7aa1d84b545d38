import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { cache } from "swr/_internal";
import { setupTestDb } from "@/test/support/db";
import { CookieJar } from "@/test/support/api-client";
import { createSession } from "@/lib/auth/session";
import { customers, products } from "@/lib/db/schema";
import {
  addToCart,
  applyCoupon,
  CART_KEY,
  clearCart,
  EMPTY_CART,
  loadCart,
  removeCoupon,
  removeItem,
  updateQuantity,
  type ShownCart,
} from "@/components/cart/use-cart";
import { followSignIn, refreshCart } from "@/components/cart/cart-count";
import { useCartUiStore } from "@/stores/cart";
import { useCustomerStore } from "@/stores/customer";
import { useToastStore } from "@/stores/toast";

/*
 * The browser's cart, against the shop's real route handlers and a real database: fetch is
 * routed in-process to app/api, with a cookie jar standing in for the browser's, and what the
 * shopper sees is read from the page's cart cache.
 */
const getDb = setupTestDb();
const routes: Record<string, () => Promise<Record<string, unknown>>> = {
  "/api/cart": () => import("@/app/api/cart/route"),
  "/api/cart-update": () => import("@/app/api/cart-update/route"),
  "/api/cart-clear": () => import("@/app/api/cart-clear/route"),
  "/api/coupon-apply": () => import("@/app/api/coupon-apply/route"),
  "/api/coupon-delete": () => import("@/app/api/coupon-delete/route"),
};
let jar = new CookieJar();
type Sent = { call: string; params: Record<string, unknown> };
let sent: Sent[] = [];
/** While set, every call waits for it before reaching the server: the shopper's view in between can be read. */
let hold: Promise<void> | null = null;

beforeAll(() => {
  global.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), "http://shop.test");
    const method = init?.method ?? "GET";
    const params = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : Object.fromEntries(url.searchParams);
    sent.push({ call: `${method} ${url.pathname}`, params });
    if (hold) await hold;
    const mod = await routes[url.pathname]!();
    const handler = mod[method] as (r: NextRequest, c: unknown) => Promise<Response>;
    const headers = new Headers(init?.headers);
    if (jar.header()) headers.set("cookie", jar.header());
    const res = await handler(new NextRequest(url, { method, headers, body: init?.body as string | undefined }), {});
    jar.absorb(res);
    return res;
  }) as typeof fetch;
});

beforeEach(() => {
  jar = new CookieJar();
  sent = [];
  hold = null;
  cache.delete(CART_KEY);
  useCartUiStore.setState({ drawerOpen: false });
  useToastStore.setState({ toasts: [] });
  useCustomerStore.setState({ customer: null, orders: [] });
});

/** The cart on the shopper's screen. */
const shown = (): ShownCart => (cache.get(CART_KEY)?.data as ShownCart | undefined) ?? EMPTY_CART;
const toasts = () => useToastStore.getState().toasts.map(({ title, message, type }) => ({ title, message, type }));
const calls = () => sent.map((s) => s.call);

async function product(slug: string) {
  const [p] = await getDb()
    .db.select({ id: products.id, price: products.regularPriceCents })
    .from(products)
    .where(eq(products.slug, slug));
  return p!;
}

async function firstVariation(slug: string) {
  const { db } = getDb();
  const p = await product(slug);
  const v = await db.query.variations.findFirst({
    where: (t, { and, eq: is, gt }) => and(is(t.productId, p.id), gt(t.stock, 2)),
  });
  return { productId: p.id, variationId: v!.id };
}

describe("the browser's cart", () => {
  test("an add shows the server's answer, money as integer cents, tells the shopper and opens the drawer", async () => {
    const pebble = await product("pebble-ottoman");
    expect(await addToCart({ productId: pebble.id, quantity: 2 })).toBe(true);
    expect(shown()).toMatchObject({
      item_count: 2,
      totals: { subtotal: String(2 * pebble.price), total: String(2 * pebble.price) },
    });
    expect(shown().pending).toBeUndefined();
    expect(toasts()).toEqual([{ title: "Added to cart", message: "Pebble Ottoman", type: "success" }]);
    expect(useCartUiStore.getState().drawerOpen).toBe(true);
  });

  test("the cookies carry the cart: no call names a cart key or token, and a guest's second add lands in the same cart", async () => {
    const pebble = await product("pebble-ottoman");
    const couch = await firstVariation("karoo-couch");
    await addToCart({ productId: pebble.id });
    const guestCookie = jar.header();
    await addToCart(couch);
    expect(jar.header()).toBe(guestCookie);
    expect(shown().items).toHaveLength(2);
    await updateQuantity(shown().items[0]!.item_key, 2);
    await removeItem(shown().items[1]!.item_key);
    // A new page: the cart comes back from the cookie alone.
    cache.delete(CART_KEY);
    expect((await loadCart()).item_count).toBe(2);
    for (const { params } of sent) expect(Object.keys(params)).not.toEqual(expect.arrayContaining(["cartKey"]));
    for (const { params } of sent) expect(Object.keys(params)).not.toEqual(expect.arrayContaining(["token"]));
    expect(calls().every((c) => !c.includes("-guest"))).toBe(true);
  });

  test("the add_to_cart event keeps its data: the line's id, name, price in rand and quantity, in ZAR", async () => {
    const pebble = await product("pebble-ottoman");
    const page = { dataLayer: [] as Array<Record<string, unknown>> };
    Object.assign(globalThis, { window: page });
    try {
      await addToCart({ productId: pebble.id, quantity: 2 });
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
    expect(page.dataLayer.filter((e) => e.event === "add_to_cart")).toEqual([
      {
        event: "add_to_cart",
        ecommerce: {
          currency: "ZAR",
          value: (2 * pebble.price) / 100,
          items: [
            expect.objectContaining({
              item_id: String(pebble.id),
              item_name: "Pebble Ottoman",
              price: pebble.price / 100,
              quantity: 2,
            }),
          ],
        },
      },
    ]);
  });

  test("the automatic coupon comes with the add that earns it, in the same call: the browser tries no code", async () => {
    const pebble = await product("pebble-ottoman");
    await addToCart({ productId: pebble.id });
    await addToCart(await firstVariation("karoo-couch"));
    expect(shown().coupons.map((c) => c.coupon)).toEqual(["FREEOTTOMAN"]);
    expect(shown().totals.discount_total).toBe(String(pebble.price));
    expect(calls()).toEqual(["POST /api/cart", "POST /api/cart"]);
  });

  test("a change shows at once, marked pending, and settles to the server's answer", async () => {
    const pebble = await product("pebble-ottoman");
    await addToCart({ productId: pebble.id });
    const key = shown().items[0]!.item_key;
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const change = updateQuantity(key, 3);
    await Promise.resolve();
    expect(shown()).toMatchObject({ pending: true, item_count: 3, totals: { total: String(pebble.price) } });
    expect(shown().items[0]!.quantity.value).toBe(3);
    release();
    await change;
    expect(shown().pending).toBeUndefined();
    expect(shown().totals.total).toBe(String(3 * pebble.price));
  });

  test("a change the server refuses rolls back, with the server's reason", async () => {
    const pebble = await product("pebble-ottoman");
    const [{ stock }] = (await getDb()
      .db.select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, pebble.id))) as [{ stock: number }];
    await getDb().db.update(products).set({ stock: 2 }).where(eq(products.id, pebble.id));
    try {
      await addToCart({ productId: pebble.id });
      const before = shown();
      await updateQuantity(before.items[0]!.item_key, 5);
      expect(shown()).toEqual(before);
      expect(toasts().at(-1)).toEqual({
        title: "Could not update your cart",
        message: "Only 2 of Pebble Ottoman are in stock, and 1 is already in your cart",
        type: "warn",
      });
    } finally {
      await getDb().db.update(products).set({ stock }).where(eq(products.id, pebble.id));
    }
  });

  test("a quantity below 1 removes the line", async () => {
    await addToCart({ productId: (await product("pebble-ottoman")).id, quantity: 2 });
    await updateQuantity(shown().items[0]!.item_key, 0);
    expect(shown()).toMatchObject({ items: [], item_count: 0, totals: { total: "0" } });
  });

  test("a failed add names the option the server says is missing and leaves the cart as it was", async () => {
    expect(await addToCart({ productId: (await product("eden-2-seater")).id })).toBe(false);
    expect(toasts().at(-1)).toEqual({
      title: "Could not add to cart",
      message: "Choose a fabric colour",
      type: "error",
    });
    expect(shown().item_count).toBe(0);
    expect(useCartUiStore.getState().drawerOpen).toBe(false);
  });

  test("a code is applied with 'Promo code applied', and removed", async () => {
    await addToCart({ productId: (await product("pebble-ottoman")).id });
    expect(await applyCoupon(shown(), " kayafriends ")).toBe(true);
    expect(shown().coupons.map((c) => c.coupon)).toEqual(["KAYAFRIENDS"]);
    expect(toasts().at(-1)).toEqual({ title: "Promo code applied", message: "KAYAFRIENDS", type: "success" });
    await removeCoupon(shown());
    expect(shown().coupons).toEqual([]);
  });

  test("applying is skipped for an empty cart and for the code already applied", async () => {
    expect(await applyCoupon(shown(), "KAYAFRIENDS")).toBe(false);
    expect(sent).toEqual([]);
    await addToCart({ productId: (await product("pebble-ottoman")).id });
    await applyCoupon(shown(), "KAYAFRIENDS");
    sent = [];
    expect(await applyCoupon(shown(), "kayafriends")).toBe(false);
    expect(sent).toEqual([]);
  });

  test("a refused code shows 'Invalid promo code' with the server's reason", async () => {
    await addToCart({ productId: (await product("pebble-ottoman")).id });
    expect(await applyCoupon(shown(), "WINTER2025")).toBe(false);
    expect(toasts().at(-1)).toEqual({
      title: "Invalid promo code",
      message: "This promo code has expired",
      type: "error",
    });
    expect(await applyCoupon(shown(), "NO-SUCH-CODE")).toBe(false);
    expect(toasts().at(-1)).toEqual({ title: "Invalid promo code", message: undefined, type: "error" });
  });

  test("clearing empties a guest's cart on the server too", async () => {
    await addToCart({ productId: (await product("pebble-ottoman")).id });
    await clearCart();
    expect(shown()).toMatchObject({ items: [], item_count: 0 });
    expect((await loadCart()).item_count).toBe(0);
  });

  test("a signed-in customer's cart is the session's; signing out shows an empty cart at once", async () => {
    const db = getDb().db;
    const [c] = await db.insert(customers).values({ email: "store@example.co.za", passwordHash: "x" }).returning();
    jar.set("kaya_session", (await createSession(db, c!.id)).token);
    const customer = {
      user_id: c!.id,
      shipping: {
        email: "store@example.co.za",
        first_name: "",
        last_name: "",
        phone: "",
        city: "",
        state: "",
        postcode: "",
        country: "",
      },
    };
    useCustomerStore.setState({ customer });
    const stop = followSignIn();
    try {
      await addToCart({ productId: (await product("pebble-ottoman")).id });
      expect((await loadCart()).item_count).toBe(1);
      // Signing out: the server took the session cookie, then the page forgets the customer.
      jar.clear();
      useCustomerStore.getState().clear();
      expect(shown()).toMatchObject({ items: [], item_count: 0 });
      // Then the server confirms it (the call already on its way: nothing shows the cart here).
      await refreshCart();
      expect(calls().at(-1)).toBe("GET /api/cart");
      expect(shown()).toMatchObject({ items: [], item_count: 0 });
    } finally {
      stop();
    }
  });
});
