/**
 * Every back-office page and call, found on disk (so a new one is covered the day it is added),
 * visited by a guest, a customer, a member of staff and an admin. A guest's page is the sign-in
 * page (then back); a guest's call and a customer's page or call get the ordinary 404, whatever
 * the method; staff get the same from the admin-only sections (staff, audit log) and in
 * everywhere else; admins everywhere.
 */
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { makeCustomer, makeOrder } from "@/test/support/auth";
import { makeStaff, SAME_ORIGIN } from "@/test/support/admin";
import { capabilityForAdminPath } from "@/lib/admin/paths";
import { can } from "@/lib/admin/roles";
import { COOKIE } from "@/lib/http/cookie-names";
import { rateLimits } from "@/lib/db/schema";
import { proxy } from "@/proxy";

const getDb = setupTestDb();
beforeEach(async () => {
  await getDb().db.delete(rateLimits);
});

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

const APP = path.join(process.cwd(), "app");
/** A dynamic segment becomes a row id that exists nowhere: the guard must answer before any lookup. */
const addressOf = (file: string) =>
  `/${path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((s) => !/^\(.*\)$/.test(s))
    .map((s) => (/^\[.*\]$/.test(s) ? "1" : s))
    .join("/")}`;
const paramsOf = (file: string) =>
  Object.fromEntries(
    path
      .relative(APP, path.dirname(file))
      .split(path.sep)
      .map((s) => /^\[+(?:\.\.\.)?(\w+)\]+$/.exec(s)?.[1])
      .filter((name): name is string => Boolean(name))
      .map((name) => [name, "1"]),
  );

const pages = walk(path.join(APP, "admin"))
  .filter((f) => /\/page\.tsx$/.test(f))
  .map(addressOf)
  .sort();
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const calls = walk(path.join(APP, "api", "admin"))
  .filter((f) => /\/route\.tsx?$/.test(f))
  .flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(/export\s+(?:const|async\s+function|function)\s+([A-Z]+)\b/g)]
      .map((m) => m[1]!)
      .filter((m) => METHODS.includes(m))
      .map((method) => ({ file, method, url: addressOf(file) })),
  );

type Visitor = "guest" | "customer" | "staff" | "admin";
const VISITORS: Visitor[] = ["guest", "customer", "staff", "admin"];
const sessions: Partial<Record<Visitor, string>> = {};

beforeAll(async () => {
  const db = getDb().db;
  sessions.customer = (await makeCustomer(db)).token;
  sessions.staff = (await makeStaff(db, "staff")).token;
  sessions.admin = (await makeStaff(db, "admin")).token;
  // A record's page is found at record 1 of its section (the proxy answers 404 for one that does
  // not exist): the demo catalogue has product, category, fabric and coupon 1; this is order 1.
  expect((await makeOrder(db, null)).id).toBe(1);
});

/** Whether the visitor may see the address: by the role table, for the section it falls under. */
function allowed(visitor: Visitor, url: string): boolean {
  if (visitor === "guest") return false;
  return can(visitor, capabilityForAdminPath(url.replace(/^\/api/, "")));
}

describe("the back office's pages and calls, as found on disk", () => {
  test("are all found", () => {
    expect(pages).toEqual(
      expect.arrayContaining(["/admin", "/admin/orders", "/admin/orders/1", "/admin/staff", "/admin/audit"]),
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(
      expect.arrayContaining([
        "GET /api/admin/orders",
        "GET /api/admin/orders/1",
        "POST /api/admin/orders/1",
        "POST /api/admin/orders/overdue",
        "DELETE /api/admin/staff/1",
        "GET /api/admin/audit",
        "GET /api/admin/orders/export",
        "POST /api/admin/orders/export",
        "POST /api/admin/marketing/subscribers/export",
      ]),
    );
  });

  test.each(pages.flatMap((url) => VISITORS.map((v) => [url, v] as const)))(
    "page %s, visited by a %s",
    async (url, visitor) => {
      const token = sessions[visitor];
      const request = new NextRequest(new URL(url, "http://shop.test"), {
        headers: token ? { cookie: `${COOKIE.session}=${token}` } : {},
      });
      const res = await proxy(request);
      if (allowed(visitor, url)) {
        expect(res.headers.get("x-middleware-next")).toBe("1");
        expect(res.headers.get("x-robots-tag")).toContain("noindex");
      } else if (visitor === "guest") {
        // Nobody signed in: the sign-in page, then back to the page (a session ended, or Log out).
        expect(res.status).toBe(307);
        expect(res.headers.get("location")).toBe(`http://shop.test/login?next=${encodeURIComponent(url)}`);
      } else {
        expect(res.status).toBe(404);
        expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname).toBe(`/_not-found${url}`);
      }
    },
  );

  test.each(calls.flatMap((c) => VISITORS.map((v) => [c.method, c.url, v, c.file] as const)))(
    "%s %s, called by a %s",
    async (method, url, visitor, file) => {
      const handler = ((await import(file)) as Record<string, Parameters<typeof call>[0]>)[method]!;
      const jar = new CookieJar();
      if (sessions[visitor]) jar.set(COOKIE.session, sessions[visitor]!);
      const res = await call<{ code?: string; message?: string }>(handler, url, {
        method,
        jar,
        headers: { ...SAME_ORIGIN, "x-forwarded-for": "10.99.0.1" },
        params: paramsOf(file),
        ...(method === "GET" || method === "HEAD" || method === "DELETE" ? {} : { json: {} }),
      });
      const hidden =
        res.status === 404 && res.body?.code === "not_found" && res.body?.message === `Page not found: ${url}`;
      expect([method, url, visitor, hidden]).toEqual([method, url, visitor, !allowed(visitor, url)]);
      expect(res.status).toBeLessThan(500);
      if (hidden)
        expect(res.body).toEqual({
          status: 404,
          code: "not_found",
          message: `Page not found: ${url}`,
          data: { status: 404 },
        });
    },
  );
});
