import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures/shop";

/**
 * First-load JavaScript per route, as a browser receives it from the production build
 * (Next 16's build no longer prints these sizes). Writes e2e/artifacts/first-load-js.md and
 * holds every route to a budget.
 */
const ROUTES = ["/", "/product-category", "/product-category/couches", "/product/eden-2-seater", "/no-such-page"];
const BUDGET_KB_GZIP = 200;

test("first-load JavaScript of each route stays within budget", async ({ browser }) => {
  const rows: string[] = [];
  for (const route of ROUTES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Array<Promise<{ encoded: number; decoded: number }>> = [];
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
          return { encoded: sizes.responseBodySize, decoded: body.length };
        })(),
      );
    });
    await page.goto(route, { waitUntil: "networkidle" });
    const sizes = await Promise.all(scripts);
    const encoded = sizes.reduce((s, x) => s + x.encoded, 0) / 1024;
    const decoded = sizes.reduce((s, x) => s + x.decoded, 0) / 1024;
    rows.push(`| ${route} | ${sizes.length} | ${encoded.toFixed(1)} kB | ${decoded.toFixed(1)} kB |`);
    expect(encoded, `${route} first-load JS (compressed)`).toBeLessThan(BUDGET_KB_GZIP);
    await context.close();
  }
  const table = [
    "| Route | Scripts | Transferred (compressed) | Parsed (uncompressed) |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
  fs.mkdirSync(path.join("e2e", "artifacts"), { recursive: true });
  fs.writeFileSync(path.join("e2e", "artifacts", "first-load-js.md"), `${table}\n`);
  console.log(`\n${table}\n`);
});
