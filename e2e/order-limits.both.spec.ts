import type { BlobProduct } from "../lib/catalog/blob";
import { SITE } from "../lib/config/site";
import { ORDER_LIMITS } from "../lib/orders/order-limits";
import { buyerEmail, CheckoutPage, Gateway, OrderPage } from "./fixtures/checkout";
import { expect, expectAccessible, normaliseSpaces, rands, snap, test } from "./fixtures/shop";

/**
 * An order larger than one unpaid order may be: the shopper is told beside Pay why, and how to go
 * on (another way to pay, the shop's phone and e-mail), and nothing is placed.
 */
test("an order too large to wait for a bank transfer: told beside Pay how to go on, then paid by card", async ({
  page,
}, testInfo) => {
  const limit = ORDER_LIMITS.orderValueCents.bankTransfer;
  // The dearest items in stock, as many as take the cart just past the bank transfer's limit.
  const blob = (await (await page.request.get("/api/products-blob")).json()) as BlobProduct[];
  const simple = blob
    .filter((p) => p.type === "simple" && (p.stock_quantity ?? 0) > 0)
    .sort((a, b) => Number(b.price) - Number(a.price));
  let total = 0;
  for (const p of simple) {
    if (total > limit) break;
    const wanted = Math.ceil((limit + 1 - total) / Number(p.price));
    const quantity = Math.min(p.stock_quantity!, ORDER_LIMITS.unitsPerLine, wanted);
    const added = await page.request.post("/api/cart-guest", { data: { productId: p.id, productQuantity: quantity } });
    expect(added.status()).toBeLessThan(300);
    total += quantity * Number(p.price);
  }
  expect(total).toBeGreaterThan(limit);
  expect(total).toBeLessThanOrEqual(ORDER_LIMITS.orderValueCents.otherMethods);

  const checkout = new CheckoutPage(page);
  await checkout.open();
  await expect(checkout.payButton()).toHaveText(/^Pay R/);
  expect(normaliseSpaces(await checkout.payButton().textContent())).toBe(`Pay ${rands(total)}`);
  await checkout.fillDetails(buyerEmail(testInfo, "too-large"));
  await checkout.choose(/Direct bank transfer/);
  await checkout.payNow();

  const notice = checkout.limitNotice();
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport();
  await expect(notice).toHaveAttribute("role", "alert");
  expect(normaliseSpaces(await notice.getByTestId("order-limit-message").textContent())).toBe(
    `We keep a bank-transfer order's pieces for you until the money clears, so we take bank transfers for orders of up to ${rands(limit)}. Please pay for this one by card or instant EFT, or call us on ${SITE.phone} or e-mail ${SITE.email} and we will arrange it with you.`,
  );
  await expect(notice.getByRole("link", { name: `Call ${SITE.phone}` })).toHaveAttribute(
    "href",
    `tel:${SITE.phone.replace(/\s+/g, "")}`,
  );
  await expect(notice.getByRole("link", { name: `E-mail ${SITE.email}` })).toHaveAttribute(
    "href",
    `mailto:${SITE.email}`,
  );
  // Nothing was placed: the shopper is still on the checkout with the cart as it was.
  await expect(page).toHaveURL(/\/checkout$/);
  expect(normaliseSpaces(await checkout.payButton().textContent())).toBe(`Pay ${rands(total)}`);
  await expect(page.getByTestId("toast")).toHaveCount(0);
  await snap(page, testInfo, "order-limit");
  await expectAccessible(page);

  // One press chooses a quicker way to pay; the notice goes, and the order is placed by card.
  await notice.getByRole("button", { name: "Pay by card or instant EFT" }).click();
  await expect(page.getByRole("radio", { name: /PayFast/ })).toBeChecked();
  await expect(notice).toHaveCount(0);
  await checkout.payNow();
  await new Gateway(page).expectHere();

  // The shopper changes their mind at the gateway and goes back to the cart: the unpaid order is
  // cancelled and gives back what it held, so the pieces are in stock for the next shopper.
  await new Gateway(page).cancel();
  const order = new OrderPage(page);
  await order.expectHere(30_000);
  await page.getByRole("button", { name: "Back to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const after = (await (await page.request.get("/api/products-blob")).json()) as BlobProduct[];
  for (const p of simple.filter((s) => s.stock_quantity! > 0)) {
    const now = after.find((a) => a.id === p.id);
    expect(now?.stock_quantity, p.name).toBe(p.stock_quantity);
  }
});
