import { CartPage, inStockVariation, ProductPage, watchCalls } from "./fixtures/cart";
import { expect, test } from "./fixtures/shop";

test.describe("a whole visit", () => {
  test("browse, add a couch, see the drawer, the cart and checkout: no failed call, no console error", async ({
    page,
    catalogue,
  }) => {
    const calls = watchCalls(page);
    const karoo = catalogue.find((p) => p.slug === "karoo-couch")!;
    const product = new ProductPage(page);
    const cart = new CartPage(page);

    // Each page's header shows the cart's count: each step waits for that answer and every other call.
    for (const path of ["/", "/product-category/couches"]) {
      const answered = calls.cartAnswered();
      await page.goto(path);
      await answered;
      await calls.settled();
    }
    await product.open(karoo, inStockVariation(karoo).attributes);
    await product.add();
    await expect(product.drawer.lines()).toHaveCount(1);
    await expect(product.drawer.count()).toHaveText("1");
    await calls.settled();

    await product.drawer.dialog.getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cart.lines()).toHaveCount(1);
    await calls.settled();

    const answered = calls.cartAnswered();
    await page.reload();
    await answered;
    await expect(cart.lines()).toHaveCount(1);
    await calls.settled();

    await page.getByTestId("checkout-link").click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("checkout-form")).toBeVisible();
    await calls.settled();

    expect(calls.failures).toEqual([]);
  });
});
