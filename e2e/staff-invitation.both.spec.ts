import fs from "node:fs";
import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { AdminPage, signInAsStaff } from "./fixtures/admin";
import { latestMail } from "./fixtures/mail";
import { expect, expectAccessible, rememberConsent, test, warmDatabase } from "./fixtures/shop";

/**
 * Staff access by invitation, end to end: the owner invites an address from the staff page, the
 * invitation arrives by e-mail, its link lets the invited person choose a password and lands
 * them in the back office with their role; the same link then only says it was used.
 */
warmDatabase();

const INVITATION_KIND = "staff-invitation";
const PASSWORD = "Workshop-Bench-Oak-42";

const inviteeEmail = (testInfo: TestInfo, what: string) =>
  `new.hire.${what}.${testInfo.project.name}.${Date.now().toString(36)}@example.co.za`;

/** A browser of its own, the project's size, so the owner and the invitee share no cookie. */
async function ownBrowser(browser: Browser, testInfo: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
  await rememberConsent(context);
  return context;
}

/** The page at a phone's width and a wide screen's, under e2e/artifacts for a look. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name !== "desktop") return;
  const before = page.viewportSize();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => document.fonts.ready);
    const file = path.join("e2e", "artifacts", `${name}-${width}.png`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
    await testInfo.attach(`${name} at ${width}px`, { path: file, contentType: "image/png" });
  }
  if (before) await page.setViewportSize(before);
}

async function invite(admin: AdminPage, email: string, role: "staff" | "admin" = "staff") {
  const form = admin.main.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.toast(`${email} was invited`)).toBeVisible();
  await expect(admin.main.getByTestId("pending-invitation").filter({ hasText: email })).toBeVisible();
}

async function invitationLink(email: string): Promise<string> {
  const mail = await latestMail(email, INVITATION_KIND);
  const link = /https?:\/\/\S+\/staff-invitation#token=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, "the invitation e-mail carries its link").toBeTruthy();
  return link!;
}

test("the owner invites someone, who accepts from the e-mail and lands in the back office as staff", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = inviteeEmail(testInfo, "accept");

  const admin = await signInAsStaff(page);
  await admin.open("Staff", testInfo);
  await expect(admin.heading("Staff")).toBeVisible();
  await invite(admin, email);
  await expectAccessible(page);
  await admin.expectNoSidewaysScroll();
  await shots(page, testInfo, "staff-page-pending");

  const mail = await latestMail(email, INVITATION_KIND);
  expect(mail.subject).toContain("back office");
  expect(mail.text).toContain("South African time");
  const link = await invitationLink(email);

  const inviteeContext = await ownBrowser(browser, testInfo);
  try {
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link);
    const form = invitee.getByTestId("staff-invitation-form");
    await expect(form).toBeVisible();
    await expect(invitee.getByTestId("invitation-summary")).toContainText("as Staff");
    // The token leaves the address bar as soon as the page has read it.
    await expect(invitee).toHaveURL(/\/staff-invitation$/);
    await expect(form.getByText(email)).toBeVisible();
    await expectAccessible(invitee);
    await shots(invitee, testInfo, "staff-invitation-accept");

    await form.getByLabel("Choose a password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("First name").fill("Lwazi");
    await form.getByRole("button", { name: "Accept and open the back office" }).click();
    await expect(invitee).toHaveURL(/\/admin$/);
    const staffView = new AdminPage(invitee);
    await expect(staffView.heading("Dashboard")).toBeVisible();
    // The staff role's view: the shop's work, but not staff management or the audit log.
    const menu = invitee.getByRole("button", { name: "Menu" });
    if (await menu.isVisible()) await menu.click();
    await expect(staffView.nav.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
    await expect(staffView.nav.getByRole("link", { name: "Staff", exact: true })).toHaveCount(0);
    await expect(staffView.nav.getByRole("link", { name: "Audit log", exact: true })).toHaveCount(0);

    // The same link again only says it was used.
    await invitee.goto(link);
    const refused = invitee.getByTestId("invitation-refused");
    await expect(refused).toContainText("already been used");
    await expect(refused.getByRole("heading", { name: "This invitation link does not work" })).toBeFocused();
    await expectAccessible(invitee);
    await shots(invitee, testInfo, "staff-invitation-used");
  } finally {
    await inviteeContext.close();
  }

  await page.reload();
  await expect(admin.main.getByTestId("pending-invitation").filter({ hasText: email })).toHaveCount(0);
  const staffList = admin.main.getByRole("region", { name: "Staff", exact: true });
  await expect(staffList.getByRole("cell", { name: email, exact: true })).toBeVisible();

  // The new member's role changes from their row.
  const role = staffList.getByLabel(`Role of ${email}`, { exact: true });
  await expect(role).toHaveValue("staff");
  await role.selectOption("admin");
  await staffList.getByRole("button", { name: `Change the role of ${email}` }).click();
  await expect(admin.toast(`${email} is now admin.`)).toBeVisible();
  await page.reload();
  await expect(staffList.getByLabel(`Role of ${email}`, { exact: true })).toHaveValue("admin");
});

test("a withdrawn invitation's link says so", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const email = inviteeEmail(testInfo, "withdrawn");
  const admin = await signInAsStaff(page);
  await admin.goto("/admin/staff");
  await invite(admin, email);
  const link = await invitationLink(email);

  const row = admin.main.getByTestId("pending-invitation").filter({ hasText: email });
  const withdraw = row.getByRole("button", { name: `Withdraw the invitation to ${email}` });
  await withdraw.click();
  await expect(withdraw).toHaveAttribute("aria-expanded", "true");
  const confirm = row.getByRole("button", { name: "Yes, withdraw" });
  await expect(confirm).toBeFocused();
  await expectAccessible(page);
  // "Keep it" changes nothing and gives the focus back.
  await row.getByRole("button", { name: "Keep it" }).click();
  await expect(withdraw).toBeFocused();
  await withdraw.click();
  await confirm.click();
  await expect(admin.toast(`The invitation to ${email} was withdrawn`)).toBeVisible();
  await expect(row).toHaveCount(0);

  const context = await ownBrowser(browser, testInfo);
  try {
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(invitee.getByTestId("invitation-refused")).toContainText("was withdrawn");
    await expect(invitee.getByTestId("invitation-refused")).toContainText("ask the shop owner for a new invitation");
  } finally {
    await context.close();
  }
});
