import { expect, expectAccessible, normaliseSpaces, rands, snap, test, type BlobProduct } from "./fixtures/shop";
import type { Page } from "@playwright/test";

const slugOf = (s: string) => s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-");

function inStockVariation(p: BlobProduct) {
  return Object.values(p.variations).find((v) => v.stock_status === "instock" && v.stock_quantity >= 3)!;
}

async function addFromProductPage(page: Page, product: BlobProduct, attrs?: Array<{ name: string; option: string }>) {
  const query = attrs ? `?${new URLSearchParams(attrs.map((a) => [slugOf(a.name), slugOf(a.option)]))}` : "";
  await page.goto(`/product/${product.slug}${query}`);
  await page.getByTestId("buy-box").getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-drawer")).toBeVisible();
  await expect(page.locator("[data-testid=toast]", { hasText: "Added to cart" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Close cart" }).click();
}

async function text(page: Page, testId: string) {
  return normaliseSpaces(await page.locator(`main [data-testid=${testId}]`).first().textContent());
}

test.describe("cart", () => {
  test("a guest fills, changes and discounts a cart; totals match a hand calculation and survive a reload", async ({ page, catalogue }, testInfo) => {
    const eden = catalogue.find((p) => p.slug === "eden-2-seater")!;
    const kraal = catalogue.find((p) => p.slug === "kraal-cube-ottoman")!;
    const v = inStockVariation(eden);

    await addFromProductPage(page, eden, v.attributes);
    await addFromProductPage(page, kraal);
    await expect(page.getByTestId("cart-count")).toHaveText("2");

    await page.goto("/cart");
    await expect(page.locator("main [data-testid=cart-line]")).toHaveCount(2);
    await page.getByRole("button", { name: "Increase quantity of Kraal Cube Ottoman" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("3");

    await page.getByLabel("Promo code").fill("kayafriends");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("[data-testid=toast]", { hasText: "Promo code applied" }).first()).toBeVisible();
    await expect(page.getByTestId("applied-coupon")).toContainText("KAYAFRIENDS");

    // By hand: Eden at its price, two Kraal ottomans, 5% off, free delivery, VAT inside the total.
    const subtotal = Number(v.price) + 2 * Number(kraal.price);
    const discount = Math.round((subtotal * 5) / 100);
    const total = subtotal - discount;
    const vat = Math.round((total * 15) / 115);
    const expectTotals = async () => {
      await expect(page.locator("main [data-testid=total]")).toHaveText(new RegExp(rands(total).replace(/ /g, "\\s")));
      expect(await text(page, "subtotal")).toBe(rands(subtotal));
      expect(await text(page, "discount")).toBe(`-${rands(discount)}`);
      expect(await text(page, "vat")).toBe(`Includes ${rands(vat)} VAT`);
    };
    await expectTotals();
    await snap(page, testInfo, "cart");
    await expectAccessible(page);

    await page.reload();
    await expect(page.locator("main [data-testid=cart-line]")).toHaveCount(2);
    await expectTotals();

    // Quantity down to zero removes the line.
    await page.getByRole("button", { name: "Decrease quantity of Eden 2 Seater" }).click();
    await expect(page.locator("main [data-testid=cart-line]")).toHaveCount(1);
  });

  test("the free ottoman comes with a couch", async ({ page, catalogue }) => {
    const karoo = catalogue.find((p) => p.slug === "karoo-couch")!;
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    await addFromProductPage(page, pebble);
    await addFromProductPage(page, karoo, inStockVariation(karoo).attributes);
    await page.goto("/cart");
    await expect(page.getByTestId("applied-coupon")).toContainText("FREEOTTOMAN");
    expect(await text(page, "discount")).toBe(`-${rands(pebble.price)}`);
    const pebbleLine = page.locator("main [data-testid=cart-line][data-name='Pebble Ottoman']");
    await expect(pebbleLine.getByTestId("line-total")).toContainText("R 0,00");
  });

  test("an empty cart says so and offers the shop", async ({ page }, testInfo) => {
    await page.goto("/cart");
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    await snap(page, testInfo, "cart-empty");
  });

  test("adding a variable product without choosing asks to complete the configuration", async ({ page }) => {
    await page.goto("/product/karoo-couch");
    await page.getByTestId("buy-box").getByTestId("add-to-cart").click();
    await expect(page.getByTestId("config-message")).toHaveText("Please complete all configurations");
  });

  test("add to cart from a product card pushes add_to_cart in ZAR to the data layer", async ({ page, catalogue }) => {
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    await page.goto("/product-category/ottomans");
    await page.locator("[data-testid=product-card][data-slug=pebble-ottoman]:visible").getByTestId("add-to-cart").click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    const events = await page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter((e) => e.event === "add_to_cart"));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ ecommerce: { currency: "ZAR", value: Number(pebble.price) / 100, items: [{ item_name: "Pebble Ottoman", quantity: 1 }] } });
  });

  test("an affiliate link's code is applied to the cart", async ({ page, catalogue }) => {
    const bed = catalogue.find((p) => p.slug === "noordhoek-bed-frame")!;
    await page.goto("/?coupon=KAYAFRIENDS");
    await expect(page).toHaveURL(/\/$/);
    await addFromProductPage(page, bed, Object.keys(bed.variations).length ? inStockVariation(bed).attributes : undefined);
    await page.goto("/cart");
    await expect(page.getByTestId("applied-coupon")).toContainText("KAYAFRIENDS");
  });
});
