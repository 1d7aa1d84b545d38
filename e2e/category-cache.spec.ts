import { expect, test } from "./fixtures/shop";

const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/*
 * A category view is rendered into the page cache on its first request (which may still stream)
 * and served whole from then on: a cache hit, with the head inside <head> for a browser.
 */
test("a category page, with or without a query, is served whole from the page cache", async ({ request, baseURL }) => {
  // A spec running beside this one may be changing the catalogue, and a page written within seconds
  // of a change is rendered again (lib/cache/incremental-handler.mjs): each view may take a while.
  test.setTimeout(150_000);
  for (const [path, canonical, filtered] of [
    ["/product-category/couches", "/product-category/couches", false],
    ["/product-category/couches?sort=price-asc&utm_source=x", "/product-category/couches?sort=price-asc", false],
    ["/product-category/ottomans?fabric=oat&page=1&colour=grey", "/product-category/ottomans", true],
  ] as const) {
    await expect
      .poll(
        async () => {
          const res = await request.get(path, { headers: { "user-agent": BROWSER } });
          const html = await res.text();
          const head = html.slice(0, html.indexOf("</head>"));
          return {
            status: res.status(),
            cache: res.headers()["x-nextjs-cache"],
            canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
            description: /<meta name="description" content="[^"]{50,}"/.test(head),
            filtered: html.includes("match your filters"),
          };
        },
        { message: path, timeout: 45_000 },
      )
      .toEqual({ status: 200, cache: "HIT", canonical: `${baseURL}${canonical}`, description: true, filtered });
  }
});

test("under a category, only a canonical view of a known category is a page", async ({ request, baseURL }) => {
  // The address the public one is rewritten to shows the same view, and its canonical link names the public one.
  const view = await request.get("/product-category/couches/sort.price-asc", { headers: { "user-agent": BROWSER } });
  expect(view.status()).toBe(200);
  const html = await view.text();
  expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(
    `${baseURL}/product-category/couches?sort=price-asc`,
  );
  for (const path of [
    "/product-category/couches/sort.featured",
    "/product-category/couches/sort=price-asc",
    "/product-category/couches/page.2~sort.newest~utm_source.x",
    "/product-category/couches/filtered",
    "/product-category/no-such-category/default",
    "/product-category/build-shell/default",
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the sort and filter panel stays open from one view of a category to the next", async ({ page }) => {
    await page.goto("/product-category/couches");
    const panel = page.getByRole("button", { name: /Sort and filter/ });
    await panel.click();
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/\?sort=price-asc$/);
    await expect(panel).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("checkbox", { name: /Charcoal/ }).check();
    await expect(page).toHaveURL(/fabric=charcoal/);
    await expect(page.locator("[data-testid=result-count]:visible")).toContainText("match your filters");
    await expect(panel).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("checkbox", { name: /Charcoal/ })).toBeChecked();
  });
});
