import { expect, test, warmDatabase } from "./fixtures/shop";
import { COOKIE } from "../lib/http/cookie-names";

/**
 * A script injected into a page runs with the page's rights: it can read storage, document.cookie
 * and the answers of the shop's calls. None of them may hold the session token, which the
 * httpOnly cookie alone carries for the browser.
 */
const PASSWORD = "Stoep-Sunset-1981";

warmDatabase();

test("after signing in, a script in the page finds the session token nowhere", async ({ page, context, request }) => {
  const email = `e2e.token.${Date.now().toString(36)}@example.co.za`;
  expect(
    (
      await request.post("/api/register", {
        data: { email, password: PASSWORD, first_name: "Thandi", last_name: "Mokoena" },
      })
    ).status(),
  ).toBe(201);

  const refreshAnswers: string[] = [];
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname === "/api/refresh-token") refreshAnswers.push(await response.text());
  });

  await page.goto("/login");
  const login = page.locator('[data-testid="login-form"]:visible');
  await expect(login.getByRole("button", { name: "Login" })).toBeEnabled();
  await login.getByLabel("Email address").fill(email);
  await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/my-account$/);

  // A fresh page load: the header renews the session on start.
  await page.goto("/");
  await expect.poll(() => refreshAnswers.length).toBeGreaterThan(0);

  const session = (await context.cookies()).find((c) => c.name === COOKIE.session)!;
  expect(session.httpOnly).toBe(true);
  const readable = await page.evaluate(async () => {
    const dump = (s: Storage) =>
      Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join("\n");
    const answer = await fetch("/api/refresh-token", { method: "POST", credentials: "same-origin" });
    return {
      cookie: document.cookie,
      local: dump(localStorage),
      session: dump(sessionStorage),
      refresh: await answer.text(),
      status: answer.status,
    };
  });
  expect(readable.status).toBe(200);
  expect(JSON.parse(readable.refresh)).not.toHaveProperty("token");
  // The renewed cookie after the script's own call, as well as the one before it.
  const renewed = (await context.cookies()).find((c) => c.name === COOKIE.session)!;
  const places: Record<string, string> = {
    "document.cookie": readable.cookie,
    localStorage: readable.local,
    sessionStorage: readable.session,
    "the script's refresh": readable.refresh,
  };
  refreshAnswers.forEach((answer, i) => (places[`the app's refresh ${i + 1}`] = answer));
  for (const [where, text] of Object.entries(places)) {
    for (const value of [session.value, renewed.value]) expect(text, where).not.toContain(value);
    // Any sealed session at all.
    expect(text, where).not.toMatch(/Fe26\.2\*/);
  }
});
