import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAccessible, snap, test } from "./fixtures/shop";

/**
 * Customer accounts in the browser: sign-up, sign-out, sign-in, the account pages, changing the
 * password, and resetting a forgotten one with the code read from the outbox the way the README
 * tells a developer to (`npm run mail:outbox`).
 */
const run = promisify(execFile);
const FIRST_PASSWORD = "Stoep-Sunset-1981";
const SECOND_PASSWORD = "Karoo-Kettle-Boils-7";

function newEmail(testInfo: TestInfo, what: string): string {
  return `e2e.${what}.${testInfo.project.name}.${Date.now().toString(36)}@example.co.za`;
}

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title });
/** Next keeps pages visited before mounted but hidden, so a form is looked up among visible ones. */
const form = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

/** The header's account link: in the bar on wide screens, in the menu (opened if need be) on a phone. */
async function accountLink(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name !== "phone") return page.getByTestId("account-link");
  const menu = page.locator("header details");
  if (!(await menu.evaluate((d: HTMLDetailsElement) => d.open))) await page.getByLabel("Menu").click();
  return page.getByTestId("account-link-menu");
}

async function expectAccountLink(page: Page, testInfo: TestInfo, label: RegExp) {
  await expect(await accountLink(page, testInfo)).toHaveText(label);
  if (testInfo.project.name === "phone") await page.getByLabel("Menu").click(); // fold the menu away again
}

async function logIn(page: Page, email: string, password: string) {
  const login = form(page, "login-form");
  await expect(login.getByRole("button", { name: "Login" })).toBeEnabled(); // hydrated, address offered
  await login.getByLabel("Email address").fill(email);
  await login.getByLabel("Password", { exact: true }).fill(password);
  await login.getByRole("button", { name: "Login" }).click();
}

