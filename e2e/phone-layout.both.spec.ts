import type { Locator, Page } from "@playwright/test";
import { ProductPage, inStockVariation } from "./fixtures/cart";
import { CheckoutPage, OrderPage, buyerEmail } from "./fixtures/checkout";
import { expect, settle, snap, test, warmDatabase, type BlobProduct } from "./fixtures/shop";

/**
 * The shop on a phone and from the keyboard, and what a shopper checks before trusting it with a
 * large order: no sideways scrolling at common phone widths, product tabs and a buy bar that fit,
 * notifications clear of the header, a visible focus ring on every dark button, the company's
 * details, a WhatsApp link, this year's date and a clean console.
 */
warmDatabase();

const WIDTHS = [360, 390, 414] as const;

function firstInStock(catalogue: BlobProduct[]) {
  return catalogue.find((p) => p.stock_status === "instock" && inStockVariation(p))!;
}

async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && el.checkVisibility())
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
}

test.describe("phone layout", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "phone widths are set per test");
  });

  test("no page type scrolls sideways at 360, 390 or 414 px", async ({ page, catalogue }) => {
    test.setTimeout(420_000);
    const product = firstInStock(catalogue);
    const shop = new ProductPage(page);
    await shop.addAndClose(product, inStockVariation(product).attributes);
    const email = `phone.${Date.now().toString(36)}@example.co.za`;
    const made = await page.request.post("/api/register", {
      data: { email, password: "Phone-Layout-2026", first_name: "Lindiwe", last_name: "Dube" },
    });
    expect(made.ok()).toBe(true);
    const articles = await page.request.get("/blog");
    const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(await articles.text())![1];
    const pages: Array<[string, string, Locator | null]> = [
      ["home", "/", page.getByRole("heading", { level: 1 })],
      ["category", "/product-category/couches", page.getByRole("heading", { level: 1, name: "Couches" })],
      ["product", `/product/${product.slug}`, page.getByTestId("buy-box")],
      ["article", article!, page.getByRole("heading", { level: 1 })],
      ["info page", "/info/shipping-and-returns", page.getByRole("heading", { level: 1 })],
      ["cart", "/cart", page.locator("main [data-testid=cart-line]").first()],
      ["checkout", "/checkout", page.getByTestId("checkout-form")],
      ["login", "/login", page.getByRole("heading", { level: 1 })],
      ["create-account", "/create-account", page.getByRole("heading", { level: 1 })],
      ["my-account", "/my-account", page.getByRole("heading", { level: 1, name: /Hello, Lindiwe/ })],
      ["404", "/no-such-page-anywhere", page.getByRole("heading", { level: 1 })],
    ];
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const [name, path, ready] of pages) {
        await page.goto(path);
        if (ready) await expect(ready).toBeVisible();
        await page.waitForLoadState("load");
        const o = await overflow(page);
        if (o.scrollWidth > o.clientWidth) {
          problems.push(`${name} at ${width}px: ${o.scrollWidth} > ${o.clientWidth} (${o.wide.join(" | ")})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test("the cart drawer fills the phone's width and height", async ({ page, catalogue }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const product = firstInStock(catalogue);
    const shop = new ProductPage(page);
    await shop.open(product, inStockVariation(product).attributes);
    await shop.add();
    const box = (await shop.drawer.dialog.boundingBox())!;
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.width)).toBe(360);
    expect(Math.round(box.y + box.height)).toBe(740);
    await expect(shop.drawer.dialog.getByRole("link", { name: "Checkout" })).toBeInViewport({ ratio: 1 });
  });

  test("the product tabs fit or scroll, and a sticky bar adds to the cart once the button is out of view", async ({
    page,
    catalogue,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const product = firstInStock(catalogue);
    const shop = new ProductPage(page);
    await shop.open(product, inStockVariation(product).attributes);
    const tabs = page.getByRole("tablist", { name: "Product information" });
    for (const name of ["Features", "Specs & Sizes", "Shipping & Returns", "Warranty & Care"]) {
      const tab = tabs.getByRole("tab", { name });
      await tab.scrollIntoViewIfNeeded();
      await expect(tab).toBeInViewport({ ratio: 1 });
    }
    const tabsBox = (await tabs.boundingBox())!;
    expect(tabsBox.x).toBeGreaterThanOrEqual(0);
    expect(tabsBox.x + tabsBox.width).toBeLessThanOrEqual(390);

    const sticky = page.getByTestId("sticky-add-to-cart");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(sticky).toBeHidden();
    // Scrolls the main button just past the top edge.
    await shop.addButton().evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom + 20));
    await expect(shop.addButton()).not.toBeInViewport();
    await expect(sticky).toBeVisible();
    await expect(sticky).toContainText(product.name);
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(sticky).toBeInViewport({ ratio: 1 });
    await snap(page, testInfo, "product-390");
    await page.screenshot({ path: `e2e/artifacts/${testInfo.project.name}-product-390-viewport.png` });
    await sticky.getByRole("button", { name: "Add to cart" }).click();
    await expect(shop.drawer.dialog).toBeVisible();
    await expect(shop.drawer.lines()).toHaveCount(1);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });
});

test("notifications never cover the header's cart or account links", async ({ page, catalogue }) => {
  const product = firstInStock(catalogue);
  const shop = new ProductPage(page);
  await shop.open(product, inStockVariation(product).attributes);
  await shop.add();
  const toastBox = (await page.getByTestId("toast").first().boundingBox())!;
  const header = page.locator("header").first();
  for (const target of [header.getByTestId("cart-button"), header.getByTestId("account-link")]) {
    const visible = target.locator("visible=true").first();
    if (!(await visible.count())) continue;
    const b = (await visible.boundingBox())!;
    const overlaps =
      toastBox.x < b.x + b.width &&
      b.x < toastBox.x + toastBox.width &&
      toastBox.y < b.y + b.height &&
      b.y < toastBox.y + toastBox.height;
    expect(overlaps, `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(b)}`).toBe(false);
  }
});

type Rgb = [number, number, number, number];
const parse = (c: string): Rgb => {
  const n = c.match(/[\d.]+/g)!.map(Number);
  return [n[0]!, n[1]!, n[2]!, n[3] ?? 1];
};
const luminance = ([r, g, b]: Rgb) => {
  const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** Reaches the control from the keyboard, as a shopper does: from the control before it, with Tab. */
async function tabTo(page: Page, control: Locator) {
  // The page has its code (a part still hydrating may be drawn again, and focus with it).
  await page.waitForLoadState("networkidle");
  await expect(control).toBeEnabled();
  await control.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(control).toBeFocused();
}

/** The focus ring and the colour behind the control (the nearest opaque background). */
async function focusRing(control: Locator) {
  return control.evaluate((el) => {
    const s = getComputedStyle(el);
    let bg = "rgb(255, 255, 255)";
    for (let p = el.parentElement; p; p = p.parentElement) {
      const c = getComputedStyle(p).backgroundColor;
      if (c !== "transparent" && !/,\s*0\)$/.test(c)) {
        bg = c;
        break;
      }
    }
    return {
      focusVisible: el.matches(":focus-visible"),
      outlineStyle: s.outlineStyle,
      outlineWidth: parseFloat(s.outlineWidth),
      outlineColor: s.outlineColor,
      boxShadow: s.boxShadow,
      background: bg,
    };
  });
}

async function expectVisibleFocus(page: Page, control: Locator) {
  await tabTo(page, control);
  const ring = await focusRing(control);
  expect(ring.focusVisible).toBe(true);
  expect(ring.outlineStyle).not.toBe("none");
  expect(ring.outlineWidth).toBeGreaterThanOrEqual(2);
  const colour = parse(ring.outlineColor);
  expect(colour[3], "outline is not transparent").toBe(1);
  expect(contrast(colour, parse(ring.background)), `${ring.outlineColor} on ${ring.background}`).toBeGreaterThanOrEqual(
    3,
  );
}

test.describe("keyboard focus", () => {
  test("the dark buttons show a focus ring that stands out from the page", async ({ page, catalogue }) => {
    const product = firstInStock(catalogue);
    const shop = new ProductPage(page);
    await shop.open(product, inStockVariation(product).attributes);
    await expectVisibleFocus(page, shop.addButton());
    await shop.add();
    await expectVisibleFocus(page, shop.drawer.dialog.getByRole("link", { name: "Checkout" }));
    await shop.drawer.close();
    await page.goto("/checkout");
    await expectVisibleFocus(page, page.getByTestId("pay-now"));
    await page.goto("/");
    await expectVisibleFocus(page, page.locator("main").getByRole("link", { name: "Shop couches" }));
    await expectVisibleFocus(page, page.getByTestId("newsletter-footer").getByRole("button", { name: "Subscribe" }));
  });
});

test.describe("trust", () => {
  test("the footer names the company, its address, hours, payment methods and this year", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    const footer = page.locator("footer").last();
    const company = footer.getByTestId("company-details");
    await expect(company).toContainText("Kaya Living (Pty) Ltd");
    await expect(company).toContainText(/Reg\. no\. \d{4}\/\d{6}\/07/);
    await expect(company).toContainText(/VAT no\. 4\d{9}/);
    await expect(company).toContainText("Cape Town");
    await expect(company).toContainText(/Mon.+Fri/);
    const methods = footer.getByRole("list", { name: "Payment methods we accept" }).getByRole("listitem");
    await expect(methods).toHaveText(["PayFast", "Bank transfer", "FinChoice", "PayJustNow", "Ozow"]);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Kaya Living`);
    if (testInfo.project.name === "phone") {
      await page.setViewportSize({ width: 390, height: 844 });
      await settle(page);
      // From the whole page, so the sticky header does not cover it.
      const box = (await footer.boundingBox())!;
      await page.screenshot({
        path: `e2e/artifacts/${testInfo.project.name}-footer-390.png`,
        fullPage: true,
        clip: box,
      });
    }
  });

  test("the contact and about pages give the address, registration and hours", async ({ page }) => {
    for (const path of ["/info/contact-us", "/info/about-us"]) {
      await page.goto(path);
      const details = page.locator("main").getByTestId("company-details");
      await expect(details).toContainText("Kaya Living (Pty) Ltd");
      await expect(details).toContainText(/VAT no\. 4\d{9}/);
      await expect(details).toContainText(/Showroom|Workshop/);
    }
  });

  test("WhatsApp links name the product or the order and open a chat with the shop", async ({
    page,
    catalogue,
  }, testInfo) => {
    const product = firstInStock(catalogue);
    await page.goto(`/product/${product.slug}`);
    const link = page
      .locator("main")
      .getByRole("link", { name: /WhatsApp/ })
      .first();
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.origin).toBe("https://wa.me");
    expect(href.pathname).toMatch(/^\/27\d{9}$/);
    expect(href.searchParams.get("text")).toContain(product.name);
    await page.goto("/info/contact-us");
    const contact = page
      .locator("main")
      .getByRole("link", { name: /WhatsApp/ })
      .first();
    expect(new URL((await contact.getAttribute("href"))!).origin).toBe("https://wa.me");

    const shop = new ProductPage(page);
    await shop.addAndClose(product, inStockVariation(product).attributes);
    const checkout = new CheckoutPage(page);
    await checkout.open();
    await checkout.fillDetails(buyerEmail(testInfo, "whatsapp"));
    await checkout.choose(/Direct bank transfer/);
    await checkout.payNow();
    const order = new OrderPage(page);
    await order.expectHere();
    const number = (await order.reference().textContent())!.trim();
    const chat = new URL((await page.locator("main").getByTestId("whatsapp-link").getAttribute("href"))!);
    expect(chat.origin).toBe("https://wa.me");
    expect(chat.searchParams.get("text")).toContain(number);
  });

  test("a missing page logs no error in the console and no page but home preloads the hero", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && !/status of 404/.test(m.text())) errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    const res = await page.goto("/no-such-page-anywhere");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    const heroPreloads = () => page.locator('link[rel=preload][href*="hero"]').count();
    expect(await heroPreloads()).toBe(0);
    await page.goto("/info/about-us");
    await page.waitForLoadState("networkidle");
    expect(await heroPreloads()).toBe(0);
    expect(errors).toEqual([]);
    await page.goto("/");
    expect(await heroPreloads()).toBe(1);
  });
});
