import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { TestInfo } from "@playwright/test";
import {
  AccountLink,
  ChangePasswordForm,
  ForgotPasswordForm,
  LoginForm,
  logOut,
  RegisterForm,
  ResetPasswordForm,
} from "./fixtures/account";
import { toast } from "./fixtures/forms";
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
  test("create account: an empty submit lists what to do, focuses the first field, and a fixed field's message goes", async ({
    page,
  }) => {
    const signUp = new RegisterForm(page);
    await signUp.open();
    await signUp.ready();
    // The browser's own bubbles are off: the form shows its problems itself, like the checkout.
    await expect(signUp.root).toHaveAttribute("novalidate", "");
    await signUp.submit();
    const summary = signUp.root.getByTestId("error-summary");
    await expect(summary.getByRole("heading")).toHaveText("There are 4 problems with your details");
    await expect(summary.getByRole("listitem")).toHaveText([
      "Enter your first name",
      "Enter your last name",
      "Enter your e-mail address",
      "Choose a password",
    ]);
    await expect(signUp.field("First name")).toBeFocused();
    await expect(signUp.field("First name")).toHaveAccessibleDescription("Enter your first name");
    await expectAccessible(page);

    await summary.getByRole("link", { name: "Enter your e-mail address" }).click();
    await expect(signUp.field("Email address")).toBeFocused();
    await signUp.field("Email address").fill("thandi@");
    await signUp.field("Email address").blur();
    await expect(summary.getByRole("listitem")).toContainText(["Enter an e-mail address like name@example.co.za"]);
    await signUp.field("First name").fill("Thandi");
    await expect(summary.getByRole("listitem")).toHaveCount(3);
    await expect(signUp.field("First name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("register -> log out -> log in -> my account -> change password -> log in with the new one", async ({
    page,
  }, testInfo) => {
    test.slow(); // a long journey with an accessibility scan on each page
    const email = newEmail(testInfo, "register");

    // A visitor's account link leads to the login page, which leads to sign-up.
    await page.goto("/");
    const account = new AccountLink(page, testInfo);
    const link = await account.link();
    await expect(link).toHaveText(/Login/);
    await link.click();
    await expect(page).toHaveURL(/\/login\?next=%2Fmy-account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    await snap(page, testInfo, "login");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/create-account$/);
    const signUp = new RegisterForm(page);
    // A common password is refused, with the reason beside the field.
    await signUp.register({
      firstName: "Thandi",
      lastName: "Mokoena",
      email,
      phone: "082 555 0101",
      password: "password123",
    });
    // A refusal the server makes shows like the form's own: in the summary and beside the field.
    await expect(signUp.field("Password", true)).toHaveAccessibleDescription(/one of the most common/);
    await expect(signUp.root.getByTestId("error-summary")).toContainText(/one of the most common/);
    await snap(page, testInfo, "create-account");
    await expectAccessible(page);

    await signUp.field("Password", true).fill(FIRST_PASSWORD);
    await signUp.submit();
    await expect(toast(page, "Account created")).toBeVisible();
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Thandi" })).toBeVisible();
    await expect(page.getByTestId("account-name")).toHaveText("Thandi Mokoena");
    await account.expectLabel(/My account/);
    await snap(page, testInfo, "my-account");
    await expectAccessible(page);

    // The customer store keeps the customer's details, never the password.
    const stored = await page.evaluate(() => localStorage.getItem("kaya-customer") ?? "");
    expect(stored).toContain(email);
    expect(stored).not.toContain(FIRST_PASSWORD);

    // Logging out on an account page goes home.
    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    await account.expectLabel(/Login/);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem("kaya-customer") ?? "{}").state?.customer ?? null),
    ).toBeNull();

    // The account pages now send a visitor to log in, and back afterwards.
    await page.goto("/my-account/orders");
    await expect(page).toHaveURL(/\/login\?next=%2Fmy-account%2Forders$/);
    const login = new LoginForm(page);
    await login.logIn(email, "Wrong-Password-1");
    await expect(toast(page, "Incorrect Email or Password")).toBeVisible();
    await expect(login.error()).toHaveText("Incorrect Email or Password");
    await login.logIn(email, FIRST_PASSWORD);
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
    const change = new ChangePasswordForm(page);
    await change.open();
    await expect(page.getByRole("heading", { level: 1, name: "Change password" })).toBeVisible();
    await change.change("Not-My-Password-1", SECOND_PASSWORD);
    await expect(change.root.getByText("Your current password is incorrect")).toBeVisible();
    await change.change(FIRST_PASSWORD, SECOND_PASSWORD);
    await expect(toast(page, "Password Change Success")).toBeVisible();
    await expect(change.field("New password", true)).toHaveValue("");
    await snap(page, testInfo, "change-password");
    await expectAccessible(page);

    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    await login.open();
    await login.logIn(email, FIRST_PASSWORD);
    await expect(login.error()).toHaveText("Incorrect Email or Password");
    await login.logIn(email, SECOND_PASSWORD);
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

    const login = new LoginForm(page);
    await login.open();
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    const forgot = new ForgotPasswordForm(page);
    await forgot.ready();
    const address = forgot.field("Email address");
    await address.fill("thandi@example"); // the browser's check lets it through; the shop's does not
    await forgot.submit();
    await expect(forgot.root.getByText("Invalid email")).toBeVisible();
    await address.fill(email);
    await snap(page, testInfo, "forgot-password");
    await expectAccessible(page);
    await forgot.submit();
    await expect(toast(page, "Email Sent")).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);
    const reset = new ResetPasswordForm(page);
    await expect(reset.field("Email address")).toHaveValue(email);

    const code = await codeFromOutbox(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await reset.reset(wrong, SECOND_PASSWORD);
    await expect(toast(page, "That code is incorrect or has expired")).toBeVisible();
    await expect(reset.root.getByText("Incorrect or expired code")).toBeVisible();
    await snap(page, testInfo, "reset-password");
    await expectAccessible(page);

    await reset.field("6-digit code").fill(code);
    await reset.submit();
    await expect(toast(page, "Password Change Success")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.field("Email address")).toHaveValue(email);
    await login.logIn(email, SECOND_PASSWORD);
    await expect(page).toHaveURL(/\/my-account$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Pieter" })).toBeVisible();
  });
});
