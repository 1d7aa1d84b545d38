import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { signInAsStaff } from "./fixtures/admin";
import { latestMail } from "./fixtures/mail";
import { expect, expectAccessible, rememberConsent, snap, test } from "./fixtures/shop";

/**
 * Free fabric swatches: from a product page to the request form with its fabrics ticked, the
 * checkout's messages for a missing address, the confirmation on screen and by e-mail, the
 * 30-day rule for one address, and the request in the back office.
 */
const email = (testInfo: TestInfo) => `swatches.${testInfo.project.name}@kaya-e2e.test`;
const street = (testInfo: TestInfo) => `${testInfo.project.name === "phone" ? 14 : 41} Long Street`;

async function readmeShot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.README_SCREENSHOTS !== "1") return;
  const file = path.join("docs", "images", `${name}-${testInfo.project.name === "phone" ? "phone" : "desktop"}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

async function fillAddress(page: Page, testInfo: TestInfo) {
  const form = page.getByTestId("swatch-form");
  await form.getByLabel("First name").fill("Lerato");
  await form.getByLabel("Last name").fill("Dlamini");
  await form.getByLabel("Email address").fill(email(testInfo));
  await form.getByLabel("Street address").fill(street(testInfo));
  await form.getByLabel("Town / City").fill("Cape Town");
  await form.getByLabel("Postcode").fill("8001");
  await form.getByLabel("Province").selectOption("Western Cape");
}

test.describe("free fabric swatches", () => {
  test("from a product to swatches in the post: fabrics ticked, clear messages, a confirmation, once a month per address", async ({
    page,
  }, testInfo) => {
    await page.goto("/product/eden-2-seater");
    await page.getByTestId("swatch-link").click();
    // The swatches page is rendered per request; with another spec running beside this one, its
    // first render can take longer than the default ten seconds.
    await expect(page).toHaveURL(/\/fabric-swatches\?fabric=/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free fabric swatches");
    const ticked = page.getByTestId("swatch-form").getByRole("checkbox", { checked: true });
    await expect(ticked.first()).toBeVisible();
    const chosen = await ticked.count();
    expect(chosen).toBeGreaterThan(0);
    await expect(page.getByText(`${chosen} of 5 chosen`)).toBeVisible();
    await expectAccessible(page);

    // Nothing but the fabrics: every missing field is listed, and the first one has the focus.
    await page.getByRole("button", { name: "Send my free swatches" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText("Enter your first name");
    await expect(summary).toContainText("Enter a 4-digit postcode");
    await expect(summary).toContainText("Choose your province");
    await expect(page.getByTestId("swatch-form").getByLabel("First name")).toBeFocused();
    await expect(page.getByTestId("error-postcode")).toHaveText("Enter a 4-digit postcode");
    // A field's message goes as soon as the field is changed.
    await page.getByTestId("swatch-form").getByLabel("Postcode").fill("8001");
    await expect(page.getByTestId("error-postcode")).toHaveCount(0);
    await snap(page, testInfo, "swatches-errors");

    // No more than five.
    const boxes = page.getByTestId("swatch-form").getByRole("checkbox");
    for (let i = 0; (await ticked.count()) < 5; i++) {
      if (!(await boxes.nth(i).isChecked())) await boxes.nth(i).check();
    }
    await expect(page.getByText("5 of 5 chosen")).toBeVisible();
    await expect(boxes.and(page.locator(":not(:checked)")).first()).toBeDisabled();
    const names = await page
      .getByTestId("swatch-form")
      .locator("li:has(input:checked) .font-semibold")
      .allTextContents();

    await fillAddress(page, testInfo);
    await readmeShot(page, testInfo, "swatches");
    await page.getByRole("button", { name: "Send my free swatches" }).click();
    const sent = page.getByTestId("swatch-sent");
    await expect(sent).toContainText("Your swatches are on their way");
    await expect(sent).toContainText(names.join(", "));
    await expect(sent).toContainText(email(testInfo));
    await expectAccessible(page);
    const mail = await latestMail(email(testInfo), "swatch-request");
    expect(mail.text).toContain(`these 5 swatches within 2 working days, free: ${names.join(", ")}.`);
    expect(mail.text).toContain("Posting to the address you gave, postcode 8001, Western Cape.");

    // The same address again, in other words: refused with the date it may ask again.
    await page.goto("/fabric-swatches?fabric=oat");
    await fillAddress(page, testInfo);
    await page.getByTestId("swatch-form").getByLabel("Street address").fill(street(testInfo).toUpperCase());
    await page.getByRole("button", { name: "Send my free swatches" }).click();
    await expect(page.getByTestId("error-summary")).toContainText(
      /We sent swatches to this address on \d{1,2} \w+\. You can ask for more from \d{1,2} \w+/,
    );
    await expect(page.getByTestId("swatch-sent")).toHaveCount(0);
  });

  test("staff see the request, post it, and export the list", async ({ browser, page }, testInfo) => {
    // A request of this test's own, through the page a shopper uses.
    await page.goto("/fabric-swatches?fabric=charcoal&fabric=olive");
    const form = page.getByTestId("swatch-form");
    await form.getByLabel("First name").fill("Sipho");
    await form.getByLabel("Last name").fill(`Staffcheck ${testInfo.project.name}`);
    await form.getByLabel("Email address").fill(`staffcheck.${testInfo.project.name}@kaya-e2e.test`);
    await form.getByLabel("Street address").fill(`${testInfo.project.name === "phone" ? 7 : 8} Jan Smuts Avenue`);
    await form.getByLabel("Town / City").fill("Johannesburg");
    await form.getByLabel("Postcode").fill("2196");
    await form.getByLabel("Province").selectOption("Gauteng");
    await page.getByRole("button", { name: "Send my free swatches" }).click();
    await expect(page.getByTestId("swatch-sent")).toBeVisible();

    const context = await browser.newContext();
    await rememberConsent(context);
    const staffPage = await context.newPage();
    const admin = await signInAsStaff(staffPage);
    await admin.goto(`/admin/marketing?tab=swatches&q=${encodeURIComponent(`Staffcheck ${testInfo.project.name}`)}`);
    const card = staffPage.getByTestId("swatch-request");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Charcoal, Olive");
    await expect(card).toContainText("Johannesburg, 2196");
    await card.getByRole("button", { name: "Mark posted" }).click();
    await expect(card).toContainText(/Posted \d/);
    const download = staffPage.waitForEvent("download");
    await staffPage.getByRole("button", { name: /Export 1 as CSV/ }).click();
    const csv = fs.readFileSync(await (await download).path(), "utf8");
    expect(csv).toContain(`Sipho Staffcheck ${testInfo.project.name}`);
    await expectAccessible(staffPage);
    await context.close();
  });
});
