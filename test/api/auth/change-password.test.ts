import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { customers } from "@/lib/db/schema";
import { call, CookieJar } from "@/test/support/api-client";
import { createSession, readSession } from "@/lib/auth/session";
import { CHANGE_PASSWORD_LIMIT } from "@/lib/auth/accounts";
import { GOOD_PASSWORD, OTHER_PASSWORD, ipHeaders, makeCustomer } from "@/test/support/auth";
import { POST } from "@/app/api/change-password/route";
import { POST as login } from "@/app/api/login/route";
import { POST as refresh } from "@/app/api/refresh-token/route";
import { COOKIE } from "@/lib/http/cookie-names";

const testDb = setupTestDb({ seed: false });

type Body = Record<string, unknown> & { data?: { status: number; fields?: Record<string, string> } };
const change = (jar: CookieJar | undefined, json: Record<string, unknown>) =>
  call<Body>(POST, "/api/change-password", { json, jar });

describe("POST /api/change-password", () => {
  test("changes the password; the old one stops working and the new one signs in", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const res = await change(c.jar, { current_password: GOOD_PASSWORD, new_password: OTHER_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Password Change Success" });
    expect(
      (await call(login, "/api/login", { json: { email: c.email, password: GOOD_PASSWORD }, headers: ipHeaders() }))
        .status,
    ).toBe(401);
    expect(
      (await call(login, "/api/login", { json: { email: c.email, password: OTHER_PASSWORD }, headers: ipHeaders() }))
        .status,
    ).toBe(200);
  });

  test("every other session of the customer is revoked; this one and other customers' live on", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const phone = await createSession(db, c.customer.id, "phone");
    const laptop = await createSession(db, c.customer.id, "laptop");
    const stranger = await makeCustomer(db);

    expect((await change(c.jar, { current_password: GOOD_PASSWORD, new_password: OTHER_PASSWORD })).status).toBe(200);

    for (const token of [phone.token, laptop.token]) {
      const res = await call<Body>(refresh, "/api/refresh-token", { json: { token } });
      expect(res.status).toBe(401);
      expect(res.body.data!.status).toBe(401);
    }
    expect(await readSession(db, c.token)).not.toBeNull();
    expect((await call(refresh, "/api/refresh-token", { method: "POST", jar: c.jar })).status).toBe(200);
    expect(await readSession(db, stranger.token)).not.toBeNull();
  });

  test("the token parameter identifies the customer as well as the cookie does", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const res = await change(undefined, {
      token: c.token,
      current_password: GOOD_PASSWORD,
      new_password: OTHER_PASSWORD,
    });
    expect(res.status).toBe(200);
  });

  test("a wrong current password is a 400 and changes nothing", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const [before] = await db.select().from(customers).where(eq(customers.id, c.customer.id));
    const res = await change(c.jar, { current_password: "Not-The-Password-1", new_password: OTHER_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "wrong_password",
      data: { status: 400, fields: { current_password: expect.any(String) } },
    });
    const [after] = await db.select().from(customers).where(eq(customers.id, c.customer.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });

  test.each([
    ["too short", "Ab1-xyz"],
    ["too common", "baseball1"],
    ["the same as now", GOOD_PASSWORD],
  ])("a new password that is %s is a 400 naming new_password", async (_label, newPassword) => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const res = await change(c.jar, { current_password: GOOD_PASSWORD, new_password: newPassword });
    expect(res.status).toBe(400);
    expect(res.body.data!.fields).toHaveProperty("new_password");
  });

  test.each([
    ["no new password", { current_password: GOOD_PASSWORD }],
    ["no current password", { new_password: OTHER_PASSWORD }],
    ["numbers for passwords", { current_password: 1, new_password: 2 }],
  ])("bad input (%s) is a 400", async (_label, json) => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const res = await change(c.jar, json);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_params", data: { status: 400 } });
  });

  test("without a session it is a 401; with a revoked one too", async () => {
    const res = await change(undefined, { current_password: GOOD_PASSWORD, new_password: OTHER_PASSWORD });
    expect(res.status).toBe(401);
    const jar = new CookieJar();
    jar.set(COOKIE.session, "garbage");
    expect((await change(jar, { current_password: GOOD_PASSWORD, new_password: OTHER_PASSWORD })).status).toBe(401);
  });

  test("guessing the current password with a stolen session is rate limited", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.limit; i++) {
      expect(
        (await change(c.jar, { current_password: `Guess-Number-${i}`, new_password: OTHER_PASSWORD })).status,
      ).toBe(400);
    }
    const res = await change(c.jar, { current_password: GOOD_PASSWORD, new_password: OTHER_PASSWORD });
    expect(res.status).toBe(429);
  });
});
