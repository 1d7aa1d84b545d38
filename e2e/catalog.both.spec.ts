import { expect, expectAccessible, normaliseSpaces, rands, snap, test } from "./fixtures/shop";
import { PER_PAGE } from "../lib/catalog/search-params";

test.describe("catalogue", () => {
  test("home -> category -> filter and sort -> product -> variation, matching the database", async ({
    page,
    catalogue,
  }, testInfo) => {
    // A long walk with three accessibility scans and full-page screenshots.
    test.setTimeout(120_000);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Couches made in South Africa");
    await expect(page.locator("[data-testid=product-card]:visible").first()).toBeVisible();
    await snap(page, testInfo, "home");
    await expectAccessible(page);

    await page.getByTestId("category-tile").filter({ hasText: "Couches" }).first().click();
    await expect(page).toHaveURL(/\/product-category\/couches$/);
    await expect(page.getByRole("heading", { level: 1, name: "Couches" })).toBeVisible();
    const couches = catalogue.filter((p) => p.categories.some((c) => c.slug === "couches"));
    // Each sort or filter is a page of its own; the router keeps the last few, hidden, for going back.
    const resultCount = page.locator("[data-testid=result-count]:visible");
    await expect(resultCount).toContainText(`${couches.length} pieces`);
    await snap(page, testInfo, "category");
    await expectAccessible(page);

    // Filter by fabric and sort by price; the URL holds the state.
    if (testInfo.project.name === "phone") await page.getByRole("button", { name: /Sort and filter/ }).click();
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    // Empty price boxes stay out of the address.
    expect(new URL(page.url()).search).toBe("?sort=price-asc");
    await page.getByRole("checkbox", { name: /Charcoal/ }).check();
    await expect(page).toHaveURL(/fabric=charcoal/);
    const charcoal = couches.filter((p) =>
      p.attributes.some((a) => a.name === "Fabric" && a.options.includes("Charcoal")),
    );
    await expect(resultCount).toContainText(`${charcoal.length} ${charcoal.length === 1 ? "piece" : "pieces"}`);
    const shown = await page
      .locator("[data-testid=product-card]:visible")
      .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-slug")));
    // Sold-out pieces come last, whatever the order.
    const soldOut = (p: (typeof charcoal)[number]) => (p.stock_status === "outofstock" ? 1 : 0);
    const expected = [...charcoal]
      .sort((a, b) => soldOut(a) - soldOut(b) || Number(a.price) - Number(b.price) || a.id - b.id)
      .map((p) => p.slug)
      .slice(0, 12);
    expect(shown).toEqual(expected);

    // The state survives a reload: it lives in the URL.
    await page.reload();
    if (testInfo.project.name === "phone") await page.getByRole("button", { name: /Sort and filter/ }).click();
    await expect(page.getByRole("checkbox", { name: /Charcoal/ })).toBeChecked();

    // Open a variable product and choose a variation.
    const product = catalogue.find((p) => p.slug === "eden-2-seater")!;
    await page.goto("/product/eden-2-seater");
    await expect(page.getByRole("heading", { level: 1, name: "Eden 2 Seater" })).toBeVisible();
    const variation = Object.values(product.variations).find((v) => v.stock_status === "instock")!;
    const fabric = variation.attributes.find((a) => a.name === "Fabric")!.option;
    await page.getByRole("radio", { name: new RegExp(`^${fabric}`) }).check({ force: true });
    await expect(page).toHaveURL(new RegExp(`fabric=${fabric.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`));
    await expect(page.getByTestId("buy-box").getByTestId("price-now")).toHaveText(
      new RegExp(rands(variation.price).replace(/ /g, "\\s")),
    );
    await expect(page.getByTestId("stock-status")).toContainText("In stock");
    await snap(page, testInfo, "product");
    await expectAccessible(page);

    // The chosen variation is kept in a shared link.
    await page.reload();
    await expect(page.getByRole("radio", { name: new RegExp(`^${fabric}`) })).toBeChecked();
    expect(normaliseSpaces(await page.getByTestId("buy-box").getByTestId("price-now").textContent())).toBe(
      rands(variation.price),
    );
  });

  test("an option left unchosen is named", async ({ page, catalogue }) => {
    const product = catalogue.find((p) => p.attributes.filter((a) => a.options.length > 1).length === 2)!;
    const [first, second] = product.attributes.filter((a) => a.options.length > 1);
    await page.goto(`/product/${product.slug}`);
    await page.getByRole("radio", { name: new RegExp(`^${first!.options[0]}`) }).check({ force: true });
    const option = second!.name === "Fabric" ? "fabric colour" : second!.name.toLowerCase();
    await expect(page.getByTestId("config-message")).toHaveText(
      `Choose ${/^[aeiou]/.test(option) ? "an" : "a"} ${option}`,
    );
  });

  test("an out-of-stock variation says so", async ({ page, catalogue }) => {
    const product = catalogue.find((p) => Object.values(p.variations).some((v) => v.stock_status === "outofstock"))!;
    const v = Object.values(product.variations).find((x) => x.stock_status === "outofstock")!;
    const query = new URLSearchParams(
      v.attributes.map((a) => [a.name.toLowerCase(), a.option.toLowerCase().replace(/[^a-z0-9]+/g, "-")]),
    );
    await page.goto(`/product/${product.slug}?${query}`);
    await expect(page.getByTestId("stock-status")).toContainText("Out of stock");
    // ...and when its fabric is back.
    await expect(page.getByTestId("restock-note")).toHaveText(/^· Back in about \d+ weeks$/);
    expect(normaliseSpaces(await page.getByTestId("buy-box").getByTestId("price-now").textContent())).toBe(
      rands(v.price),
    );
  });

  test("unknown product, category and path give the 404 page", async ({ page }, testInfo) => {
    const res = await page.goto("/product/no-such-couch");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByTestId("error-status")).toHaveText("404");

    expect((await page.goto("/product-category/garden-chairs"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

    expect((await page.goto("/no/such/page"))?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Page not found: /no/such/page");
    await snap(page, testInfo, "not-found");
    await expectAccessible(page);

    // Not a dead end: the shopper can search for what the old link pointed at.
    await page
      .getByTestId("not-found-search")
      .getByLabel(/Search the shop/)
      .fill("ottoman");
    await page.getByTestId("not-found-search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=ottoman$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “ottoman”");
  });

  test("sold-out pieces sit after every piece for sale, under each sort order", async ({ page, catalogue }) => {
    const soldOutSlugs = new Set(catalogue.filter((p) => p.stock_status === "outofstock").map((p) => p.slug));
    const category = catalogue.find((p) => soldOutSlugs.has(p.slug))!.categories[0]!.slug;
    for (const sort of ["", "?sort=newest", "?sort=price-asc", "?sort=price-desc"]) {
      // Every page of the category, in order: with more pieces for sale than a page holds, the
      // sold-out ones are on a later page. The cards stream in: a page is read once it shows as
      // many as its count says.
      const slugs: string[] = [];
      for (let n = 1; n <= 10; n++) {
        await page.goto(`/product-category/${category}${sort}${n === 1 ? "" : `${sort ? "&" : "?"}page=${n}`}`);
        const count = page.getByText(/^\d+ pieces? ·/);
        await expect(count).toBeVisible();
        const total = Number(/^(\d+)/.exec((await count.textContent()) ?? "")![1]);
        const cards = page.locator("[data-testid=product-card]:visible");
        await expect(cards).toHaveCount(Math.min(PER_PAGE, total - (n - 1) * PER_PAGE));
        slugs.push(...(await cards.evaluateAll((all) => all.map((c) => c.getAttribute("data-slug")!))));
        if (n * PER_PAGE >= total) break;
      }
      const flags = slugs.map((slug) => soldOutSlugs.has(slug));
      expect([sort, flags.includes(true)]).toEqual([sort, true]);
      expect([sort, flags]).toEqual([sort, [...flags].sort((a, b) => Number(a) - Number(b))]);
    }
  });

  test("the home page tells its claims once and has one newsletter form", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Our hardwood frames are guaranteed for life.").filter({ visible: true })).toHaveCount(
      1,
    );
    await expect(
      page.locator("form:visible").filter({ has: page.getByRole("button", { name: "Subscribe" }) }),
    ).toHaveCount(1);
    // Elsewhere the footer keeps its short list.
    await page.goto("/product-category");
    await expect(page.getByTestId("footer-claims")).toBeVisible();
  });

  test("category index lists the four categories", async ({ page }, testInfo) => {
    await page.goto("/product-category");
    await expect(page.locator("[data-testid=category-tile]:visible")).toHaveCount(4);
    await snap(page, testInfo, "category-index");
    await expectAccessible(page);
  });
});

test.describe("home page social space", () => {
  test("shoppers' rooms lead to the piece in the fabric they chose", async ({ page, catalogue }) => {
    await page.goto("/");
    const posts = page.getByTestId("social-space").getByTestId("social-post");
    await expect(posts).toHaveCount(6);
    for (const img of await posts.locator("img").all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    const first = posts.first();
    const slug = await first.getAttribute("data-product");
    const product = catalogue.find((p) => p.slug === slug)!;
    const fabric = (await first.getAttribute("data-fabric"))!;
    // The caption names what the link opens.
    await expect(first.locator("figcaption")).toContainText(`${product.name} in ${fabric}`);
    await first.click();
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(`^${fabric}`) })).toBeChecked();
  });
});
