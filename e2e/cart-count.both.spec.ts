import type { Page } from "@playwright/test";
import { CartDrawer } from "./fixtures/cart";
import { expect, test, type BlobProduct } from "./fixtures/shop";

/*
 * The header's cart count comes from a small store of its own (one GET of the cart once the page
 * is idle), and the cart's code comes only where the cart is shown or added to. What the shopper
 * sees must be what it was: the count right, an add counted from it, the drawer on the same lines.
 */

/** Counts the page's GETs of the cart. */
function cartGets(page: Page): () => number {
  let n = 0;
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname === "/api/cart") n++;
  });
  return () => n;
}

async function putInCart(page: Page, product: BlobProduct, quantity: number) {
  const added = await page.context().request.post("/api/cart", {
    data: { productId: product.id, productQuantity: quantity },
  });
  expect(added.status(), "the guest cart took the line").toBeLessThan(300);
}

test.describe("the header's cart count", () => {
  test("a category page shows it from one call, an add counts on from it, and the drawer opens on the same lines", async ({
    page,
    catalogue,
  }) => {
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    await putInCart(page, pebble, 2);
    const gets = cartGets(page);
    const drawer = new CartDrawer(page);
    await page.goto("/product-category/ottomans");
    await expect(drawer.count()).toHaveText("2");
    await page.waitForLoadState("networkidle");
    expect(gets(), "one GET of the cart for the count").toBe(1);

    await page
      .locator("[data-testid=product-card][data-slug=pebble-ottoman]:visible")
      .getByTestId("add-to-cart")
      .click();
    await expect(drawer.dialog).toBeVisible();
    await expect(page.locator("[data-testid=toast]", { hasText: "Added to cart" }).first()).toBeVisible();
    await expect(drawer.count()).toHaveText("3");
    await expect(drawer.lines()).toHaveCount(1);
    await expect(drawer.lines().first().getByTestId("quantity")).toHaveText("3");
    expect(gets(), "the drawer opened on the cart already known").toBe(1);
  });

  test("the cart page asks once: the count takes the page's answer", async ({ page, catalogue }) => {
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    await putInCart(page, pebble, 1);
    const gets = cartGets(page);
    await page.goto("/cart");
    await expect(page.locator("main [data-testid=cart-line]")).toHaveCount(1);
    await expect(new CartDrawer(page).count()).toHaveText("1");
    await page.waitForLoadState("networkidle");
    expect(gets()).toBe(1);
  });

  test("a change made in another tab shows on return to this one", async ({ page, catalogue }) => {
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    await putInCart(page, pebble, 1);
    const drawer = new CartDrawer(page);
    await page.goto("/product-category");
    await expect(drawer.count()).toHaveText("1");
    await page.waitForLoadState("networkidle");
    // The other tab adds two more; this one comes back to the front.
    await putInCart(page, pebble, 2);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(drawer.count()).toHaveText("3");
  });
});
