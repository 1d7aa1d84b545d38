import { LoginForm, RegisterForm } from "./fixtures/account";
import { expect, test, warmDatabase } from "./fixtures/shop";

/**
 * The login and create-account pages send the visitor on to their `next` parameter, which anyone
 * can put into a link. Addresses a browser would read as another site must land on the shop.
 */
const PASSWORD = "Stoep-Sunset-1981";
const HOSTILE = [
  "/.//evil.example/phish",
  "/%2e//evil.example/phish",
  "/%2E%2E//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
];

warmDatabase();

test.describe("where signing in leads", () => {
  test("a hostile next keeps the visitor on the shop, a real one is followed", async ({ page, baseURL, request }) => {
    test.slow();
    const email = `e2e.next.${Date.now().toString(36)}@example.co.za`;
    const registered = await request.post("/api/register", {
      data: { email, password: PASSWORD, first_name: "Thandi", last_name: "Mokoena" },
    });
    expect(registered.status()).toBe(201);

    const elsewhere: string[] = [];
    await page.context().route(
      (url) => url.hostname !== new URL(baseURL!).hostname,
      (route) => {
        elsewhere.push(route.request().url());
        return route.abort();
      },
    );
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    for (const next of [...HOSTILE, "/cart"]) {
      await page.context().clearCookies();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await new LoginForm(page).logIn(email, PASSWORD);
      const expected = next === "/cart" ? "/cart" : "/my-account";
      await expect(page, `next=${JSON.stringify(next)}`).toHaveURL(`${baseURL}${expected}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect(elsewhere).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  test("creating an account with a hostile next stays on the shop too", async ({ page, baseURL }) => {
    await page.goto(`/create-account?next=${encodeURIComponent("/.//evil.example/phish")}`);
    const signUp = new RegisterForm(page);
    await signUp.ready();
    await signUp.register({
      firstName: "Thandi",
      lastName: "Mokoena",
      email: `e2e.next-register.${Date.now().toString(36)}@example.co.za`,
      password: PASSWORD,
    });
    await expect(page).toHaveURL(`${baseURL}/my-account`);
  });
});
