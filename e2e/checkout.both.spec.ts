import type { Page } from "@playwright/test";
import { RegisterForm } from "./fixtures/account";
import { CartDrawer, CartPage } from "./fixtures/cart";
import { buyerEmail as email, CheckoutPage, Gateway, OrderPage } from "./fixtures/checkout";
import { expect, expectAccessible, normaliseSpaces, rands, snap, test } from "./fixtures/shop";
import { workshopDelivery } from "./fixtures/admin";

/**
 * Buying, end to end: the checkout page, each payment method through its gateway stand-in (the
 * same redirects and server-to-server notifications as the real gateway), and the order page.
 */
async function addPebble(page: Page, quantity = 1) {
  await page.goto("/product/pebble-ottoman");
  const box = page.getByTestId("buy-box");
  for (let i = 1; i < quantity; i++) await box.getByRole("button", { name: "Increase quantity" }).click();
  await box.getByTestId("add-to-cart").click();
  // The count changes at once; the drawer opens with the server's answer.
  const drawer = new CartDrawer(page);
  await expect(drawer.dialog).toBeVisible();
  await expect(drawer.count()).toHaveText(String(quantity));
}

test.describe("checkout", () => {
  // Unpaid orders hold their stock: each project's run brings the Pebbles it will sell.
  test.beforeAll(({ browser }) => workshopDelivery(browser, "pebble-ottoman", 30));

  test("the checkout page: sections, field errors from the server, and bank transfer to an on-hold order", async ({
    page,
    browser,
    catalogue,
  }, testInfo) => {
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    await addPebble(page, 2);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    for (const heading of ["Contact information", "Shipping address", "Shipping method", "Payment"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    // No province is chosen for the shopper: a wrong default would send a couch to the wrong place.
    await expect(checkout.field("Province").first()).toHaveValue("");
    await expect(checkout.field("Billing address same as shipping")).toBeChecked();
    await expect(page.getByTestId("marketing-consent")).not.toBeChecked();
    await snap(page, testInfo, "checkout");
    await expectAccessible(page);

    // The server's messages show beside their fields.
    await checkout.payNow();
    await expect(checkout.fieldError("shipping-Postcode")).toHaveText("Enter a 4-digit postcode");
    await expect(checkout.fieldError("email")).toHaveText("Enter your e-mail address");

    await checkout.fillDetails(email(testInfo, "eft"));
    await checkout.choose(/Direct bank transfer/);
    await checkout.payNow();
    // The key opened the page, then left the address (a cookie scoped to this page keeps it).
    const order = new OrderPage(page);
    await order.expectHere();
    await order.expectStatus("on-hold");
    await expect(order.bankDetails()).toBeVisible();
    await expect(order.payBy()).toHaveText(/^Please pay by \w+day, \d{1,2} \w+ \d{4}, or the order is cancelled\.$/);
    const number = normaliseSpaces(await order.reference().textContent());
    expect(number).toMatch(/^KL-\d{6}$/);
    expect(normaliseSpaces(await order.total().textContent())).toBe(rands(2 * Number(pebble.price)));
    await snap(page, testInfo, "order-on-hold");
    await expectAccessible(page);

    // The purchase event went to the data layer once.
    const purchases = async () =>
      page.evaluate(
        () =>
          ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter(
            (e) => e.event === "purchase",
          ).length,
      );
    expect(await purchases()).toBe(1);
    await page.reload();
    expect(await purchases()).toBe(0);

    // Without its key, the order is not shown: another browser with only the address gets a 404,
    // and the key reached no third party in a Referer (the address no longer holds it).
    const orderPath = new URL(page.url()).pathname;
    const stranger = await browser.newContext();
    expect((await (await stranger.newPage()).goto(orderPath))?.status()).toBe(404);
    await stranger.close();

    // The order took the cart: the server's cart is empty, and so is the one shown.
    await new CartPage(page).open();
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    await expect(new CartDrawer(page).count()).toHaveCount(0);
  });

  for (const [method, label] of [
    ["payfast", /PayFast/],
    ["ozow", /Ozow/],
    ["payjustnow", /PayJustNow/],
    ["finchoice", /FinChoice/],
  ] as const) {
    test(`a guest pays with ${method} through its gateway and lands on a paid order`, async ({ page }, testInfo) => {
      await addPebble(page);
      const checkout = new CheckoutPage(page);
      await checkout.open();
      await checkout.fillDetails(email(testInfo, method));
      await checkout.choose(label);
      if (method === "finchoice") await expect(page.getByTestId("finchoice-estimate")).toBeVisible();
      await checkout.payNow();
      await new Gateway(page).pay();
      const order = new OrderPage(page);
      await order.expectHere(30_000);
      await order.expectStatus("processing", 20_000);
      await expect(page.getByRole("heading", { name: "Thank you, your order is confirmed" })).toBeVisible();
      if (method === "payfast") await snap(page, testInfo, "order-paid");
    });
  }

  // Whatever each gateway tells the shop on Cancel, the order stays pending with its stock, so
  // the shopper can try again (e2e/payment-outcomes.both.spec.ts follows that through).
  for (const [method, label, status] of [
    ["payfast", /PayFast/, "pending"],
    ["ozow", /Ozow/, "pending"],
    ["payjustnow", /PayJustNow/, "pending"],
    ["finchoice", /FinChoice/, "pending"],
  ] as const) {
    test(`cancelling at the ${method} gateway does not pay the order`, async ({ page }, testInfo) => {
      await addPebble(page);
      const checkout = new CheckoutPage(page);
      await checkout.open();
      await checkout.fillDetails(email(testInfo, `cancel-${method}`));
      await checkout.choose(label);
      await checkout.payNow();
      await new Gateway(page).cancel();
      const order = new OrderPage(page);
      await order.expectHere(30_000);
      await order.expectStatus(status);
    });
  }

  test("a signed-in customer buys, with the form prefilled, and sees the order under my account", async ({
    page,
  }, testInfo) => {
    const address = email(testInfo, "customer");
    const signUp = new RegisterForm(page);
    await signUp.open();
    await signUp.register({
      firstName: "Sipho",
      lastName: "Dlamini",
      email: address,
      phone: "083 555 0102",
      password: "Stoep-Sunset-1981",
    });
    await expect(page).toHaveURL(/\/my-account$/);

    await addPebble(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await expect(checkout.field("Email")).toHaveValue(address);
    await expect(checkout.field("First name")).toHaveValue("Sipho");
    await checkout.fillAddress({
      street: "3 Florida Road",
      city: "Durban",
      province: "KwaZulu-Natal",
      postcode: "4001",
    });
    await checkout.choose(/PayFast/);
    await checkout.payNow();
    await new Gateway(page).pay();
    const order = new OrderPage(page);
    await order.expectStatus("processing", 30_000);
    const heading = normaliseSpaces(await order.banner().locator("p").first().textContent());
    const number = heading.replace("Order ", "");

    await page.goto("/my-account/orders");
    await expect(page.locator("a:visible", { hasText: number })).toBeVisible();
  });
});
