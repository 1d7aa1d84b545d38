import sharp from "sharp";
import type { Locator } from "@playwright/test";
import { expect, test, warmDatabase } from "./fixtures/shop";
import { signInAsStaff } from "./fixtures/admin";
import { CartPage, ProductPage } from "./fixtures/cart";
import { buyerEmail, CheckoutPage, OrderPage } from "./fixtures/checkout";
import { toast } from "./fixtures/forms";

warmDatabase();

/** A word no other product has: the run's moment in letters, so search finds this test's product alone. */
const uniqueWord = () =>
  `Zebu${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "qwertyuiop"[Number(d)]!)}`;

/** The picture shown is the uploaded photograph, through the image optimiser, and it loaded. */
async function expectPhotograph(img: Locator) {
  await expect(img).toHaveAttribute("srcset", /\/_next\/image\?url=%2Fmedia%2F[0-9a-f]{64}\.webp&w=\d+/);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 15_000 })
    .toBe(true);
  const src = new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
  expect(src.pathname).toBe("/_next/image");
  expect(src.searchParams.get("url")).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
}

/**
 * A product's photograph follows it out of its own page: staff upload one, and the shopper sees
 * it in the search box's suggestions, in the cart's drawer and page, and on the order's page
 * after buying. The product is the test's own.
 */
test("an uploaded photograph shows in search suggestions, the cart and the order", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const slug = `e2e-${word.toLowerCase()}-${testInfo.project.name}`;
  const name = `${word} Pouffe`;
  const admin = await signInAsStaff(page, undefined, "/admin/products");
  const csv = [
    "Type,SKU,Name,Published,Regular price,Stock,Categories,Length (cm),Width (cm),Height (cm)",
    `simple,${slug},${name},1,1299.00,4,Ottomans,40,40,45`,
  ].join("\r\n");
  const made = await page.request.post("/api/admin/products/import", {
    data: csv,
    headers: { "content-type": "text/csv", origin: new URL(page.url()).origin },
  });
  expect(made.status()).toBe(200);

  await page.goto(`/admin/products?q=${slug}`);
  await admin.main.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const section = page.getByTestId("product-photos");
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8b5a2b" } })
    .jpeg()
    .toBuffer();
  await section
    .getByLabel("Add photographs")
    .setInputFiles([{ name: "pouffe.jpg", mimeType: "image/jpeg", buffer: photo }]);
  await section.getByLabel("Description of pouffe.jpg").fill("The pouffe on a sisal rug");
  await section.getByRole("button", { name: "Upload the photograph" }).click();
  await expect(toast(page, "Photograph added.")).toBeVisible();

  // From here a guest shops: staff signed out.
  await page.context().clearCookies();

  // The search box's suggestions.
  await page.goto("/");
  await page.getByTestId("header-search").click();
  const dialog = page.getByRole("dialog", { name: "Search the shop" });
  await dialog.getByRole("combobox", { name: "Search the shop" }).pressSequentially(word, { delay: 30 });
  const suggestion = dialog.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name });
  await expect(suggestion).toBeVisible();
  await expectPhotograph(suggestion.locator("img"));
  await page.keyboard.press("Escape");

  // The cart's drawer, then its page.
  const product = new ProductPage(page);
  await page.goto(`/product/${slug}`);
  await product.add();
  await expectPhotograph(product.drawer.lines().filter({ hasText: name }).locator("img"));
  await product.drawer.close();
  const cart = new CartPage(page);
  await cart.open();
  await expectPhotograph(cart.line(name).locator("img"));

  // The order's page after buying by bank transfer.
  const checkout = new CheckoutPage(page);
  await checkout.open();
  await checkout.fillDetails(buyerEmail(testInfo, "photo"));
  await checkout.choose(/Direct bank transfer/);
  await checkout.payNow();
  await new OrderPage(page).expectHere();
  await expectPhotograph(page.getByTestId("order-line").filter({ hasText: name }).locator("img"));
});
