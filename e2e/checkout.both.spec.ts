import type { Page, TestInfo } from "@playwright/test";
import { CartPage } from "./fixtures/cart";
import { expect, expectAccessible, normaliseSpaces, rands, snap, test } from "./fixtures/shop";

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
  await expect(page.getByTestId("cart-drawer")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText(String(quantity));
}

async function fillDetails(page: Page, email: string) {
  const form = page.getByTestId("checkout-form");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Mobile number").fill("082 123 4567");
  await form.getByLabel("First name").fill("Thandi");
  await form.getByLabel("Last name").fill("Mokoena");
  await form.getByLabel("Street address").fill("12 Loop Street");
  await form.getByLabel("City or town").fill("Cape Town");
  await form.getByLabel("Postcode").fill("8001");
}

const email = (testInfo: TestInfo, what: string) => `buyer.${what}.${testInfo.project.name}.${Date.now().toString(36)}@example.co.za`;

/** The test gateway's page, served by the stand-in server (playwright.config.ts), not by the shop. */
async function atGateway(page: Page) {
  await expect(page.getByTestId("standin-banner")).toBeVisible();
  expect(new URL(page.url()).origin).toBe(new URL(process.env.STANDINS_URL!).origin);
}

async function payAtGateway(page: Page) {
  await atGateway(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
}

test.describe("checkout", () => {
  test("the checkout page: sections, field errors from the server, and bank transfer to an on-hold order", async ({ page, browser, catalogue }, testInfo) => {
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    await addPebble(page, 2);
    await page.goto("/checkout");
    for (const heading of ["Contact information", "Shipping address", "Shipping method", "Payment"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByLabel("Province").first()).toHaveValue("Western Cape");
    await expect(page.getByLabel("Billing address same as shipping")).toBeChecked();
    await expect(page.getByTestId("marketing-consent")).not.toBeChecked();
    await snap(page, testInfo, "checkout");
    await expectAccessible(page);

    // The server's zod errors show beside their fields.
    await page.getByTestId("pay-now").click();
    await expect(page.getByTestId("error-shipping-Postcode")).toHaveText("Postcode must be 4 digits");
    await expect(page.getByTestId("error-email")).toHaveText("Invalid email");

    await fillDetails(page, email(testInfo, "eft"));
    await page.getByRole("radio", { name: /Direct bank transfer/ }).check();
    await page.getByTestId("pay-now").click();
    // The key opened the page, then left the address (a cookie scoped to this page keeps it).
    await expect(page).toHaveURL(/\/checkout\/order\/\d+$/);
    const banner = page.getByTestId("order-status-banner");
    await expect(banner).toHaveAttribute("data-status", "on-hold");
    await expect(page.getByTestId("bank-details")).toBeVisible();
    await expect(page.getByTestId("bank-pay-by")).toHaveText(/^Please pay by \w+day, \d{1,2} \w+ \d{4}, or the order is cancelled\.$/);
    const number = normaliseSpaces(await page.getByTestId("bank-reference").textContent());
    expect(number).toMatch(/^KL-\d{6}$/);
    expect(normaliseSpaces(await page.getByTestId("order-total").textContent())).toBe(rands(2 * Number(pebble.price)));
    await snap(page, testInfo, "order-on-hold");
    await expectAccessible(page);

    // The purchase event went to the data layer once.
    const purchases = async () => page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter((e) => e.event === "purchase").length);
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
    await expect(page.getByTestId("cart-count")).toHaveCount(0);
  });

  for (const [method, label] of [
    ["payfast", /PayFast/],
    ["ozow", /Ozow/],
    ["payjustnow", /PayJustNow/],
    ["finchoice", /FinChoice/],
  ] as const) {
    test(`a guest pays with ${method} through its gateway and lands on a paid order`, async ({ page }, testInfo) => {
      await addPebble(page);
      await page.goto("/checkout");
      await fillDetails(page, email(testInfo, method));
      await page.getByRole("radio", { name: label }).check();
      if (method === "finchoice") await expect(page.getByTestId("finchoice-estimate")).toBeVisible();
      await page.getByTestId("pay-now").click();
      await payAtGateway(page);
      await expect(page).toHaveURL(/\/checkout\/order\/\d+$/, { timeout: 30_000 });
      await expect(page.getByTestId("order-status-banner")).toHaveAttribute("data-status", "processing", { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "Thank you, your order is confirmed" })).toBeVisible();
      if (method === "payfast") await snap(page, testInfo, "order-paid");
    });
  }

  // What each gateway tells the shop on Cancel: PayFast nothing (the order still awaits payment),
  // Ozow a Cancelled notification, PayJustNow its fail callback, FinChoice its cancelled return.
  for (const [method, label, status] of [
    ["payfast", /PayFast/, "pending"],
    ["ozow", /Ozow/, "cancelled"],
    ["payjustnow", /PayJustNow/, "failed"],
    ["finchoice", /FinChoice/, "cancelled"],
  ] as const) {
    test(`cancelling at the ${method} gateway does not pay the order`, async ({ page }, testInfo) => {
      await addPebble(page);
      await page.goto("/checkout");
      await fillDetails(page, email(testInfo, `cancel-${method}`));
      await page.getByRole("radio", { name: label }).check();
      await page.getByTestId("pay-now").click();
      await atGateway(page);
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await expect(page).toHaveURL(/\/checkout\/order\/\d+$/, { timeout: 30_000 });
      await expect(page.getByTestId("order-status-banner")).toHaveAttribute("data-status", status);
    });
  }

  test("a signed-in customer buys, with the form prefilled, and sees the order under my account", async ({ page }, testInfo) => {
    const address = email(testInfo, "customer");
    await page.goto("/create-account");
    const signUp = page.locator('[data-testid="register-form"]:visible');
    await signUp.getByLabel("First name").fill("Sipho");
    await signUp.getByLabel("Last name").fill("Dlamini");
    await signUp.getByLabel("Email address").fill(address);
    await signUp.getByLabel("Phone").fill("083 555 0102");
    await signUp.getByLabel("Password", { exact: true }).fill("Stoep-Sunset-1981");
    await signUp.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/my-account$/);

    await addPebble(page);
    await page.goto("/checkout");
    const form = page.getByTestId("checkout-form");
    await expect(form.getByLabel("Email")).toHaveValue(address);
    await expect(form.getByLabel("First name")).toHaveValue("Sipho");
    await form.getByLabel("Street address").fill("3 Florida Road");
    await form.getByLabel("City or town").fill("Durban");
    await form.getByLabel("Province").selectOption("KwaZulu-Natal");
    await form.getByLabel("Postcode").fill("4001");
    await page.getByRole("radio", { name: /PayFast/ }).check();
    await page.getByTestId("pay-now").click();
    await payAtGateway(page);
    await expect(page.getByTestId("order-status-banner")).toHaveAttribute("data-status", "processing", { timeout: 30_000 });
    const heading = normaliseSpaces(await page.getByTestId("order-status-banner").locator("p").first().textContent());
    const number = heading.replace("Order ", "");

    await page.goto("/my-account/orders");
    await expect(page.locator("a:visible", { hasText: number })).toBeVisible();
  });
});

