import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { CartPage, ProductPage, inStockVariation } from "./fixtures/cart";
import { expect, expectAccessible, normaliseSpaces, rands, snap, test, type BlobProduct } from "./fixtures/shop";

/**
 * The free-ottoman offer as a shopper meets it: the menu's link opens a page with the terms and
 * the couches; with a couch in the cart, the drawer and the cart page offer the ottoman in one
 * click, and it shows as Free with the totals to match. Nothing fails along the way.
 */

/** Every failed call and console error of the page, from now on. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on("response", (res) => {
    if (res.status() >= 400) failures.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on("requestfailed", (req) => {
    // A navigation away cancels what the page was still loading; that is not a failure.
    if (req.failure()?.errorText === "net::ERR_ABORTED") return;
    failures.push(`failed ${req.method()} ${req.url()}: ${req.failure()?.errorText}`);
  });
  page.on("console", (msg) => {
    if (msg.type() === "error") failures.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => failures.push(`page error: ${err.message}`));
  return failures;
}

const isCouch = (p: BlobProduct) => p.categories.some((c) => c.slug === "couches");

async function screenshotForReadme(page: Page, name: string) {
  if (process.env.README_SCREENSHOTS !== "1") return;
  const file = path.join("docs", "images", `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
}

test.describe("the free-ottoman offer", () => {
  test("the menu's link opens the offer's page: its terms and the couches it comes with", async ({
    page,
    catalogue,
  }, testInfo) => {
    const failures = watchFailures(page);
    await page.goto("/");
    if (testInfo.project.name === "phone") {
      await page.getByRole("banner").getByLabel("Menu").click();
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Get a Free Ottoman" }).click();
    } else {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Get a Free Ottoman" }).click();
    }
    await expect(page).toHaveURL(/\/free-ottoman$/);
    // The phone menu closes behind the link it opened.
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get a Free Ottoman with every couch");
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    const terms = page.getByTestId("offer-terms");
    await expect(terms).toContainText("One free Pebble Ottoman for each couch in your order");
    await expect(terms).toContainText("There is no code to type");
    await expect(terms).toContainText("One promotion per order");
    await expect(page.getByTestId("offer-page")).toContainText(`worth ${rands(pebble.price).replace(/,00$/, "")}`);
    const couches = catalogue.filter(isCouch);
    await expect(page.locator("[data-testid=product-card]:visible")).toHaveCount(couches.length);
    // A full head for search engines and link previews.
    await expect(page).toHaveTitle(/^Get a Free Ottoman with every couch \S+ Kaya Living$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/free-ottoman$/);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(/\/og\/free-ottoman$/);
    const og = await page.request.get(new URL(image!, page.url()).pathname);
    expect([og.status(), og.headers()["content-type"]]).toEqual([200, "image/png"]);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/free-ottoman<\/loc>/);
    await snap(page, testInfo, "free-ottoman");
    await expectAccessible(page);
    expect(failures).toEqual([]);
  });

  test("a couch in the cart: the ottoman is offered in one click, in the drawer and on the cart page, and is free", async ({
    page,
    catalogue,
  }, testInfo) => {
    test.slow();
    const failures = watchFailures(page);
    const pebble = catalogue.find((p) => p.slug === "pebble-ottoman")!;
    const couch = catalogue.find((p) => isCouch(p) && inStockVariation(p))!;
    const variation = inStockVariation(couch);

    // home -> category -> product, as a shopper walks it.
    await page.goto("/");
    await page.locator("main a:visible", { hasText: "Shop couches" }).click();
    await expect(page).toHaveURL(/\/product-category\/couches$/);
    const shop = new ProductPage(page);
    await shop.open(couch, variation.attributes);
    await shop.add();

    // The drawer offers the ottoman, struck through and Free.
    const drawer = shop.drawer.dialog;
    const offer = drawer.getByTestId("free-offer");
    await expect(offer).toContainText("Your Pebble Ottoman is free");
    expect(normaliseSpaces(await offer.textContent())).toContain(`${rands(pebble.price)} Free with your couch`);
    await screenshotForReadme(page, `free-ottoman-${testInfo.project.name}`);
    await expectAccessible(page);
    await offer.getByRole("button", { name: "Add the free Pebble Ottoman" }).click();

    const ottomanLine = drawer.locator("[data-testid=cart-line][data-name='Pebble Ottoman']");
    await expect(ottomanLine.getByTestId("line-free")).toHaveText("Free");
    await expect(offer).toHaveCount(0);
    expect(normaliseSpaces(await drawer.getByTestId("discount").textContent())).toBe(`-${rands(pebble.price)}`);
    expect(normaliseSpaces(await drawer.getByTestId("total").textContent())).toBe(rands(variation.price));
    expect(normaliseSpaces(await drawer.getByTestId("subtotal").textContent())).toBe(
      rands(Number(variation.price) + Number(pebble.price)),
    );

    // The cart page: taking the ottoman out brings the offer back there, with no notice beside it.
    await drawer.getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const cart = new CartPage(page);
    await expect(cart.line("Pebble Ottoman").getByTestId("line-free")).toHaveText("Free");
    await page.getByRole("button", { name: "Remove Pebble Ottoman" }).click();
    await expect(cart.line("Pebble Ottoman")).toHaveCount(0);
    const pageOffer = page.locator("main [data-testid=free-offer]");
    await expect(pageOffer).toBeVisible();
    await expect(page.getByTestId("cart-notice")).toHaveCount(0);
    await pageOffer.getByRole("button", { name: "Add the free Pebble Ottoman" }).click();
    await expect(cart.line("Pebble Ottoman").getByTestId("line-free")).toHaveText("Free");
    expect(normaliseSpaces(await page.locator("main").getByTestId("total").textContent())).toBe(rands(variation.price));
    // The cart page keeps the shopper there: no drawer opens over it.
    await expect(shop.drawer.dialog).toBeHidden();
    await expect(page.getByTestId("applied-coupon")).toContainText("FREEOTTOMAN");
    await expectAccessible(page);

    // With only the ottoman left, the message asks for a couch, in good English.
    await page.getByRole("button", { name: `Remove ${couch.name}` }).click();
    await expect(page.getByTestId("cart-notice")).toHaveText(
      "Promo code FREEOTTOMAN has come off your cart. Add a couch to your cart to get this offer.",
    );
    await expect(page.locator("main [data-testid=free-offer]")).toHaveCount(0);
    expect(failures).toEqual([]);
  });
});
