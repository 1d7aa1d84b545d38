import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { setupTestDb } from "@/test/support/db";
import { readSession, revokeSession } from "@/lib/auth/session";
import { GATE_OPEN_CALLS, gateCookieValue, gateExempt } from "@/lib/auth/site-gate";
import { UNPROXIED_CALLS, UNPROXIED_PATHS, unproxied } from "@/lib/routing/proxy-scope";
import { makeCustomer, makeOrder } from "@/test/support/auth";
import { config, proxy } from "@/proxy";
import { COOKIE } from "@/lib/http/cookie-names";
import { setEnv } from "@/lib/config/set-env";
import { PER_PAGE } from "@/lib/catalog/search-params";
import { and, count, eq } from "drizzle-orm";
import { categories, products } from "@/lib/db/schema";

const testDb = setupTestDb();

function request(path: string, cookies: Record<string, string> = {}) {
  const headers = new Headers();
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
  if (cookie) headers.set("cookie", cookie);
  return new NextRequest(new URL(path, "http://shop.test"), { headers });
}

const passedOn = (res: Response) => res.headers.get("x-middleware-next") === "1";
const rewrittenTo = (res: Response) => {
  const to = res.headers.get("x-middleware-rewrite");
  return to ? new URL(to).pathname : null;
};

