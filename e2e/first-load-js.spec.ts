import fs from "node:fs";
import path from "node:path";
import { expect, test, type BlobProduct } from "./fixtures/shop";

/**
 * First-load JavaScript per route, as a browser receives it from the production build
 * (Next 16's build no longer prints these sizes), split into the framework's own scripts (React
 * DOM and the Next runtime: the build manifest's root files, which every page loads) and the
 * shop's on top. Writes e2e/artifacts/first-load-js.md.
 *
 * The shop's targets are 20 kB compressed above the framework on catalogue pages and 35 kB on the
 * cart and checkout. Measured on 26 November 2026 (docs/performance.md has what was cut and what
 * remains): "before" is the merged build, "after" with the notification list and the customer
 * store's persistence cut from the first load and the footer's newsletter form hydrated late
 * (since withdrawn: it held client navigations; about 2.6 kB more on each page than "after"):
 *
 * | Route | before | after |
 * |---|---|---|
 * | / | 34.1 kB | 30.5 kB |
 * | /product-category | 30.8 kB | 29.8 kB |
 * | /product-category/couches | 35.4 kB | 31.8 kB |
 * | /product/eden-2-seater | 42.0 kB | 38.4 kB |
 * | /blog/how-to-measure-for-a-new-couch | 32.1 kB | 28.5 kB |
 * | /cart | 34.1 kB | 30.5 kB |
 * | /checkout | 35.4 kB | 33.6 kB |
 * | /no-such-page | 25.8 kB | 24.0 kB |
 *
 * Catalogue pages are still above their target: about 27 kB is on every shop page (Next's own
 * route modules and next/link, SWR and the cart's state behind the header's cart count, the
 * consent manager and, on a first visit, its notice), so the test holds each kind of page to a
 * ceiling a little above its largest figure, which catches a regression, and the table shows the
 * gap to the target. Next's prefetches for
 * the links in view are refused: they fetched other routes' chunks (the home page's reviews, the
 * information pages' forms, the checkout from the cart) whenever they arrived before the network
 * was idle, which moved a figure by up to 22 kB from run to run. The checks are soft, so the
 * table is always written.
 */
const ROUTES: Array<{ path: string; kind: "catalogue" | "checkout" | "other"; cart?: true }> = [
  { path: "/", kind: "catalogue" },
  { path: "/product-category", kind: "catalogue" },
  { path: "/product-category/couches", kind: "catalogue" },
  { path: "/product/eden-2-seater", kind: "catalogue" },
  { path: "/blog/how-to-measure-for-a-new-couch", kind: "catalogue" },
  { path: "/cart", kind: "checkout", cart: true },
  { path: "/checkout", kind: "checkout", cart: true },
  { path: "/no-such-page", kind: "other" },
];
const TARGET_KB = { catalogue: 20, checkout: 35, other: 35 };
// The product page carries the most: 43.9 kB with the measured drawing (follows the chosen size)
// and the photographs' picture sizes; loading the drawing when its tab opens would win ~1 kB back.
const CEILING_KB = { catalogue: 45, checkout: 37, other: 25 };
const FRAMEWORK_CEILING_KB = 150;

/** The scripts every page loads first: the framework's, by the build's manifest. */
function frameworkPaths(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(".next", "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  return new Set(manifest.rootMainFiles.map((f) => `/_next/${f}`));
}

/** Next's prefetches of other routes (the whole route, or its segments with Partial Prefetching). */
function isPrefetch(headers: Record<string, string>): boolean {
  return headers["next-router-prefetch"] !== undefined || headers["next-router-segment-prefetch"] !== undefined;
}

/** Marks that only zod's code carries (its error and issue names), minified or not. */
const ZOD_MARKS = ["ZodError", "invalid_type", "too_small", "$ZodType"];

test("first-load JavaScript: the framework's, the shop's on top, and no zod in the browser", async ({ browser }) => {
  // Eight pages, each to network idle, on a machine that may be busy.
  test.setTimeout(180_000);
  const framework = frameworkPaths();
  expect(framework.size, "the build manifest names the framework's scripts").toBeGreaterThan(0);
  const rows: string[] = [];
  for (const route of ROUTES) {
    const context = await browser.newContext();
    if (route.cart) {
      const products = (await (await context.request.get("/api/products-blob")).json()) as Array<
        BlobProduct & { type?: string }
      >;
      const simple = products.find((p) => p.type === "simple" && p.stock_status === "instock");
      expect(simple, "a simple product in stock for the cart").toBeTruthy();
      const added = await context.request.post("/api/cart", { data: { productId: simple!.id, productQuantity: 1 } });
      expect(added.status(), "the guest cart took a line").toBeLessThan(300);
    }
    const page = await context.newPage();
    // What Next prefetches for the links in view (other routes' data, then their chunks) is not
    // this page's load: those requests are refused, so the figure is the page's own.
    await page.route("**/*", (r) => (isPrefetch(r.request().headers()) ? r.abort() : r.continue()));
    const scripts: Array<Promise<{ url: string; encoded: number; decoded: number; zod: boolean }>> = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      scripts.push(
        (async () => {
          const [sizes, body] = await Promise.all([
            res
              .request()
              .sizes()
              .catch(() => ({ responseBodySize: 0 })),
            res.body().catch(() => Buffer.alloc(0)),
          ]);
          const text = body.toString("utf8");
          return {
            url: res.url(),
            encoded: sizes.responseBodySize,
            decoded: body.length,
            zod: ZOD_MARKS.some((m) => text.includes(m)),
          };
        })(),
      );
    });
    await page.goto(route.path, { waitUntil: "networkidle" });
    const sizes = await Promise.all(scripts);
    const isFramework = (url: string) => framework.has(new URL(url).pathname);
    const kb = (list: typeof sizes, key: "encoded" | "decoded") => list.reduce((s, x) => s + x[key], 0) / 1024;
    const fw = sizes.filter((s) => isFramework(s.url));
    const shop = sizes.filter((s) => !isFramework(s.url));
    const shopKb = kb(shop, "encoded");
    const target = TARGET_KB[route.kind];
    const names = shop.map(
      (s) => `${new URL(s.url).pathname.replace("/_next/static/chunks/", "")} ${(s.encoded / 1024).toFixed(1)}`,
    );
    console.log(route.path, names.join(", "));
    rows.push(
      `| ${route.path} | ${sizes.length} | ${kb(sizes, "encoded").toFixed(1)} kB | ${kb(fw, "encoded").toFixed(1)} kB | ${shopKb.toFixed(1)} kB | ${target} kB ${shopKb <= target ? "✓" : "✗"} | ${kb(sizes, "decoded").toFixed(1)} kB |`,
    );
    expect
      .soft(
        sizes.filter((s) => s.zod).map((s) => s.url),
        `${route.path} loads no zod`,
      )
      .toEqual([]);
    expect.soft(fw.length, `${route.path} loads the framework's scripts`).toBe(framework.size);
    expect.soft(kb(fw, "encoded"), `${route.path} framework JS (compressed)`).toBeLessThan(FRAMEWORK_CEILING_KB);
    expect.soft(shopKb, `${route.path} shop JS above the framework (compressed)`).toBeLessThan(CEILING_KB[route.kind]);
    await context.close();
  }
  const table = [
    "| Route | Scripts | Transferred (compressed) | Framework | Shop on top | Target | Parsed (uncompressed) |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
  fs.mkdirSync(path.join("e2e", "artifacts"), { recursive: true });
  fs.writeFileSync(path.join("e2e", "artifacts", "first-load-js.md"), `${table}\n`);
  console.log(`\n${table}\n`);
});
