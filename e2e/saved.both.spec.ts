import fs from "node:fs";
import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { signInAsStaff } from "./fixtures/admin";
import { LoginForm } from "./fixtures/account";
import { expect, expectAccessible, normaliseSpaces, rands, snap, test, type BlobProduct } from "./fixtures/shop";

/**
 * Saved items as a shopper uses them: hearts on a card and on the product page (with the options
 * chosen) fill a guest's list, which moves to the account on sign-in; /saved shows each piece's
 * price now, when saved and the change, adds to the cart, and gives a read-only share link.
 */

const PASSWORD = "Saved-For-Later-2026";

function newEmail(testInfo: TestInfo): string {
  return `e2e.saved.${testInfo.project.name}.${Date.now().toString(36)}@example.co.za`;
}

async function screenshotForReadme(page: Page, name: string) {
  if (process.env.README_SCREENSHOTS !== "1") return;
  const file = path.join("docs", "images", `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
}

/** A simple product's regular price, set through the back office's call as staff would. */
async function setPrice(browser: Browser, productId: number, cents: number) {
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
            body: JSON.stringify({ action: "price", regularPrice: (body.cents / 100).toFixed(2), salePrice: "" }),
          })
        ).status,
      { productId, cents },
    );
    expect(status).toBe(200);
  } finally {
    await context.close();
  }
}

const slugOf = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

test.describe("saved items", () => {
  test("a guest saves from a card and the product page, signs in, and the list moves to the account", async ({
    page,
    browser,
    catalogue,
  }, testInfo) => {
    test.setTimeout(120_000);
    // A simple piece no other spec prices (admin-catalog takes the first two), one per project.
    const simple = catalogue.filter(
      (p) =>
        Object.keys(p.variations).length === 0 &&
        p.slug !== "pebble-ottoman" &&
        p.stock_status === "instock" &&
        p.price === p.regular_price,
    );
    const piece = simple[simple.length - (testInfo.project.name === "phone" ? 2 : 1)]!;
    const couch = catalogue.find(
      (p) =>
        p.slug !== piece.slug && Object.values(p.variations).filter((v) => v.stock_status === "instock").length > 0,
    ) as BlobProduct;
    const variation = Object.values(couch.variations).find((v) => v.stock_status === "instock")!;

    // A heart on a card: the ottomans' page.
    await page.goto(`/product-category/${piece.categories[0]!.slug}`);
    const card = page.locator(`[data-testid=product-card][data-slug="${piece.slug}"]`);
    const cardHeart = card.getByRole("button", { name: `Save ${piece.name}` });
    await expect(cardHeart).toHaveAttribute("aria-pressed", "false");
    await cardHeart.click();
    await expect(cardHeart).toHaveAttribute("aria-pressed", "true");

    // The product page's heart saves the options chosen.
    const query = new URLSearchParams(variation.attributes.map((a) => [slugOf(a.name), slugOf(a.option)]));
    await page.goto(`/product/${couch.slug}?${query}`);
    const options = variation.attributes.map((a) => a.option).join(", ");
    const pageHeart = page.getByTestId("buy-box").getByRole("button", { name: `Save ${couch.name}, ${options}` });
    await pageHeart.click();
    await expect(pageHeart).toHaveAttribute("aria-pressed", "true");

    await page.getByTestId("saved-link").click();
    await expect(page).toHaveURL(/\/saved$/);
    await expect(page.getByRole("heading", { level: 1, name: "Saved items" })).toBeVisible();
    const items = page.getByTestId("saved-item");
    await expect(items).toHaveCount(2);
    const pieceRow = items.filter({ hasText: piece.name });
    expect(normaliseSpaces(await pieceRow.getByTestId("saved-price-now").textContent())).toBe(rands(piece.price));
    expect(normaliseSpaces(await pieceRow.getByTestId("saved-price-then").textContent())).toBe(rands(piece.price));
    await expect(pieceRow.getByTestId("saved-price-change")).toHaveText("No change");
    await expect(items.filter({ hasText: couch.name })).toContainText(variation.attributes[0]!.option);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByText("Your list is kept in this browser.")).toBeVisible();

    // Sign in: the list moves to the account, and the browser's copy goes.
    const email = newEmail(testInfo);
    const created = await page.request.post("/api/register", {
      data: { email, password: PASSWORD, first_name: "Naledi", last_name: "Dube" },
    });
    expect(created.status()).toBe(201);
    await page.context().clearCookies({ name: "kaya_session" });
    const login = new LoginForm(page);
    await login.open();
    await login.logIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/my-account$/);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("kaya_saved")), { message: "the guest list is cleared" })
      .toBe("[]");
    await page.goto("/saved");
    await expect(items).toHaveCount(2);
    await expect(page.getByText("Your list is kept in this browser.")).toBeHidden();

    // The piece's price comes down in the back office: the list shows the change.
    const before = Number(piece.price);
    const lower = before - 10_000;
    try {
      await setPrice(browser, piece.id, lower);
      await page.reload();
      expect(normaliseSpaces(await pieceRow.getByTestId("saved-price-now").textContent())).toBe(rands(lower));
      expect(normaliseSpaces(await pieceRow.getByTestId("saved-price-then").textContent())).toBe(rands(before));
      expect(normaliseSpaces(await pieceRow.getByTestId("saved-price-change").textContent())).toBe(
        `Down ${rands(10_000)}`,
      );
      await snap(page, testInfo, "saved");
      await screenshotForReadme(page, `saved-${testInfo.project.name}`);
      await expectAccessible(page);

      // Add to cart from the list.
      await pieceRow.getByTestId("saved-add-to-cart").click();
      await expect(page.getByTestId("cart-drawer")).toBeVisible();
      await expect(
        page.getByTestId("cart-drawer").getByTestId("cart-line").filter({ hasText: piece.name }),
      ).toBeVisible();
      await page.getByRole("button", { name: "Close cart" }).click();

      // The share link shows the list to anyone, read-only.
      const shareUrl = await page.getByTestId("saved-share-url").inputValue();
      expect(shareUrl).toMatch(/\/saved\/[A-Za-z0-9_-]{32}$/);
      const stranger = await browser.newContext();
      try {
        const other = await stranger.newPage();
        await other.goto(new URL(shareUrl).pathname);
        await expect(other.getByTestId("shared-list").getByTestId("saved-item")).toHaveCount(2);
        await expect(other.getByTestId("shared-list").getByRole("button")).toHaveCount(0);
        await expect(other.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        await expectAccessible(other);
        await other.goto("/saved/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
        await expect(other.getByTestId("shared-invalid")).toBeVisible();
      } finally {
        await stranger.close();
      }

      // Remove takes it off the list for good.
      await pieceRow.getByRole("button", { name: `Remove ${piece.name} from saved items` }).click();
      await expect(items).toHaveCount(1);
      await page.reload();
      await expect(items).toHaveCount(1);
    } finally {
      // The price goes back for the rest of the suite.
      await setPrice(browser, piece.id, before);
    }
  });
});