describe("proxy", () => {
  afterEach(() => {
    setEnv({ SITE_PASSWORD: undefined });
  });

  describe("matcher", () => {
    test.each([
      "/",
      "/product/eden-2-seater",
      "/my-account",
      "/api/login",
      "/api/register",
      "/blog/some-post",
      "/login",
    ])("runs for %s", (url) => {
      expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
    });
    test.each([
      "/_next/static/chunks/main.js",
      "/images/products/eden.svg",
      "/images/generated/category-couches.svg",
      "/favicon.ico",
      "/api/payments/payfast/notify",
      "/checkout/payjustnow/confirmed/abc",
      "/checkout/finchoice/confirmed?order=1",
    ])("stays out of %s", (url) => {
      expect(unstable_doesMiddlewareMatch({ config, url })).toBe(false);
    });

    // An information page answered under these first segments without the gate seeing it.
    test.each([
      "/images/about-us",
      "/_next/about-us",
      "/favicon.ico.x/contact-us",
      "/favicon.ico/faqs",
      "/images-x/about-us",
      "/_next/static-x/about-us",
      "/checkout/privacy-policy",
      "/api/about-us",
    ])("runs for %s, a page's address beside a skipped folder", (url) => {
      expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
    });

    test("skips exactly the folders lib/routing/proxy-scope.ts names, which the gate lets through", () => {
      expect(config.matcher[0]).toBe(`/((?!${[...UNPROXIED_PATHS, "api/"].join("|")}).*)`);
      expect(config.matcher[1]).toMatchObject({ source: `/api/((?!${UNPROXIED_CALLS.join("|")}).*)` });
      const paths = [
        "/",
        "/info/about-us",
        "/images/about-us",
        "/images/products/eden/oat-main.svg",
        "/images/generated/hero.svg",
        "/_next/static/css/a.css",
        "/_next/about-us",
        "/favicon.ico",
        "/favicon.ico.x/contact-us",
        "/api/cart",
        "/api/register",
        "/api/payments/ozow/notify",
        "/api/paymentsx",
        "/checkout/finchoice/cancelled",
        "/checkout/payjustnow/confirmed/kaya-1",
        "/checkout/about-us",
      ];
      for (const url of paths) {
        const skipped = !unstable_doesMiddlewareMatch({ config, url });
        expect({ url, skipped, gateExempt: gateExempt(url) || null }).toEqual({
          url,
          skipped: unproxied(url),
          gateExempt: skipped || (GATE_OPEN_CALLS as readonly string[]).includes(url) || null,
        });
      }
    });
  });

  describe("without SITE_PASSWORD", () => {
    test("pages and calls pass straight through", async () => {
      for (const path of ["/", "/product-category", "/api/login", "/login"])
        expect(passedOn(await proxy(request(path)))).toBe(true);
    });

    test("the Site Login screen does not exist", async () => {
      const res = await proxy(request("/site-login"));
      expect(res.status).toBe(404);
      expect(rewrittenTo(res)).toBe("/_not-found/site-login");
    });

    test("an information page under another leading slug is sent to its one address, the query kept", async () => {
      for (const [from, to] of [
        ["/kaya/faqs?utm_medium=email", "/info/faqs?utm_medium=email"],
        ["/x1/about-us", "/info/about-us"],
        ["/images/about-us", "/info/about-us"],
      ]) {
        const res = await proxy(request(from!));
        expect({ from, status: res.status, to: res.headers.get("location") }).toEqual({
          from,
          status: 308,
          to: `http://shop.test${to}`,
        });
      }
      expect(passedOn(await proxy(request("/info/faqs")))).toBe(true);
      expect((await proxy(request("/blog/faqs"))).status).toBe(404);
    });

    test("unknown catalogue slugs still get a real 404, known ones pass", async () => {
      expect((await proxy(request("/product/no-such-couch"))).status).toBe(404);
      expect((await proxy(request("/product-category/garden-chairs"))).status).toBe(404);
      expect((await proxy(request("/product/%E0%A4%A"))).status).toBe(404);
      expect(passedOn(await proxy(request("/product/eden-2-seater")))).toBe(true);
      expect(rewrittenTo(await proxy(request("/product-category/couches")))).toBe("/product-category/couches/default");
    });

    test("a category is served from its cached view; only a known category's canonical view is a page under it", async () => {
      const view = "/product-category/couches/sort.price-asc~fabric.oat";
      const res = await proxy(request("/product-category/couches?sort=price-asc&utm_source=x&fabric=oat&colour=grey"));
      expect(res.status).toBe(200);
      expect(rewrittenTo(res)).toBe(view);
      // Next may send the rewritten address through the proxy again (a rewrite to its own server by another name).
      expect(passedOn(await proxy(request(view)))).toBe(true);
      expect(passedOn(await proxy(request("/product-category/couches/default?utm_source=x")))).toBe(true);
      for (const path of [
        "/product-category/couches/sort.featured",
        "/product-category/couches/sort%2Eprice-asc",
        "/product-category/couches/sort=price-asc",
        "/product-category/couches/sort.price-asc~fabric.oat~utm_source.x",
        // The same view in another order is not its address: one view, one cache entry.
        "/product-category/couches/fabric.oat~sort.price-asc",
        "/product-category/couches/filtered",
        "/product-category/couches/default/more",
        "/product-category/garden-chairs/default",
        "/product-category/build-shell/default",
      ]) {
        const direct = await proxy(request(path));
        expect(direct.status).toBe(404);
        expect(rewrittenTo(direct)).toBe(`/_not-found${path}`);
      }
      expect((await proxy(request("/product-category/garden-chairs?sort=newest"))).status).toBe(404);
    });

    test("a price range or several fabrics is rendered on each request; a page past the last goes to the last", async () => {
      const live = "/product-category/couches/filtered?min=5000&fabric=oat&fabric=charcoal";
      for (const query of ["min=5000&fabric=charcoal&fabric=oat&utm_source=x", "fabric=oat,charcoal&min=05000"]) {
        const res = await proxy(request(`/product-category/couches?${query}`));
        expect(res.status).toBe(200);
        const to = new URL(res.headers.get("x-middleware-rewrite")!);
        expect(to.pathname + to.search).toBe(live);
      }
      expect(passedOn(await proxy(request(live)))).toBe(true);
      for (const path of [
        "/product-category/couches/filtered?min=5000&utm_source=x",
        "/product-category/couches/filtered?sort=newest",
        "/product-category/garden-chairs/filtered?min=5000",
      ])
        expect((await proxy(request(path))).status).toBe(404);

      const [couches] = await testDb()
        .db.select({ n: count() })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(categories.slug, "couches"), eq(products.published, true)));
      const last = Math.max(1, Math.ceil(couches!.n / PER_PAGE));
      const past = await proxy(request(`/product-category/couches?page=${last + 1}&sort=newest&utm_source=x`));
      expect(past.status).toBe(307);
      expect(new URL(past.headers.get("location")!).pathname + new URL(past.headers.get("location")!).search).toBe(
        `/product-category/couches?sort=newest${last > 1 ? `&page=${last}` : ""}`,
      );
      const far = await proxy(request("/product-category/couches?page=9999&fabric=no-such-fabric"));
      expect(far.status).toBe(307);
      expect(rewrittenTo(await proxy(request(`/product-category/couches?page=${last}`)))).toBe(
        last > 1 ? `/product-category/couches/page.${last}` : "/product-category/couches/default",
      );
    });
  });

  describe("account guard", () => {
    test.each(["/my-account", "/my-account/", "/my-account/orders", "/my-account/change-password"])(
      "%s without a session goes to login and back",
      async (path) => {
        const res = await proxy(request(`${path}?tab=1`));
        expect(res.status).toBe(307);
        const to = new URL(res.headers.get("location")!);
        expect(to.pathname).toBe("/login");
        expect(to.searchParams.get("next")).toBe(`${path}?tab=1`);
      },
    );

    test("a live session passes; a revoked one is sent to login and its cookie dropped", async () => {
      const { db } = testDb();
      const c = await makeCustomer(db);
      expect(passedOn(await proxy(request("/my-account/orders", { [COOKIE.session]: c.token })))).toBe(true);
      await revokeSession(db, (await readSession(db, c.token))!.session.id);
      const res = await proxy(request("/my-account/orders", { [COOKIE.session]: c.token }));
      expect(res.status).toBe(307);
      expect(res.headers.getSetCookie().join()).toMatch(new RegExp(`${COOKIE.session}=;`));
    });

    test("an order page is for its owner or a holder of its key; anyone else gets a 404 (IDOR)", async () => {
      const { db } = testDb();
      const owner = await makeCustomer(db);
      const other = await makeCustomer(db);
      const order = await makeOrder(db, owner.customer.id);
      const path = `/my-account/view-order/${order.id}`;
      expect(passedOn(await proxy(request(path, { [COOKIE.session]: owner.token })))).toBe(true);
      expect(
        passedOn(await proxy(request(`/my-account/view-order/${order.number}`, { [COOKIE.session]: owner.token }))),
      ).toBe(true);
      expect(passedOn(await proxy(request(`${path}?key=${order.orderKey}`)))).toBe(true);
      const stranger = await proxy(request(path, { [COOKIE.session]: other.token }));
      expect(stranger.status).toBe(404);
      expect(rewrittenTo(stranger)).toBe(`/_not-found${path}`);
      expect((await proxy(request(`${path}?key=guess`))).status).toBe(404);
      expect((await proxy(request(path))).status).toBe(307);
      expect((await proxy(request("/my-account/view-order/%E0%A4%A", { [COOKIE.session]: owner.token }))).status).toBe(
        404,
      );
    });
  });

  describe("affiliate links", () => {
    const affiliateCookie = (res: Response) =>
      res.headers.getSetCookie().find((line) => line.startsWith("kaya_affiliate="));

    test("?coupon=CODE is kept for the visit in an httpOnly cookie, and the address loses the parameter", async () => {
      const res = await proxy(request("/product/eden-2-seater?utm_source=partner&coupon=kayafriends"));
      expect(res.status).toBe(307);
      const to = new URL(res.headers.get("location")!);
      expect(`${to.pathname}${to.search}`).toBe("/product/eden-2-seater?utm_source=partner");
      const line = affiliateCookie(res)!;
      expect(line).toMatch(/^kaya_affiliate=KAYAFRIENDS;/);
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*Path=\/(;|$)/i);
      // A cookie for the visit: no lifetime of its own.
      expect(line).not.toMatch(/max-age|expires/i);
    });

    test("a malformed code is dropped from the address without a cookie", async () => {
      for (const code of ["%3Cscript%3E", "x".repeat(80), ""]) {
        const res = await proxy(request(`/?coupon=${code}`));
        expect([code, res.status, new URL(res.headers.get("location")!).pathname]).toEqual([code, 307, "/"]);
        expect(affiliateCookie(res)).toBeUndefined();
      }
    });

    test("pages without the parameter and calls are not touched", async () => {
      expect(passedOn(await proxy(request("/product/eden-2-seater?utm_source=partner")))).toBe(true);
      expect(passedOn(await proxy(request("/api/products-blob?coupon=KAYAFRIENDS")))).toBe(true);
    });
  });

  describe("with SITE_PASSWORD", () => {
    beforeEach(() => {
      setEnv({ SITE_PASSWORD: "kaya-preview" });
    });

    test.each(["/", "/product/eden-2-seater", "/my-account", "/login", "/no/such/page"])(
      "%s shows only the Site Login screen, at the same address",
      async (path) => {
        const res = await proxy(request(path));
        expect(rewrittenTo(res)).toBe("/site-login");
        expect(res.headers.get("cache-control")).toContain("no-store");
        expect(res.headers.get("x-robots-tag")).toBe("noindex");
      },
    );

    test("calls are refused with a 401 body, except the gate call itself", async () => {
      const res = await proxy(request("/api/products-blob"));
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: 401, code: "site_locked", data: { status: 401 } });
      expect(passedOn(await proxy(request("/api/register")))).toBe(true);
      expect(passedOn(await proxy(request("/site-login")))).toBe(true);
    });

    test("with the gate cookie everything behaves as without a gate", async () => {
      const cookies = { [COOKIE.gate]: gateCookieValue() };
      expect(passedOn(await proxy(request("/", cookies)))).toBe(true);
      expect(passedOn(await proxy(request("/api/products-blob", cookies)))).toBe(true);
      expect((await proxy(request("/product/no-such-couch", cookies))).status).toBe(404);
      expect((await proxy(request("/my-account", cookies))).status).toBe(307);
      const gate = await proxy(request("/site-login", cookies));
      expect(gate.status).toBe(307);
      expect(new URL(gate.headers.get("location")!).pathname).toBe("/");
    });

    test("a forged or stale gate cookie does not pass", async () => {
      expect(rewrittenTo(await proxy(request("/", { [COOKIE.gate]: "9999999999.forgedforgedforgedforged" })))).toBe(
        "/site-login",
      );
      const stale = gateCookieValue(Date.now() - 40 * 86_400_000);
      expect(rewrittenTo(await proxy(request("/", { [COOKIE.gate]: stale })))).toBe("/site-login");
    });
  });
});
