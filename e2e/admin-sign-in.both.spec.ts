import { expect, test } from "./fixtures/shop";
import { E2E_ADMIN } from "./fixtures/admin";

const TO_SIGN_IN = /\/login\?next=%2Fadmin%2Forders$/;

test("signed out, the back office sends staff to sign in and back to the page; after Log out, the same", async ({
  page,
}, testInfo) => {
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(TO_SIGN_IN);
  const login = page.locator('[data-testid="login-form"]:visible');
  await expect(login.getByRole("button", { name: "Login" })).toBeEnabled();
  await login.getByLabel("Email address").fill(E2E_ADMIN.email);
  await login.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await login.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.locator("main#main").getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

  // On a phone the menu folds the back office's links (and Log out) away.
  if (testInfo.project.name.startsWith("phone")) await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Back office" }).getByTestId("logout").click();
  await expect(page).toHaveURL(TO_SIGN_IN);
  await expect(page.locator('[data-testid="login-form"]:visible')).toBeVisible();
});
