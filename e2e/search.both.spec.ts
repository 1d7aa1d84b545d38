import { expect, expectAccessible, snap, test } from "./fixtures/shop";

const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

test.describe("search", () => {
  test("the header's search box suggests as the shopper types, and the keyboard picks one", async ({
    page,
    catalogue,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto("/");
    await page.getByTestId("header-search").click();
    const dialog = page.getByRole("dialog", { name: "Search the shop" });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole("combobox", { name: "Search the shop" });
    await expect(box).toBeFocused();
    await box.pressSequentially("otoman", { delay: 40 });
    const listbox = dialog.getByRole("listbox", { name: "Suggestions" });
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const ottomans = catalogue.filter((p) => p.categories.some((c) => c.slug === "ottomans"));
    // At most six products (an earlier spec may have added one), then the category and "See all".
    await expect(listbox.getByRole("option")).toHaveCount(Math.min(ottomans.length, 6) + 2);
    await expect(listbox.getByRole("option", { name: "All ottomans" })).toBeVisible();
    await expect(dialog).toContainText("Showing results for ottoman");
    await snap(page, testInfo, "search-suggestions");
    await expectAccessible(page);

    // Down to the first product, whose option becomes the active descendant, then Enter opens it.
    await box.press("ArrowDown");
    const first = listbox.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    const name = (await first.locator("span.block").first().textContent())!;
    await box.press("Enter");
    await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    // The product page says when it would arrive, in working days from today.
    await expect(page.getByTestId("delivery-window").first()).toHaveText(
      /^Delivered between (Mon|Tue|Wed|Thu|Fri) \d{1,2} [A-Z][a-z]{2} and (Mon|Tue|Wed|Thu|Fri) \d{1,2} [A-Z][a-z]{2}$/,
    );
    const nationwide = await page.getByTestId("delivery-window").first().textContent();
    await page.getByLabel("Deliver to").first().selectOption("Gauteng");
    await expect(page.getByTestId("delivery-window").first()).not.toHaveText(nationwide!);
  });

  test("Escape closes the box, and Enter with nothing chosen opens the results page", async ({ page }) => {
    await page.goto("/product-category/couches");
    await page.getByTestId("header-search").click();
    const dialog = page.getByRole("dialog", { name: "Search the shop" });
    // On a phone the dialog's code loads on the tap: Escape closes it once it is there.
    await expect(dialog.getByRole("combobox")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByTestId("header-search").click();
    await dialog.getByRole("combobox").fill("queen bed");
    await dialog.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=queen\+bed$|\/search\?q=queen%20bed$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “queen bed”");
  });

  test("results page: a misspelt search is corrected, and the catalogue's filters narrow it", async ({
    page,
    catalogue,
  }, testInfo) => {
    const response = await page.goto("/search?q=slepper+cuch");
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByTestId("search-corrected")).toHaveText("Showing results for sleeper couch");
    const sleepers = catalogue.filter((p) => p.categories.some((c) => c.slug === "sleeper-couches"));
    await expect(page.getByTestId("result-count")).toHaveText(`${sleepers.length} pieces`);
    await expect(page.locator("[data-testid=product-card]:visible")).toHaveCount(sleepers.length);
    await snap(page, testInfo, "search-results");
    await expectAccessible(page);

    if (testInfo.project.name === "phone") await page.getByRole("button", { name: /Sort and filter/ }).click();
    await expect(page.getByLabel("Sort by")).toHaveValue("featured");
    await expect(page.getByLabel("Sort by").locator("option:checked")).toHaveText("Best match");
    await page.getByRole("checkbox", { name: /Charcoal/ }).check();
    await expect(page).toHaveURL(/q=slepper\+cuch.*fabric=charcoal|fabric=charcoal.*q=slepper\+cuch/);
    const charcoal = sleepers.filter((p) => p.attributes.some((a) => a.options.includes("Charcoal")));
    await expect(page.getByTestId("result-count")).toHaveText(`${charcoal.length} pieces match your filters`);
    const shown = await page
      .locator("[data-testid=product-card]:visible")
      .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-slug")));
    expect(shown.sort()).toEqual(charcoal.map((p) => p.slug).sort());
  });

  test("a search with no result offers the closest words and the categories", async ({ page }, testInfo) => {
    await page.goto("/search?q=kalahri+sofa");
    const empty = page.getByTestId("search-empty");
    await expect(empty).toContainText("Nothing found for “kalahri sofa”");
    await expect(page.getByTestId("did-you-mean")).toContainText("Did you mean");
    await expect(empty.getByTestId("category-tile")).toHaveCount(4);
    await snap(page, testInfo, "search-nothing");
    await expectAccessible(page);
    await page.getByTestId("did-you-mean").getByRole("link", { name: "kalahari" }).click();
    await expect(page).toHaveURL(/\/search\?q=kalahari$/);
    await expect(page.locator("[data-testid=product-card]:visible")).toHaveCount(1);
    expect(fold((await page.locator("[data-testid=product-card]:visible").textContent()) ?? "")).toContain("kalahari");
  });

  test("robots.txt keeps search engines out of /search", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots.split("\n")).toContain("Disallow: /search");
  });
});
