/**
 * Every route with a dynamic segment (app/**\/[name]/…), found on disk, given text no parameter
 * may hold, with a signed-in shopper's cookie and an order key so the deepest checks run; and
 * every cookie the server reads, holding the same. The answer is a 4xx (pages: 400 or 404),
 * never a 500. Paths behind the proxy are answered there; the others by their route handler.
 */
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { setupTestDb } from "@/test/support/db";
import { makeCustomer, makeOrder } from "@/test/support/auth";

import { CART_KEY_COOKIE } from "@/lib/cart/cart";

import { config, proxy } from "@/proxy";
import { COOKIE } from "@/lib/http/cookie-names";

const testDb = setupTestDb();

const APP = path.join(process.cwd(), "app");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : [full];
  });
}

type DynamicRoute = { file: string; kind: "page" | "route"; segments: string[] };

const dynamicRoutes: DynamicRoute[] = files(APP)
  .filter((f) => /\/(page\.tsx|route\.tsx?)$/.test(f) && /\/\[/.test(path.relative(APP, f)))
  .map((file) => ({
    file,
    kind: file.endsWith("page.tsx") ? ("page" as const) : ("route" as const),
    segments: path
      .relative(APP, path.dirname(file))
      .split(path.sep)
      .filter((s) => !/^\(.*\)$/.test(s)),
  }));

/** The address of a route with each dynamic segment replaced by `value`, and its params. */
function address(route: DynamicRoute, value: string) {
  const params: Record<string, string> = {};
  const pathname = route.segments
    .map((s) => {
      const m = /^\[+(?:\.\.\.)?(\w+)\]+$/.exec(s);
      if (!m) return s;
      params[m[1]!] = decodeURIComponent(value);
      return value;
    })
    .join("/");
  return { url: `/${pathname}`, params };
}

const HOSTILE = ["%00", "a%00b", "%00%00", "x".repeat(10) + "%00"];

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function shopper() {
  const db = testDb().db;
  const c = await makeCustomer(db);
  const order = await makeOrder(db, c.customer.id);
  return { token: c.token, order };
}

function request(url: string, cookies: Record<string, string>, init: { method?: string } = {}) {
  const headers = new Headers({ accept: "text/html" });
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
  if (cookie) headers.set("cookie", cookie);
  return new NextRequest(new URL(url, "http://shop.test"), { headers, method: init.method ?? "GET" });
}

describe("routes with dynamic segments", () => {
  test("are found", () => {
    const urls = dynamicRoutes.map((r) => address(r, "[x]").url);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/checkout/order/[x]",
        "/my-account/view-order/[x]",
        "/checkout/payjustnow/confirmed/[x]",
        "/og/product/[x]",
        "/product/[x]",
        "/blog/[x]",
      ]),
    );
  });

  test.each(dynamicRoutes.map((r) => [address(r, "[…]").url, r] as const))(
    "%s: NUL in the segment is a 4xx, never a 500",
    async (_, route) => {
      const { token, order } = await shopper();
      for (const value of HOSTILE) {
        const { url, params } = address(route, value);
        const full = `${url}?key=${encodeURIComponent(order.orderKey)}&token=t`;
        const cookies = { [COOKIE.session]: token };
        if (unstable_doesMiddlewareMatch({ config, url: full })) {
          const res = await proxy(request(full, cookies));
          expect([url, res.status === 400 || res.status === 404]).toEqual([url, true]);
        } else {
          const mod = (await import(route.file)) as Record<string, Handler | undefined>;
          for (const method of ["GET", "POST"]) {
            const handler = mod[method];
            if (!handler) continue;
            const res = await handler(request(full, cookies, { method }), { params: Promise.resolve(params) });
            expect([method, url, res.status >= 400 && res.status < 500]).toEqual([method, url, true]);
          }
        }
      }
    },
  );
});

describe("cookies the server reads", () => {
  const COOKIES = [COOKIE.session, CART_KEY_COOKIE, COOKIE.orderKey, COOKIE.gate];

  test.each(COOKIES)("%s holding %%00: pages answer 400 and drop it", async (name) => {
    const { order } = await shopper();
    for (const url of [
      "/",
      "/cart",
      "/checkout",
      `/checkout/order/${order.id}`,
      `/my-account/view-order/${order.id}`,
      "/my-account",
      "/product/eden-2-seater",
    ]) {
      const res = await proxy(request(url, { [name]: "abc%00def" }));
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.headers.getSetCookie().join("\n")).toMatch(new RegExp(`^${name}=;.*Max-Age=0`, "im"));
    }
  });

  test("an order page's key holding NUL, from the address or the cookie, is a 400", async () => {
    const { token, order } = await shopper();
    const viaQuery = await proxy(request(`/checkout/order/${order.id}?key=%00`, {}));
    expect(viaQuery.status).toBe(400);
    const viaCookie = await proxy(
      request(`/my-account/view-order/${order.id}`, { [COOKIE.session]: token, [COOKIE.orderKey]: "%00" }),
    );
    expect(viaCookie.status).toBe(400);
  });

  test("ordinary cookies, including other sites' tags, pass", async () => {
    const res = await proxy(
      request("/", { _ga: "GA1.1.123.456", [CART_KEY_COOKIE]: "abcdefghijklmnopqrstuvwxyz012345", note: "caf%C3%A9" }),
    );
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });
});
