import { expect, expectAccessible, snap, test } from "./fixtures/shop";

/**
 * The site gate, against the second server playwright.config.ts
 * starts with SITE_PASSWORD set.
 */
const GATE_URL = process.env.E2E_GATE_URL;
const SITE_PASSWORD = process.env.E2E_SITE_PASSWORD ?? "";

test.skip(!GATE_URL, "needs the gated server (E2E_GATE_URL)");
test.use({ baseURL: GATE_URL });

test.describe("site gate", () => {
  test.beforeAll(async ({ playwright }) => {
    // The gated server opens (and fills) its database on the first call that needs it: do that
    // here, so the timings below are the gate's own.
    const warm = await playwright.request.newContext({ baseURL: GATE_URL, timeout: 60_000 });
    expect((await warm.post("/api/register", { data: { password: "warming-up" } })).status()).toBe(401);
    await warm.dispose();
  });

  test("every page shows only Site Login until the right password is given", async ({ page }, testInfo) => {
    for (const path of [
      "/",
      "/product/eden-2-seater",
      "/product-category/couches",
      "/my-account",
      "/login",
      "/no/such/page",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Site Login" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect((await page.request.get("/api/products-blob")).status()).toBe(401);
    await snap(page, testInfo, "site-login");
    await expectAccessible(page);

    // A wrong password: the server's message in a notification.
    await page.getByLabel("Password", { exact: true }).fill("open sesame");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Incorrect password" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Site Login" })).toBeVisible();

    // The right one: "Logging in" while busy, then the page that was asked for.
    await page.route("**/api/register", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByLabel("Password", { exact: true }).fill(SITE_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Logging in" })).toBeDisabled();
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();

    await page.goto("/product/eden-2-seater");
    await expect(page.getByRole("heading", { level: 1, name: "Eden 2 Seater" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Couches made in South Africa");
    expect((await page.request.get("/api/products-blob")).status()).toBe(200);
    // Once through, the gate's own screen is not shown again.
    await page.goto("/site-login");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a page's address beside a skipped folder shows Site Login, not the page", async ({ playwright }) => {
    const visitor = await playwright.request.newContext({ baseURL: GATE_URL });
    for (const path of ["/images/about-us", "/_next/about-us", "/favicon.ico.x/contact-us", "/images-x/faqs"]) {
      const res = await visitor.get(path, { maxRedirects: 0 });
      const body = await res.text();
      expect({ path, gate: body.includes("Site Login"), page: /About us|Contact us|FAQs/.test(body) }).toEqual({
        path,
        gate: true,
        page: false,
      });
    }
    await visitor.dispose();
  });

  test("static files, the gate call and payment notifications stay reachable", async ({ playwright }) => {
    const visitor = await playwright.request.newContext({ baseURL: GATE_URL });
    expect((await visitor.get("/images/generated/hero.svg")).status()).toBe(200);
    const gateCall = await visitor.post("/api/register", { data: { password: "wrong" } });
    expect(gateCall.status()).toBe(401);
    expect(await gateCall.json()).toMatchObject({ status: 401, message: "Incorrect password" });
    for (const path of ["/api/payments/payfast/notify", "/checkout/payjustnow/confirmed/abc"]) {
      const res = await visitor.get(path);
      expect(await res.text()).not.toContain("Site Login");
    }
    await visitor.dispose();
  });
});
