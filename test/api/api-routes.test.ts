/**
 * Every route file under app/api, found on disk, so a new call is covered the day it is added:
 * each state-changing method refuses a browser's cross-site call and serves same-origin calls
 * and calls without browser headers (servers, app clients of the API).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { setupTestDb } from "@/test/support/db";
import { call, type CallResult } from "@/test/support/api-client";
import { makeCustomer, OTHER_PASSWORD } from "@/test/support/auth";
import { serverEnv } from "@/lib/config/env";
import { products, sessions } from "@/lib/db/schema";
import type { ServerCart } from "@/lib/cart/types";
import * as cart from "@/app/api/cart/route";
import * as checkout from "@/app/api/checkout/route";
import * as changePassword from "@/app/api/change-password/route";
import * as logout from "@/app/api/logout/route";

const getDb = setupTestDb();

type Handler = (request: NextRequest, context: never) => Promise<Response>;
type ErrorBody = { status: number; code: string; message: string; data: { status: number } };

const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"] as const;
/** Gateways call these from their servers, and send the shopper's browser back to them. */
const PROVIDER_CALLBACK = /^\/api\/payments\/[^/]+\/(notify|return)$/;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const API_DIR = path.join(process.cwd(), "app", "api");
const files = routeFiles(API_DIR);
const urlOf = (file: string) => `/api/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`;

const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];
/** Read from the source, so each method gets its own test; checked against the module below. */
const declaredMethods = (file: string) => {
  const source = fs.readFileSync(file, "utf8");
  const defined = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+([A-Z]+)\b/g)].map((m) => m[1]!);
  // `export { POST }` and `export { updateLine as POST }`: a call written once, for twin addresses.
  const reexported = [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!.split(",").map((name) =>
      name
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ),
  );
  return [...defined, ...reexported].filter((m) => METHODS.includes(m));
};

const stateChanging = files.flatMap((file) =>
  declaredMethods(file)
    .filter((m) => (STATE_CHANGING as readonly string[]).includes(m))
    .map((method) => [urlOf(file), method, file] as const),
);

async function handlerOf(file: string, method: string): Promise<Handler> {
  const mod = (await import(file)) as Record<string, unknown>;
  return mod[method] as Handler;
}

const isCrossSiteRefusal = (res: CallResult<unknown>) =>
  res.status === 403 && (res.body as ErrorBody).code === "cross_site_request";

describe("the API's route files", () => {
  test("are all found, with every method they export", async () => {
    expect(files.length).toBeGreaterThan(25);
    expect(files.map(urlOf)).toEqual(
      expect.arrayContaining(["/api/cart", "/api/checkout", "/api/logout", "/api/payments/payfast/notify"]),
    );
    for (const file of files) {
      const mod = (await import(file)) as Record<string, unknown>;
      const exported = METHODS.filter((m) => typeof mod[m] === "function");
      expect([urlOf(file), exported.sort()]).toEqual([urlOf(file), declaredMethods(file).sort()]);
    }
    expect(stateChanging.length).toBeGreaterThan(25);
  });

  test.each(stateChanging)("%s %s refuses a browser's cross-site call", async (url, method, file) => {
    const handler = await handlerOf(file, method);
    const jar = (await makeCustomer(getDb().db)).jar;
    const crossSite: Array<Record<string, string>> = [
      { origin: "http://evil.example" },
      { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "http://www.shop.test" },
      { origin: "null" },
      { origin: "http://shop.test.evil.example" },
    ];
    for (const headers of crossSite) {
      const res = await call(handler, url, { method, headers, jar, json: {} });
      if (PROVIDER_CALLBACK.test(url)) expect([headers, isCrossSiteRefusal(res)]).toEqual([headers, false]);
      else {
        expect([headers, res.status]).toEqual([headers, 403]);
        expect(res.body).toEqual({
          status: 403,
          code: "cross_site_request",
          message: expect.any(String),
          data: { status: 403 },
        });
      }
    }
  });

  test.each(stateChanging)(
    "%s %s serves same-origin calls and calls without browser headers",
    async (url, method, file) => {
      const handler = await handlerOf(file, method);
      const jar = (await makeCustomer(getDb().db)).jar;
      const accepted: Array<Record<string, string>> = [
        {},
        { origin: "http://shop.test", "sec-fetch-site": "same-origin" },
        { origin: "http://shop.test" },
        { "sec-fetch-site": "same-origin" },
        { origin: new URL(serverEnv().SITE_URL).origin, "sec-fetch-site": "same-origin" },
      ];
      for (const headers of accepted) {
        const res = await call(handler, url, {
          method,
          headers: { ...headers, "x-forwarded-for": "10.77.0.1" },
          jar,
          json: {},
        });
        expect([headers, isCrossSiteRefusal(res), res.status < 500]).toEqual([headers, false, true]);
      }
    },
  );
});

describe("what a cross-site page could have done with the shopper's cookie", () => {
  const evil = { origin: "http://evil.example", "sec-fetch-site": "cross-site" };

  test("add to the cart", async () => {
    const shopper = await makeCustomer(getDb().db);
    const [pebble] = await getDb().db.select().from(products).where(eq(products.slug, "pebble-ottoman"));
    const res = await call(cart.POST, "/api/cart", {
      json: { productId: pebble!.id },
      jar: shopper.jar,
      headers: evil,
    });
    expect(res.status).toBe(403);
    expect((await call<ServerCart>(cart.GET, "/api/cart", { jar: shopper.jar, headers: evil })).body.item_count).toBe(
      0,
    );
  });

  test("check out", async () => {
    const shopper = await makeCustomer(getDb().db);
    const res = await call(checkout.POST, "/api/checkout", {
      json: { paymentMethod: "bank-transfer" },
      jar: shopper.jar,
      headers: evil,
    });
    expect(res.status).toBe(403);
  });

  test("change the password, or sign the shopper out", async () => {
    const db = getDb().db;
    const shopper = await makeCustomer(db);
    const changed = await call(changePassword.POST, "/api/change-password", {
      json: { current_password: shopper.password, new_password: OTHER_PASSWORD },
      jar: shopper.jar,
      headers: evil,
    });
    expect(changed.status).toBe(403);
    const out = await call(logout.POST, "/api/logout", { method: "POST", jar: shopper.jar, headers: evil });
    expect(out.status).toBe(403);
    const live = await db.select().from(sessions).where(eq(sessions.customerId, shopper.customer.id));
    expect(live.every((s) => s.revokedAt === null)).toBe(true);
    // The same calls from the shop's own pages still work.
    const same = { origin: "http://shop.test", "sec-fetch-site": "same-origin" };
    expect((await call(logout.POST, "/api/logout", { method: "POST", jar: shopper.jar, headers: same })).status).toBe(
      200,
    );
  });
});
