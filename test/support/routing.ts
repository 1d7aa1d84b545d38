/**
 * Whether a path is a page the shop really serves, for tests of the redirect manifest and of
 * content links: the app/ folder's page routes, and for catalogue and journal routes, whether
 * the slug exists (in the test database, through the same checks proxy.ts makes).
 */
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { slugExists } from "@/lib/catalog/slugs";
import { contentPathMissing } from "@/lib/content/routing";

type Route = { pattern: string; segments: string[] };

function walk(dir: string, prefix: string[], out: Route[]) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && /^page\.(tsx|ts|jsx|js)$/.test(entry.name))
      out.push({ pattern: `/${prefix.join("/")}`, segments: prefix });
    if (!entry.isDirectory() || entry.name.startsWith("_") || entry.name.startsWith("@")) continue;
    // Route groups, "(shop)", add nothing to the address.
    const next = /^\(.*\)$/.test(entry.name) ? prefix : [...prefix, entry.name];
    walk(path.join(dir, entry.name), next, out);
  }
}

let routes: Route[] | null = null;

/** The app's page routes, static ones first (Next prefers them too). */
export function pageRoutes(): Route[] {
  if (!routes) {
    const found: Route[] = [];
    walk(path.join(process.cwd(), "app"), [], found);
    const dynamic = (r: Route) => r.segments.filter((s) => s.startsWith("[")).length;
    routes = found.sort((a, b) => dynamic(a) - dynamic(b));
  }
  return routes;
}

function matchRoute(pathname: string): Route | null {
  const parts = pathname.replace(/\/+$/, "").split("/").filter(Boolean);
  return (
    pageRoutes().find((r) => {
      if (r.segments.some((s) => s.startsWith("[..."))) return false;
      return r.segments.length === parts.length && r.segments.every((s, i) => s.startsWith("[") || s === parts[i]);
    }) ?? null
  );
}

/**
 * True when `href` (a path, with or without a query) is a page that renders, not a 404. Dynamic
 * routes whose existence cannot be known here (an order id) count as missing.
 */
export async function pageExists(href: string): Promise<boolean> {
  const url = new URL(href, "http://shop.test");
  // A category's address has no route of its own: the proxy rewrites it to its view's.
  const category = /^\/product-category\/([^/]+)\/?$/.exec(url.pathname);
  if (category) return slugExists("categories", decodeURIComponent(category[1]!));
  const route = matchRoute(url.pathname);
  if (!route) return false;
  const slug = decodeURIComponent(url.pathname.split("/").filter(Boolean).at(-1) ?? "");
  switch (route.pattern) {
    case "/product/[slug]":
      return slugExists("products", slug);
    case "/blog/[slug]":
    case "/blog":
      return !contentPathMissing(url.pathname, url.searchParams);
    default:
      // Any other dynamic route's parameter (an order id, a saved list's token) is unknowable here.
      return route.segments.every((s) => !s.startsWith("["));
  }
}

export function proxyRequest(href: string, cookies: Record<string, string> = {}) {
  const headers = new Headers();
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
  if (cookie) headers.set("cookie", cookie);
  return new NextRequest(new URL(href, "http://shop.test"), { headers });
}

/**
 * The proxy let the request through to the page (no redirect, gate or 404): straight on, or
 * rewritten to the route that serves it (a category's query becomes its view segment).
 */
export const passedOn = (res: Response) => {
  if (res.headers.get("x-middleware-next") === "1") return true;
  const rewrite = res.headers.get("x-middleware-rewrite");
  return (
    rewrite !== null && res.status < 400 && !new URL(rewrite, "http://shop.test").pathname.startsWith("/_not-found")
  );
};
