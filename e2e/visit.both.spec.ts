import { CartPage, inStockVariation, ProductPage, watchFailures } from "./fixtures/cart";
import { expect, test } from "./fixtures/shop";

test.describe("a whole visit", () => {
  test("browse, add a couch, see the drawer, the cart and checkout: no failed call, no console error", async ({ page, catalogue }) => {
    const failures = watchFailures(page);
    const karoo = catalogue.find((p) => p.slug === "karoo-couch")!;
    const product = new ProductPage(page);
    const cart = new CartPage(page);

    // Failures are collected for the whole visit; each step waits until the network is quiet.
    for (const path of ["/", "/product-category/couches"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    await product.open(karoo, inStockVariation(karoo).attributes);
    await product.add();
    await expect(product.drawer.lines()).toHaveCount(1);
    await expect(product.drawer.count()).toHaveText("1");
    await page.waitForLoadState("networkidle");

    await product.drawer.dialog.getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cart.lines()).toHaveCount(1);
    await page.waitForLoadState("networkidle");

    await page.reload();
    await expect(cart.lines()).toHaveCount(1);
    await page.waitForLoadState("networkidle");

    await page.getByTestId("checkout-link").click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("checkout-form")).toBeVisible();
    await page.waitForLoadState("networkidle");

    expect(failures).toEqual([]);
  });
});
