import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { CartDrawer } from "./fixtures/cart";
import { buyerEmail as email, CheckoutPage, Gateway, OrderPage } from "./fixtures/checkout";
import { expect, expectAccessible, snap, test } from "./fixtures/shop";
import { workshopDelivery } from "./fixtures/admin";

/**
 * What a shopper meets when a payment does not go through: the order page says what the
 * gateway said (cancelled, failed), never that anything is paid, and offers Try again (same
 * order, same or another method) and Back to cart. Each gateway is its stand-in, speaking the
 * real protocol.
 */
async function addPebble(page: Page) {
  await page.goto("/product/pebble-ottoman");
  await page.getByTestId("buy-box").getByTestId("add-to-cart").click();
  const drawer = new CartDrawer(page);
  await expect(drawer.dialog).toBeVisible();
  await expect(drawer.count()).toHaveText("1");
}

async function checkOutWith(page: Page, testInfo: TestInfo, label: RegExp, who: string) {
  await addPebble(page);
  const checkout = new CheckoutPage(page);
  await checkout.open();
  await checkout.fillDetails(email(testInfo, who));
  await checkout.choose(label);
  await checkout.payNow();
}

/** With README_SCREENSHOTS=1, the screen as the shopper sees it, for the README. */
async function readmeShot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.README_SCREENSHOTS !== "1") return;
  const file = path.join("docs", "images", `${name}-${testInfo.project.name === "phone" ? "phone" : "desktop"}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
}

const METHODS = [
  // PayJustNow's Cancel reaches the shop as its fail callback: the shop hears "failed".
  { method: "payfast", label: /PayFast/, other: /Ozow/, heard: "cancelled" },
  { method: "ozow", label: /Ozow/, other: /PayFast/, heard: "cancelled" },
  { method: "payjustnow", label: /PayJustNow/, other: /FinChoice/, heard: "failed" },
  { method: "finchoice", label: /FinChoice/, other: /PayJustNow/, heard: "cancelled" },
] as const;

test.describe("payment outcomes", () => {
  // Unpaid orders hold their stock: each project's run brings the Pebbles it will sell.
  test.beforeAll(({ browser }) => workshopDelivery(browser, "pebble-ottoman", 30));

  for (const { method, label, other, heard } of METHODS) {
    test(`${method}: cancel at the gateway, then try again with another method and pay`, async ({ page }, testInfo) => {
      await checkOutWith(page, testInfo, label, `outcome-${method}`);
      await new Gateway(page).cancel();
      const order = new OrderPage(page);
      await order.expectHere(30_000);
      await order.expectStatus("pending");
      await expect(order.banner()).toHaveAttribute("data-attempt", heard);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        heard === "cancelled" ? "You cancelled the payment" : "Your payment did not go through",
      );
      await expect(order.banner()).toContainText(/nothing was taken/i);
      // Nothing is paid, so nothing says so.
      await expect(page.getByText(/paid with/i)).toHaveCount(0);
      await expect(page.getByText(/payment method:/i)).toBeVisible();
      const tryAgain = page.getByRole("button", { name: "Try again" });
      await expect(tryAgain).toBeVisible();
      await expect(page.getByRole("button", { name: "Back to cart" })).toBeVisible();
      if (method === "payfast") await readmeShot(page, testInfo, "payment-cancel");
      await expectAccessible(page);

      // The same order, another way to pay.
      await page.getByRole("radio", { name: other }).check();
      await tryAgain.click();
      await new Gateway(page).pay();
      await order.expectHere(30_000);
      await order.expectStatus("processing", 20_000);
      await expect(page.getByRole("heading", { name: "Thank you, your order is confirmed" })).toBeVisible();
      await expect(page.getByText(/paid with/i)).toBeVisible();
    });
  }

  test("the same method again after a cancel pays the same order", async ({ page }, testInfo) => {
    await checkOutWith(page, testInfo, /Ozow/, "outcome-same");
    await new Gateway(page).cancel();
    const order = new OrderPage(page);
    await order.expectHere(30_000);
    const number = await order.banner().locator("p").first().textContent();
    await page.getByRole("button", { name: "Try again" }).click();
    await new Gateway(page).pay();
    await order.expectStatus("processing", 20_000);
    await expect(order.banner().locator("p").first()).toHaveText(number!);
  });

  test("Back to cart puts the order's items back in the cart", async ({ page }, testInfo) => {
    await checkOutWith(page, testInfo, /FinChoice/, "outcome-cart");
    await new Gateway(page).cancel();
    const order = new OrderPage(page);
    await order.expectHere(30_000);
    await page.getByRole("button", { name: "Back to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator("main [data-testid=cart-line]").filter({ hasText: "Pebble Ottoman" })).toHaveCount(1);
  });

  test("a gateway that is down keeps the shopper on checkout with the cart intact", async ({ page }, testInfo) => {
    await addPebble(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    // The PayJustNow stand-in is down for this shopper (see standins/payjustnow.ts).
    await checkout.fillDetails(`gateway-down.${testInfo.project.name}.${Date.now().toString(36)}@example.co.za`);
    await checkout.choose(/PayJustNow/);
    await checkout.payNow();
    await expect(page.getByText(/PayJustNow is not answering right now, so nothing was charged/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("checkout-empty")).toHaveCount(0);
    await expect(checkout.payButton()).toBeVisible();
    // Another method goes through with the same cart.
    await checkout.field("Email").fill(email(testInfo, "after-outage"));
    await checkout.choose(/Ozow/);
    await checkout.payNow();
    await new Gateway(page).pay();
    await new OrderPage(page).expectStatus("processing", 30_000);
  });

  test("bank transfer: the deadline, copy buttons, and no word of paid", async ({ page, context }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]).catch(() => {});
    await checkOutWith(page, testInfo, /Direct bank transfer/, "outcome-eft");
    const order = new OrderPage(page);
    await order.expectHere(30_000);
    await order.expectStatus("on-hold");
    await expect(order.payBy()).toHaveText(/^Please pay by \w+day, \d{1,2} \w+ \d{4}, or the order is cancelled\.$/);
    await expect(page.getByText(/paid with/i)).toHaveCount(0);
    await expect(page.getByText(/payment method: Direct bank transfer/i)).toBeVisible();
    const reference = (await order.reference().textContent())!.trim();
    await page.getByRole("button", { name: `Copy reference ${reference}` }).click();
    await expect(page.getByTestId("copied-reference")).toHaveText(/Reference copied|Select the reference/);
    const account = (await page.getByTestId("bank-account-number").textContent())!.trim();
    await page.getByRole("button", { name: `Copy account number ${account}` }).click();
    await expect(page.getByTestId("copied-account-number")).toHaveText(/Account number copied|Select the account/);
    await expectAccessible(page);
  });

  test("bank transfer not yet made: try again with another method and pay the same order", async ({
    page,
  }, testInfo) => {
    await checkOutWith(page, testInfo, /Direct bank transfer/, "eft-switch");
    const order = new OrderPage(page);
    await order.expectHere(30_000);
    await order.expectStatus("on-hold");
    const number = await order.banner().locator("p").first().textContent();
    const choices = page.getByTestId("payment-choices");
    await expect(choices.getByRole("group", { name: "Rather pay another way?" })).toBeVisible();
    // The transfer itself is not offered again: its details are on this page.
    await expect(choices.getByRole("radio", { name: /bank transfer/i })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Back to cart" })).toBeVisible();
    await snap(page, testInfo, "bank-transfer-other-way");
    await choices.getByRole("radio", { name: /Ozow/ }).check();
    await choices.getByRole("button", { name: "Try again" }).click();
    await new Gateway(page).pay();
    await order.expectHere(30_000);
    await order.expectStatus("processing", 20_000);
    await expect(order.banner().locator("p").first()).toHaveText(number!);
    await expect(page.getByRole("heading", { name: "Thank you, your order is confirmed" })).toBeVisible();
    await expect(page.getByText(/paid with Ozow/i)).toBeVisible();
    await expect(order.bankDetails()).toHaveCount(0);
  });

  test("bank transfer not yet made: Back to cart puts the order's items back in the cart", async ({
    page,
  }, testInfo) => {
    await checkOutWith(page, testInfo, /Direct bank transfer/, "eft-cart");
    const order = new OrderPage(page);
    await order.expectHere(30_000);
    await order.expectStatus("on-hold");
    await page.getByRole("button", { name: "Back to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator("main [data-testid=cart-line]").filter({ hasText: "Pebble Ottoman" })).toHaveCount(1);
  });
});
