import { CartPage, inStockVariation, ProductPage } from "./fixtures/cart";
import { expect, expectAccessible, normaliseSpaces, rands, snap, test } from "./fixtures/shop";

const PASSWORD = "Stoep-Sunset-1981";

test.describe("cart", () => {
  test("a guest fills, changes and discounts a cart; totals match a hand calculation and survive a reload", async ({
    page,
    catalogue,
  }, testInfo) => {
    const eden = catalogue.find((p) => p.slug === "eden-2-seater")!;
    const kraal = catalogue.find((p) => p.slug === "kraal-cube-ottoman")!;
    const v = inStockVariation(eden);
    const product = new ProductPage(page);
    const cart = new CartPage(page);

    await product.addAndClose(eden, v.attributes);
    await product.addAndClose(kraal);
    await expect(product.drawer.count()).toHaveText("2");

    await cart.open();
    await expect(cart.lines()).toHaveCount(2);
    await cart.increase("Kraal Cube Ottoman");
    await expect(product.drawer.count()).toHaveText("3");

    await cart.applyPromo("kayafriends");
    await expect(page.locator("[data-testid=toast]", { hasText: "Promo code applied" }).first()).toBeVisible();
    await expect(cart.appliedCoupon()).toContainText("KAYAFRIENDS");

    // By hand: Eden at its price, two Kraal ottomans, 5% off, free delivery, VAT inside the total.
    const subtotal = Number(v.price) + 2 * Number(kraal.price);
    const discount = Math.round((subtotal * 5) / 100);
    const total = subtotal - discount;
    const vat = Math.round((total * 15) / 115);
    const expectTotals = async () => {
      await expect(cart.total("total")).toHaveText(new RegExp(rands(total).replace(/ /g, "\\s")));
      expect(normaliseSpaces(await cart.total("subtotal").textContent())).toBe(rands(subtotal));
      expect(normaliseSpaces(await cart.total("discount").textContent())).toBe(`-${rands(discount)}`);
      expect(normaliseSpaces(await cart.total("vat").textContent())).toBe(`Includes ${rands(vat)} VAT`);
    };
    await expectTotals();
    await snap(page, testInfo, "cart");
    await expectAccessible(page);

    await page.reload();
    await expect(cart.lines()).toHaveCount(2);
    await expectTotals();

    // Quantity down to zero removes the line.
    await cart.decrease("Eden 2 Seater");
    await expect(cart.lines()).toHaveCount(1);
    await page.reload();
    await expect(cart.lines()).toHaveCount(1);
  });

  test("the free ottoman comes with a couch", async ({ page, catalogue }) => {
    const karoo = catalogue.find((p) => p.slug === "karoo-couch")!;
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    const product = new ProductPage(page);
    const cart = new CartPage(page);
    await product.addAndClose(pebble);
    await product.addAndClose(karoo, inStockVariation(karoo).attributes);
    await cart.open();
    await expect(cart.appliedCoupon()).toContainText("FREEOTTOMAN");
    expect(normaliseSpaces(await cart.total("discount").textContent())).toBe(`-${rands(pebble.price)}`);
    await expect(cart.line("Pebble Ottoman").getByTestId("line-total")).toContainText("Free");
  });

  test("an empty cart says so and offers the shop", async ({ page }, testInfo) => {
    await new CartPage(page).open();
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    await snap(page, testInfo, "cart-empty");
  });

  test("adding a variable product without choosing names the options to choose", async ({ page }) => {
    await page.goto("/product/karoo-couch");
    await new ProductPage(page).addButton().click();
    await expect(page.getByTestId("config-message")).toHaveText("Choose a fabric colour and a size");
  });

  test("add to cart from a product card pushes add_to_cart in ZAR to the data layer", async ({ page, catalogue }) => {
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    await page.goto("/product-category/ottomans");
    await page
      .locator("[data-testid=product-card][data-slug=pebble-ottoman]:visible")
      .getByTestId("add-to-cart")
      .click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    // The count shows at once; the event goes with the server's answer, as "Added to cart" does.
    await expect(page.locator("[data-testid=toast]", { hasText: "Added to cart" }).first()).toBeVisible();
    const events = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter(
        (e) => e.event === "add_to_cart",
      ),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      ecommerce: {
        currency: "ZAR",
        value: Number(pebble.price) / 100,
        items: [{ item_name: "Pebble Ottoman", quantity: 1 }],
      },
    });
  });

  test("an affiliate link's code is applied to the cart", async ({ page, catalogue }) => {
    const bed = catalogue.find((p) => p.slug === "noordhoek-bed-frame")!;
    await page.goto("/?coupon=KAYAFRIENDS");
    await expect(page).toHaveURL(/\/$/);
    await new ProductPage(page).addAndClose(
      bed,
      Object.keys(bed.variations).length ? inStockVariation(bed).attributes : undefined,
    );
    const cart = new CartPage(page);
    await cart.open();
    await expect(cart.appliedCoupon()).toContainText("KAYAFRIENDS");
  });

  test("the page never sees the cart's key, and signing in keeps the guest's cart; signing out empties the cart shown", async ({
    page,
    catalogue,
    request,
  }, testInfo) => {
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    const email = `cart.${testInfo.project.name}.${Date.now().toString(36)}@example.co.za`;
    // The account is made elsewhere, so this browser is still a guest.
    const made = await request.post("/api/register", {
      data: { email, password: PASSWORD, first_name: "Lerato", last_name: "Mokoena" },
    });
    expect(made.status()).toBe(201);

    const product = new ProductPage(page);
    await product.addAndClose(pebble);
    await expect(product.drawer.count()).toHaveText("1");
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/kaya_cart/);

    await page.goto("/login");
    const login = page.locator('[data-testid="login-form"]:visible');
    await expect(login.getByRole("button", { name: "Login" })).toBeEnabled();
    await login.getByLabel("Email address").fill(email);
    await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(product.drawer.count()).toHaveText("1");

    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(product.drawer.count()).toHaveCount(0);
    await page.reload();
    await product.drawer.open();
    await expect(product.drawer.dialog.getByText("Your cart is empty.")).toBeVisible();
  });
});
