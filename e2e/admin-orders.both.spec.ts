import fs from "node:fs";
import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { AdminPage, signInAsStaff } from "./fixtures/admin";
import { CartDrawer } from "./fixtures/cart";
import { buyerEmail, CheckoutPage, OrderPage } from "./fixtures/checkout";
import { latestMail } from "./fixtures/mail";
import { expect, expectAccessible, normaliseSpaces, rememberConsent, test, warmDatabase } from "./fixtures/shop";

/**
 * The back office's orders, end to end: a shopper's bank transfer waits on hold until staff record
 * the money, and the shopper sees the change on their order page and in their mailbox.
 */
warmDatabase();

/** The back office in a browser of its own, the same size as the shopper's, so nobody shares a cookie. */
async function staffBrowser(browser: Browser, testInfo: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
  await rememberConsent(context);
  return context;
}

/** With README_SCREENSHOTS=1, the screen as it is (not the whole page) for the README. */
async function readmeShot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.README_SCREENSHOTS !== "1") return;
  const file = path.join("docs", "images", `${name}-${testInfo.project.name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, scale: "css", animations: "disabled" });
}

async function placeBankTransferOrder(page: Page, email: string): Promise<string> {
  await page.goto("/product/pebble-ottoman");
  await page.getByTestId("buy-box").getByTestId("add-to-cart").click();
  await expect(new CartDrawer(page).dialog).toBeVisible();
  const checkout = new CheckoutPage(page);
  await checkout.open();
  await checkout.fillDetails(email);
  await checkout.choose(/Direct bank transfer/);
  await checkout.payNow();
  const order = new OrderPage(page);
  await order.expectHere();
  await order.expectStatus("on-hold");
  return normaliseSpaces(await order.reference().textContent());
}

test("staff record a bank transfer and the customer sees the order processing", async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const email = buyerEmail(testInfo, "admin");
  const number = await placeBankTransferOrder(page, email);
  const customerOrder = new OrderPage(page);

  const staffContext = await staffBrowser(browser, testInfo);
  const staffPage = await staffContext.newPage();
  const admin = await signInAsStaff(staffPage);
  await expect(admin.heading("Dashboard")).toBeVisible();
  await expect(admin.main.getByRole("link", { name: /On hold/ })).toBeVisible();
  await expectAccessible(staffPage);
  await admin.expectNoSidewaysScroll();

  // The order is found from the list of those on hold, and by its number.
  await admin.open("Orders", testInfo);
  await expect(admin.heading("Orders")).toBeVisible();
  await staffPage
    .getByRole("navigation", { name: "Orders by status" })
    .getByRole("link", { name: /On hold/ })
    .click();
  await expect(staffPage).toHaveURL(/status=on-hold/);
  await expect(admin.orderRow(number)).toBeVisible();
  await expectAccessible(staffPage);
  await admin.expectNoSidewaysScroll();
  await admin.openOrder(number);
  await expect(admin.status()).toHaveText("On hold");
  await expect(admin.main.getByText(email).first()).toBeVisible();
  await expectAccessible(staffPage);
  await admin.expectNoSidewaysScroll();

  await admin.orderAction("Mark payment received", { Note: "Seen in the FNB account" });
  await expect(admin.toast(`Payment recorded: order ${number} is processing`)).toBeVisible();
  await expect(admin.status()).toHaveText("Processing");
  const history = admin.main.getByRole("list", { name: "Status history" });
  await expect(history.getByText("On hold → Processing")).toBeVisible();
  await expect(history.getByText("Seen in the FNB account")).toBeVisible();
  await expectAccessible(staffPage);
  const orderPath = new URL(staffPage.url()).pathname;
  await staffPage.reload();
  await expect(admin.status()).toHaveText("Processing");
  await readmeShot(staffPage, testInfo, "admin-order");
  await admin.goto("/admin");
  await expect(admin.heading("Dashboard")).toBeVisible();
  await readmeShot(staffPage, testInfo, "admin-dashboard");
  await admin.goto(orderPath);

  // The customer's own page and mailbox say so.
  await page.reload();
  await customerOrder.expectStatus("processing");
  await expect(customerOrder.banner()).toContainText("your order is in the workshop");
  await expect(page.getByTestId("order-detail").getByTestId("order-status")).toHaveText("Processing");
  const mail = await latestMail(email, "order-paid");
  expect(mail.subject).toBe(`Payment received for order ${number}`);
  expect(mail.text).toContain("Your payment has reached us");

  // Dispatched with a note for the customer.
  await admin.orderAction("Mark dispatched", { "Tracking note": "The Courier Guy, waybill TCG4471203" });
  await expect(admin.toast(`Order ${number} marked dispatched`)).toBeVisible();
  await expect(admin.main.getByText("Tracking: ")).toBeVisible();
  expect((await latestMail(email, "order-dispatched")).text).toContain("TCG4471203");
  await page.reload();
  await expect(customerOrder.banner()).toContainText("Your order is on its way");
  await expect(customerOrder.banner()).toContainText("The Courier Guy, waybill TCG4471203.");
  await expect(customerOrder.banner()).not.toContainText("in the workshop");

  // A page left open while a colleague completed the order cannot complete it again.
  const colleague = await staffContext.newPage();
  await colleague.goto(orderPath);
  const other = new AdminPage(colleague);
  await other.orderAction("Mark completed");
  await expect(other.status()).toHaveText("Completed");
  await admin.orderAction("Mark completed");
  await expect(admin.main.getByTestId("form-error")).toHaveText(
    `Order ${number} changed while you were looking at it: it is now completed. Reload the page to see what happened.`,
  );
  await staffPage.reload();
  await expect(admin.status()).toHaveText("Completed");
  await expect(admin.main.getByRole("button", { name: "Mark completed" })).toHaveCount(0);

  // Part of the money goes back.
  await admin.main.getByRole("button", { name: "Record a refund" }).click();
  await admin.orderAction("Record refund", { "Amount in rands": "150.00", Reason: "A scuff on the left arm" });
  await expect(admin.toast(`Refund recorded on order ${number}`)).toBeVisible();
  await expect(admin.main.getByRole("region", { name: "Refunds" })).toContainText("A scuff on the left arm");

  // The customer's order page tells the whole story.
  await page.reload();
  await customerOrder.expectStatus("completed");
  await expect(page.getByTestId("order-dispatch")).toContainText("The Courier Guy, waybill TCG4471203");
  const refund = page.getByTestId("order-refund");
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText("A scuff on the left arm");
  expect(normaliseSpaces(await refund.locator("dd").textContent())).toBe("−R 150,00");
  await staffContext.close();
});

test("every back-office page fits a 390-pixel phone", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "a phone's width");
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await signInAsStaff(page);
  const firstLink = async (list: string, pattern: RegExp) => {
    await page.goto(list);
    const href = await admin.main.locator("a:visible").evaluateAll((links, source) => {
      const re = new RegExp(source);
      return links.map((a) => a.getAttribute("href") ?? "").find((h) => re.test(h)) ?? null;
    }, pattern.source);
    return href;
  };
  const pages = [
    "/admin",
    "/admin/orders",
    "/admin/products",
    "/admin/products?stock=low",
    "/admin/products?q=couch",
    "/admin/coupons",
    "/admin/coupons/new",
    "/admin/reviews",
    "/admin/marketing",
    "/admin/staff",
    "/admin/audit",
    "/admin/settings",
  ];
  for (const [list, pattern] of [
    ["/admin/orders", /^\/admin\/orders\/\d+$/],
    ["/admin/products", /^\/admin\/products\/\d+$/],
    ["/admin/coupons", /^\/admin\/coupons\/\d+$/],
  ] as const) {
    const href = await firstLink(list, pattern);
    if (href) pages.push(href);
  }
  await page.goto("/admin/marketing");
  for (const tab of await admin.main
    .getByRole("navigation")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))) {
    if (tab.startsWith("/admin/marketing")) pages.push(tab);
  }
  for (const address of pages) {
    await page.goto(address);
    await expect(admin.main.getByRole("heading", { level: 1 })).toBeVisible();
    await admin.expectNoSidewaysScroll();
  }
});
