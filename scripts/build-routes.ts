import fs from "node:fs";
import path from "node:path";

/*
 * What a production build serves, read from the manifests `next build` writes, so CI can prove
 * that test doubles and test-only calls never ship: the gateways' stand-ins are a separate
 * server (standins/), and the e2e suite reads the mail spool instead of calling the shop.
 */

/** A route no production build may have: a gateway stand-in, or a call that exists for tests. */
export const TEST_ONLY_ROUTE = /(^|\/)stand-?ins?(\/|$)|^\/api\/test(\/|$)/i;

export function testOnlyRoutes(routes: Iterable<string>): string[] {
  return [...new Set(routes)].filter((r) => TEST_ONLY_ROUTE.test(r)).sort();
}

/** "/(shop)/product/[slug]/page" -> "/product/[slug]": route groups, parallel slots and the file name go. */
export function routeOfEntry(entry: string): string {
  const segments = entry
    .split("/")
    .filter(Boolean)
    .filter((s) => !/^\(.*\)$/.test(s) && !s.startsWith("@"));
  if (/^(page|route)(\.\w+)?$/.test(segments.at(-1) ?? "")) segments.pop();
  return `/${segments.join("/")}`;
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

const keys = (value: unknown): string[] => (value && typeof value === "object" ? Object.keys(value) : []);
const pages = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((r) =>
        r && typeof r === "object" && typeof (r as { page?: unknown }).page === "string"
          ? [(r as { page: string }).page]
          : [],
      )
    : [];

/**
 * Every route path the build in `distDir` knows of: the app router's pages and handlers, the
 * routing table, the prerendered paths and any pages-router page. Throws when there is no build.
 */
export function buildRoutes(distDir: string): string[] {
  const routesManifest = path.join(distDir, "routes-manifest.json");
  if (!fs.existsSync(routesManifest))
    throw new Error(`No production build in ${distDir} (run \`npm run build\` first)`);
  const routes = new Set<string>();
  const routing = readJson(routesManifest) as { staticRoutes?: unknown; dynamicRoutes?: unknown };
  for (const page of [...pages(routing.staticRoutes), ...pages(routing.dynamicRoutes)]) routes.add(page);

  const optional = (file: string) =>
    fs.existsSync(path.join(distDir, file)) ? readJson(path.join(distDir, file)) : null;
  const appPathRoutes = optional("app-path-routes-manifest.json");
  if (appPathRoutes && typeof appPathRoutes === "object")
    for (const value of Object.values(appPathRoutes)) if (typeof value === "string") routes.add(value);
  for (const entry of keys(optional("server/app-paths-manifest.json"))) routes.add(routeOfEntry(entry));
  for (const page of keys(optional("server/pages-manifest.json"))) routes.add(page);
  const prerender = optional("prerender-manifest.json") as { routes?: unknown; dynamicRoutes?: unknown } | null;
  for (const route of [...keys(prerender?.routes), ...keys(prerender?.dynamicRoutes)]) routes.add(route);
  return [...routes].sort();
}

/** The routes that the files under an app directory define (page and route files). */
export function sourceRoutes(appDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^(page|route)\.(t|j)sx?$/.test(entry.name))
        out.push(routeOfEntry(path.relative(appDir, full).split(path.sep).join("/")));
    }
  };
  walk(appDir);
  return out.sort();
}
