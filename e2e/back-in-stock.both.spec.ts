import type { Browser } from "@playwright/test";
import { signInAsStaff } from "./fixtures/admin";
import { latestMail, outbox } from "./fixtures/mail";
import { expect, expectAccessible, snap, test, type BlobProduct } from "./fixtures/shop";

/**
 * "E-mail me when it's back" as a shopper meets it: a sold-out variation's buy box takes an
 * address, the e-mailed link confirms it (nothing is sent before), and a delivery booked in the
 * back office sends one e-mail; a second restock sends none.
 */

const slugOf = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** Sets a variation's stock through the back office, as staff would. */
async function setStock(browser: Browser, productId: number, variationId: number, quantity: number) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAsStaff(page);
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch(`/api/admin/products/${body.productId}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              action: "stock",
              mode: "set",
              quantity: body.quantity,
              variationId: body.variationId,
            }),
          })
        ).status,
      { productId, variationId, quantity },
    );
    expect(status).toBe(200);
  } finally {
    await context.close();
  }
}

test("a sold-out variation: ask, confirm from the e-mail, and one e-mail when it is back", async ({
  page,
  browser,
  catalogue,
}, testInfo) => {
  test.skip(Boolean(process.env.E2E_BASE_URL), "reads the mail spool of the server this suite starts");
  test.setTimeout(120_000);
  // The catalogue spec shows the first sold-out variation: these take the last ones, one per project.
  const soldOut = catalogue.flatMap((p: BlobProduct) =>
    Object.values(p.variations)
      .filter((v) => v.stock_status === "outofstock")
      .map((v) => ({ product: p, variation: v })),
  );
  expect(soldOut.length).toBeGreaterThan(2);
  const { product, variation } = soldOut[soldOut.length - (testInfo.project.name === "phone" ? 2 : 1)]!;
  const email = `e2e.restock.${testInfo.project.name}.${Date.now().toString(36)}@example.co.za`;

  const query = new URLSearchParams(variation.attributes.map((a) => [slugOf(a.name), slugOf(a.option)]));
  await page.goto(`/product/${product.slug}?${query}`);
  await expect(page.getByTestId("stock-status")).toContainText("Out of stock");
  const form = page.getByTestId("restock-form");
  await expect(form.getByRole("heading", { name: "E-mail me when it's back" })).toBeVisible();
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByTestId("form-error")).toHaveText("Please complete all fields");
  await form.getByLabel("Email address").fill("thandi@example");
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByTestId("form-error")).toHaveText("Invalid email");
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByTestId("restock-requested")).toContainText("we sent you an e-mail");
  await snap(page, testInfo, "back-in-stock-form");
  await expectAccessible(page);

  const confirmation = await latestMail(email, "back-in-stock-confirm");
  const link = /https?:\/\/\S+\/back-in-stock\/confirm\?token=\S+/.exec(confirmation.text)![0];

  try {
    // Unconfirmed: a restock sends nothing.
    await setStock(browser, product.id, variation.id, 2);
    await setStock(browser, product.id, variation.id, 0);
    await page.waitForTimeout(500);
    expect(outbox(email, "back-in-stock")).toHaveLength(0);

    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your alert" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Confirm my alert" }).click();
    await expect(page.getByTestId("restock-confirmed")).toContainText("we will e-mail you once");
    expect(outbox(email, "back-in-stock")).toHaveLength(0);

    await setStock(browser, product.id, variation.id, 3);
    const alert = await latestMail(email, "back-in-stock");
    expect(alert.subject).toBe(`${product.name} is back in stock`);
    expect(alert.text).toContain(`/product/${product.slug}?`);

    // A second restock sends nothing more.
    await setStock(browser, product.id, variation.id, 0);
    await setStock(browser, product.id, variation.id, 4);
    await page.waitForTimeout(500);
    expect(outbox(email, "back-in-stock")).toHaveLength(1);
  } finally {
    // Sold out again, as the rest of the suite found it.
    await setStock(browser, product.id, variation.id, 0);
  }
});
