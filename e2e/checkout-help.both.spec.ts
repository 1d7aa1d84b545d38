import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { CartDrawer } from "./fixtures/cart";
import { CheckoutPage } from "./fixtures/checkout";
import { expect, expectAccessible, normaliseSpaces, rands, test } from "./fixtures/shop";
import { instalmentEstimate } from "../lib/money/instalments";
import { workshopDelivery } from "./fixtures/admin";

/**
 * What the checkout does to help a shopper who pays before filling it in: one summary of every
 * problem, focus on the first field, messages that say what to do and go once a field is right;
 * and what it shows before that: the amount on the Pay button, the monthly amounts of the
 * instalment methods, the promo code field and the way back to the cart.
 */
async function addPebble(page: Page) {
  await page.goto("/product/pebble-ottoman");
  await page.getByTestId("buy-box").getByTestId("add-to-cart").click();
  await expect(new CartDrawer(page).dialog).toBeVisible();
}

const EMPTY_FORM_MESSAGES = [
  "Enter your e-mail address",
  "Enter your phone number",
  "Enter your first name",
  "Enter your last name",
  "Enter your street address",
  "Enter your city or town",
  "Enter a 4-digit postcode",
  "Choose your province",
];

test.describe("checkout help", () => {
  // Unpaid orders hold their stock: each project's run brings the Pebbles it will sell.
  test.beforeAll(({ browser }) => workshopDelivery(browser, "pebble-ottoman", 30));

  test("an empty Pay lists every problem, focuses the first field, and a fixed field's message goes", async ({
    page,
  }, testInfo) => {
    await addPebble(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await expect(checkout.payButton()).toHaveText(/^Pay R/);
    await checkout.payNow();

    const summary = checkout.errorSummary();
    await expect(summary).toBeVisible();
    await expect(summary).toHaveAttribute("role", "alert");
    await expect(summary.getByRole("heading")).toHaveText("There are 8 problems with your details");
    await expect(summary.getByRole("listitem")).toHaveText(EMPTY_FORM_MESSAGES);
    await expect(summary).toBeInViewport();
    await expect(checkout.field("Email")).toBeFocused();
    await expect(checkout.field("Email")).toBeInViewport();
    await expect(checkout.fieldError("email")).toHaveText("Enter your e-mail address");
    await expect(checkout.fieldError("shipping-Province")).toHaveText("Choose your province");
    // No notification names a field the way the call does, and no message is a bare "Invalid".
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await expect(page.getByText(/email:|Invalid/)).toHaveCount(0);
    await expectAccessible(page);

    if (process.env.README_SCREENSHOTS === "1") {
      const file = path.join("docs", "images", `checkout-errors-${testInfo.project.name}.png`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file });
    }

    // A link in the summary takes the shopper to its field.
    await summary.getByRole("link", { name: "Enter a 4-digit postcode" }).click();
    await expect(checkout.field("Postcode")).toBeFocused();
    await expect(checkout.field("Postcode")).toBeInViewport();

    // Left still wrong, the message says what is wrong now; once right, it goes before any submit.
    await checkout.field("Email").fill("thandi@");
    await checkout.field("Email").blur();
    await expect(checkout.fieldError("email")).toHaveText("Enter an e-mail address like name@example.co.za");
    await checkout.field("Email").fill("thandi@example.co.za");
    await expect(checkout.fieldError("email")).toHaveCount(0);
    await expect(checkout.field("Email")).not.toHaveAttribute("aria-invalid", "true");
    await checkout.field("Postcode").fill("8001");
    await expect(checkout.fieldError("shipping-Postcode")).toHaveCount(0);
    await expect(summary.getByRole("listitem")).toHaveText(
      EMPTY_FORM_MESSAGES.filter((m) => !m.includes("e-mail") && !m.includes("postcode")),
    );
    await expect(checkout.fieldError("phone")).toHaveText("Enter your phone number");

    // The server still decides: the next Pay answers with what is left, focused on the first of it.
    await checkout.payNow();
    await expect(checkout.field("Mobile number")).toBeFocused();
    await expect(summary.getByRole("listitem").first()).toHaveText("Enter your phone number");
    await expect(summary.getByRole("listitem")).toHaveCount(6);
  });

  test("the Pay button's amount, the instalment methods' monthly amounts, the promo code and the way back", async ({
    page,
    catalogue,
  }) => {
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    const price = Number(pebble.price);
    await addPebble(page);
    const checkout = new CheckoutPage(page);
    await checkout.open();

    expect(normaliseSpaces(await checkout.payButton().textContent())).toBe(`Pay ${rands(price)}`);
    await expect(checkout.monthly(/FinChoice/)).toBeVisible();
    expect(normaliseSpaces(await checkout.monthly(/FinChoice/).textContent())).toBe(
      `about ${rands(instalmentEstimate(price, 12).monthlyCents)} a month`,
    );
    expect(normaliseSpaces(await checkout.monthly(/PayJustNow/).textContent())).toBe(
      `3 × ${rands(Math.ceil(price / 3))} interest-free`,
    );

    // R200 off each ottoman: the order summary, the Pay button and the monthly amounts follow.
    await expect(checkout.promoCode()).toBeVisible();
    await checkout.promoCode().fill("OTTOMAN200");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("applied-coupon")).toContainText("OTTOMAN200");
    const discounted = price - 20000;
    await expect(checkout.payButton()).toHaveText(`Pay ${rands(discounted)}`);
    expect(normaliseSpaces(await checkout.monthly(/PayJustNow/).textContent())).toBe(
      `3 × ${rands(Math.ceil(discounted / 3))} interest-free`,
    );

    const back = page.getByRole("link", { name: "Back to cart" });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/cart$/);
  });
});
