import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { setupTestDb } from "@/lib/db/test-support";
import { CookieJar } from "@/lib/api/test-client";
import { createSession } from "@/lib/auth/session";
import { customers, products } from "@/lib/db/schema";
import { useCartStore } from "@/stores/cart";
import { useProductsStore } from "@/stores/products";
import { useToastStore } from "@/stores/toast";

/*
 * The stores' rules, exercised against the shop's real route handlers and a real database:
 * fetch is routed in-process to app/api, with a cookie jar standing in for the browser's.
 */
const getDb = setupTestDb();
const routes: Record<string, () => Promise<Record<string, unknown>>> = {
  "/api/cart": () => import("@/app/api/cart/route"),
  "/api/cart-guest": () => import("@/app/api/cart-guest/route"),
  "/api/cart-update": () => import("@/app/api/cart-update/route"),
  "/api/cart-update-guest": () => import("@/app/api/cart-update-guest/route"),
  "/api/cart-clear": () => import("@/app/api/cart-clear/route"),
  "/api/coupon-apply": () => import("@/app/api/coupon-apply/route"),
  "/api/coupon-apply-guest": () => import("@/app/api/coupon-apply-guest/route"),
  "/api/coupon-delete": () => import("@/app/api/coupon-delete/route"),
  "/api/coupon-delete-guest": () => import("@/app/api/coupon-delete-guest/route"),
  "/api/coupons-all": () => import("@/app/api/coupons-all/route"),
  "/api/products-blob": () => import("@/app/api/products-blob/route"),
};
const jar = new CookieJar();
let log: string[] = [];

beforeAll(() => {
  global.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), "http://shop.test");
    const mod = await routes[url.pathname]!();
    const method = init?.method ?? "GET";
    const handler = mod[method] as (r: NextRequest, c: unknown) => Promise<Response>;
    const headers = new Headers(init?.headers);
    if (jar.header()) headers.set("cookie", jar.header());
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    log.push(`${method} ${url.pathname}${body?.promoCode ? ` ${body.promoCode}` : ""}`);
    const res = await handler(new NextRequest(url, { method, headers, body: init?.body as string | undefined }), {});
    jar.absorb(res);
    return res;
  }) as typeof fetch;
});

beforeEach(() => {
  jar.clear();
  log = [];
  useCartStore.getState().resetLocal();
  useCartStore.setState({ signedIn: false, availableAutoCoupons: [], affiliateCoupon: null });
  useToastStore.setState({ toasts: [] });
});

async function id(slug: string) {
  const [p] = await getDb().db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  return p!.id;
}

describe("cart store", () => {
  test("values are refreshed from each answer, totals in rands", async () => {
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman"), quantity: 2 });
    const s = useCartStore.getState();
    expect(s.itemCount).toBe(2);
    expect(s.cartSubTotal).toBe(4998);
    expect(s.cartTotal).toBe(4998);
    expect(s.cartKey).toBe(jar.get("kaya_cart"));
    expect(useToastStore.getState().toasts.map((t) => t.title)).toContain("Added to cart");
  });

  test("after a change, automatic coupons are tried in order until one applies", async () => {
    useCartStore.setState({ availableAutoCoupons: [{ code: "NOPE" }, { code: "KAYAFRIENDS" }, { code: "SLEEPWELL15" }] });
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman") });
    expect(log.filter((l) => l.includes("coupon-apply"))).toEqual(["POST /api/coupon-apply-guest NOPE", "POST /api/coupon-apply-guest KAYAFRIENDS"]);
    expect(useCartStore.getState().coupon).toBe("KAYAFRIENDS");
    expect(useCartStore.getState().cartDiscountTotal).toBeCloseTo(124.95, 2);
  });

  test("automatic coupons are not tried while a coupon is on the cart", async () => {
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman") });
    expect(await useCartStore.getState().applyCoupon("kayafriends")).toBe(true);
    useCartStore.setState({ availableAutoCoupons: [{ code: "OTTOMAN200" }] });
    log = [];
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman") });
    expect(log.some((l) => l.includes("coupon-apply"))).toBe(false);
    expect(useCartStore.getState().coupon).toBe("KAYAFRIENDS");
  });

  test("applying is skipped for an empty cart and for the coupon already applied", async () => {
    expect(await useCartStore.getState().applyCoupon("KAYAFRIENDS")).toBe(false);
    expect(log).toEqual([]);
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman") });
    await useCartStore.getState().applyCoupon("KAYAFRIENDS");
    log = [];
    expect(await useCartStore.getState().applyCoupon("kayafriends")).toBe(false);
    expect(log).toEqual([]);
  });

  test("a refused code shows 'Invalid promo code'", async () => {
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman") });
    expect(await useCartStore.getState().applyCoupon("WINTER2025")).toBe(false);
    const last = useToastStore.getState().toasts.at(-1)!;
    expect(last).toMatchObject({ title: "Invalid promo code", type: "error", message: "This promo code has expired" });
  });

  test("an affiliate code from a link is applied to the cart", async () => {
    useCartStore.getState().setAffiliateCoupon("kayafriends");
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman") });
    expect(useCartStore.getState().coupon).toBe("KAYAFRIENDS");
  });

  test("a failed add shows the server's message", async () => {
    expect(await useCartStore.getState().addToCart({ productId: await id("eden-2-seater") })).toBe(false);
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ type: "error", message: "Please complete all configurations" });
  });

  test("quantity below 1 removes the line", async () => {
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman"), quantity: 2 });
    const key = useCartStore.getState().items[0]!.item_key;
    await useCartStore.getState().updateQuantity(key, 0);
    expect(useCartStore.getState().items).toEqual([]);
    expect(useCartStore.getState().itemCount).toBe(0);
  });

  test("clearing a guest cart empties it locally, with no server call", async () => {
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman") });
    log = [];
    await useCartStore.getState().clearCart();
    expect(log).toEqual([]);
    expect(useCartStore.getState()).toMatchObject({ items: [], itemCount: 0, cartKey: null, cartTotal: 0 });
  });

  test("a signed-in customer's cart is cleared on the server", async () => {
    const db = getDb().db;
    const [c] = await db.insert(customers).values({ email: "store@example.co.za", passwordHash: "x" }).returning();
    jar.set("kaya_session", (await createSession(db, c!.id)).token);
    useCartStore.getState().setSignedIn(true);
    await useCartStore.getState().addToCart({ productId: await id("pebble-ottoman") });
    expect(log[0]).toBe("POST /api/cart");
    await useCartStore.getState().clearCart();
    expect(log.at(-1)).toBe("POST /api/cart-clear");
    await useCartStore.getState().fetchCart();
    expect(useCartStore.getState().itemCount).toBe(0);
  });
});

describe("products store", () => {
  test("re-fetched only when never fetched or older than 300 seconds", async () => {
    const t0 = 1_000_000;
    await useProductsStore.getState().ensureFresh(t0);
    expect(useProductsStore.getState().products.length).toBeGreaterThanOrEqual(24);
    log = [];
    await useProductsStore.getState().ensureFresh(t0 + 299_000);
    expect(log).toEqual([]);
    await useProductsStore.getState().ensureFresh(t0 + 300_000);
    expect(log).toEqual(["GET /api/products-blob"]);
  });
});