/** The latest reset code for an address, printed by `npm run mail:outbox` while the shop runs. */
async function codeFromOutbox(email: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const { stdout } = await run("npm", ["run", "--silent", "mail:outbox", "--", "--to", email, "--limit", "1"], {
      env: { ...process.env, PGLITE_DIR: ".data/e2e/pglite", DATABASE_URL: "" },
    });
    const code = /Your code: (\d{6})/.exec(stdout)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no reset code for ${email} in the outbox`);
}

test.describe("customer accounts", () => {
  test("register -> log out -> log in -> my account -> change password -> log in with the new one", async ({ page }, testInfo) => {
    test.slow(); // a long journey with an accessibility scan on each page
    const email = newEmail(testInfo, "register");

    // A visitor's account link leads to the login page, which leads to sign-up.
    await page.goto("/");
    const link = await accountLink(page, testInfo);
    await expect(link).toHaveText(/Login/);
    await link.click();
    await expect(page).toHaveURL(/\/login\?next=%2Fmy-account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    await snap(page, testInfo, "login");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/create-account$/);
    const signUp = form(page, "register-form");
    await signUp.getByLabel("First name").fill("Thandi");
    await signUp.getByLabel("Last name").fill("Mokoena");
    await signUp.getByLabel("Email address").fill(email);
    await signUp.getByLabel("Phone").fill("082 555 0101");
    // A common password is refused, with the reason beside the field.
    await signUp.getByLabel("Password", { exact: true }).fill("password123");
    await signUp.getByRole("button", { name: "Create account" }).click();
    await expect(signUp.getByText(/one of the most common/)).toBeVisible();
    await snap(page, testInfo, "create-account");
    await expectAccessible(page);

    await signUp.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
    await signUp.getByRole("button", { name: "Create account" }).click();
    await expect(toast(page, "Account created")).toBeVisible();
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Thandi" })).toBeVisible();
    await expect(page.getByTestId("account-name")).toHaveText("Thandi Mokoena");
    await expectAccountLink(page, testInfo, /My account/);
    await snap(page, testInfo, "my-account");
    await expectAccessible(page);

    // The customer store keeps what SPEC section 3 lists, never the password.
    const stored = await page.evaluate(() => localStorage.getItem("kaya-customer") ?? "");
    expect(stored).toContain(email);
    expect(stored).not.toContain(FIRST_PASSWORD);

    // Logging out on an account page goes home.
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/$/);
    await expectAccountLink(page, testInfo, /Login/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("kaya-customer") ?? "{}").state?.customer ?? null)).toBeNull();

    // The account pages now send a visitor to log in, and back afterwards.
    await page.goto("/my-account/orders");
    await expect(page).toHaveURL(/\/login\?next=%2Fmy-account%2Forders$/);
    await logIn(page, email, "Wrong-Password-1");
    await expect(toast(page, "Incorrect Email or Password")).toBeVisible();
    await expect(form(page, "login-form").getByTestId("form-error")).toHaveText("Incorrect Email or Password");
    await logIn(page, email, FIRST_PASSWORD);
    await expect(toast(page, "Login success")).toBeVisible();
    await expect(page).toHaveURL(/\/my-account\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
    await expect(page.getByTestId("no-orders")).toBeVisible();
    await snap(page, testInfo, "orders");
    await expectAccessible(page);

    // Somebody else's (or no) order is a real 404.
    const missing = await page.goto("/my-account/view-order/999999");
    expect(missing?.status()).toBe(404);

    // Change the password; the old one stops working, the new one signs in.
    await page.goto("/my-account");
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Change password" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
    const change = form(page, "change-password-form");
    await change.getByLabel("Current password", { exact: true }).fill("Not-My-Password-1");
    await change.getByLabel("New password", { exact: true }).fill(SECOND_PASSWORD);
    await change.getByRole("button", { name: "Change password" }).click();
    await expect(change.getByText("Your current password is incorrect")).toBeVisible();
    await change.getByLabel("Current password", { exact: true }).fill(FIRST_PASSWORD);
    await change.getByLabel("New password", { exact: true }).fill(SECOND_PASSWORD);
    await change.getByRole("button", { name: "Change password" }).click();
    await expect(toast(page, "Password Change Success")).toBeVisible();
    await expect(change.getByLabel("New password", { exact: true })).toHaveValue("");
    await snap(page, testInfo, "change-password");
    await expectAccessible(page);

    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/login");
    await logIn(page, email, FIRST_PASSWORD);
    await expect(form(page, "login-form").getByTestId("form-error")).toHaveText("Incorrect Email or Password");
    await logIn(page, email, SECOND_PASSWORD);
    await expect(toast(page, "Login success")).toBeVisible();
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Thandi" })).toBeVisible();
  });

  test("forgot password: a code from the outbox sets a new one", async ({ page, request }, testInfo) => {
    test.skip(Boolean(process.env.E2E_BASE_URL), "reads the outbox of the server this suite starts");
    const email = newEmail(testInfo, "reset");
    const created = await request.post("/api/register", {
      data: { email, password: FIRST_PASSWORD, first_name: "Pieter", last_name: "van Wyk" },
    });
    expect(created.status()).toBe(201);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    const forgot = form(page, "forgot-password-form");
    await expect(forgot.getByRole("button", { name: "Send me a code" })).toBeEnabled();
    const address = forgot.getByLabel("Email address");
    await address.fill("thandi@example"); // the browser's check lets it through; the shop's does not
    await forgot.getByRole("button", { name: "Send me a code" }).click();
    await expect(forgot.getByText("Invalid email")).toBeVisible();
    await address.fill(email);
    await snap(page, testInfo, "forgot-password");
    await expectAccessible(page);
    await forgot.getByRole("button", { name: "Send me a code" }).click();
    await expect(toast(page, "Email Sent")).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);
    const reset = form(page, "reset-password-form");
    await expect(reset.getByLabel("Email address")).toHaveValue(email);

    const code = await codeFromOutbox(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await reset.getByLabel("6-digit code").fill(wrong);
    await reset.getByLabel("New password", { exact: true }).fill(SECOND_PASSWORD);
    await reset.getByRole("button", { name: "Set new password" }).click();
    await expect(toast(page, "That code is incorrect or has expired")).toBeVisible();
    await expect(reset.getByText("Incorrect or expired code")).toBeVisible();
    await snap(page, testInfo, "reset-password");
    await expectAccessible(page);

    await reset.getByLabel("6-digit code").fill(code);
    await reset.getByRole("button", { name: "Set new password" }).click();
    await expect(toast(page, "Password Change Success")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(form(page, "login-form").getByLabel("Email address")).toHaveValue(email);
    await logIn(page, email, SECOND_PASSWORD);
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Pieter" })).toBeVisible();
  });
});
