import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { passwordResetCodes } from "@/lib/db/schema";
import { call } from "@/test/support/api-client";
import { latestMail } from "@/lib/mail/mail";
import { afterResponseSettled } from "@/lib/api/after-response";
import { RESET_CODE_KIND } from "@/lib/mail/templates/reset-code";
import { readSession } from "@/lib/auth/session";
import { BAD_CODE_MESSAGE, RESET_CODE_MAX_ATTEMPTS, RESET_LIMITS } from "@/lib/auth/password-reset";
import { LOGIN_LIMITS } from "@/lib/auth/login-throttle";
import { GOOD_PASSWORD, OTHER_PASSWORD, ipHeaders, makeCustomer, type TestCustomer } from "@/test/support/auth";
import { POST } from "@/app/api/customer-lost-password-set/route";
import { POST as askForCode } from "@/app/api/customer-lost-password-email/route";
import { POST as login } from "@/app/api/login/route";

const testDb = setupTestDb({ seed: false });

type Body = Record<string, unknown> & { data?: { status: number; fields?: Record<string, string> } };
const setPassword = (json: unknown, headers = ipHeaders()) =>
  call<Body>(POST, "/api/customer-lost-password-set", { json, headers });
const signIn = (email: string, password: string, headers = ipHeaders()) =>
  call<Body>(login, "/api/login", { json: { email, password }, headers });

async function mailedCode(c: TestCustomer): Promise<string> {
  expect(
    (await call(askForCode, "/api/customer-lost-password-email", { json: { email: c.email }, headers: ipHeaders() }))
      .status,
  ).toBe(200);
  await afterResponseSettled();
  const [mail] = await latestMail(testDb().db, { to: c.email, kind: RESET_CODE_KIND, limit: 50 });
  return /\b(\d{6})\b/.exec(mail!.text)![1]!;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

function expectBadRequest(res: { status: number; body: Body }, message = BAD_CODE_MESSAGE) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ status: 400, code: "bad_request", message, data: { status: 400 } });
}

describe("POST /api/customer-lost-password-set", () => {
  test("the mailed code sets a new password: the new one signs in, the old one does not", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const code = await mailedCode(c);
    const res = await setPassword({ email: c.email, code, password: OTHER_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Password Change Success" });
    expect((await signIn(c.email, OTHER_PASSWORD)).status).toBe(200);
    expect((await signIn(c.email, GOOD_PASSWORD)).status).toBe(401);
  });

  test("a reset signs out every session of the customer", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const code = await mailedCode(c);
    expect((await setPassword({ email: c.email, code, password: OTHER_PASSWORD })).status).toBe(200);
    expect(await readSession(db, c.token)).toBeNull();
  });

  test("a code works once", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const code = await mailedCode(c);
    expect((await setPassword({ email: c.email, code, password: OTHER_PASSWORD })).status).toBe(200);
    expectBadRequest(await setPassword({ email: c.email, code, password: "Another-Fine-Sofa-3" }));
    expect((await signIn(c.email, OTHER_PASSWORD)).status).toBe(200);
  });

  test("a code older than 15 minutes is refused", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const code = await mailedCode(c);
    await db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(passwordResetCodes.customerId, c.customer.id));
    expectBadRequest(await setPassword({ email: c.email, code, password: OTHER_PASSWORD }));
    expect((await signIn(c.email, GOOD_PASSWORD)).status).toBe(200);
  });

  test(`after ${RESET_CODE_MAX_ATTEMPTS} wrong tries the code is dead, even the right one`, async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const code = await mailedCode(c);
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i++) {
      expectBadRequest(await setPassword({ email: c.email, code: wrong(code), password: OTHER_PASSWORD }));
    }
    const [row] = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.customerId, c.customer.id));
    expect(row!.attempts).toBe(RESET_CODE_MAX_ATTEMPTS);
    expectBadRequest(await setPassword({ email: c.email, code, password: OTHER_PASSWORD }));
    expect((await signIn(c.email, GOOD_PASSWORD)).status).toBe(200);
    // A new code works again.
    const fresh = await mailedCode(c);
    expect((await setPassword({ email: c.email, code: fresh, password: OTHER_PASSWORD })).status).toBe(200);
  });

  test("fewer wrong tries than the limit leave the code usable", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const code = await mailedCode(c);
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS - 1; i++)
      expectBadRequest(await setPassword({ email: c.email, code: wrong(code), password: OTHER_PASSWORD }));
    expect((await setPassword({ email: c.email, code, password: OTHER_PASSWORD })).status).toBe(200);
  });

  test("an earlier code dies when a new one is sent", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const first = await mailedCode(c);
    const second = await mailedCode(c);
    if (first !== second)
      expectBadRequest(await setPassword({ email: c.email, code: first, password: OTHER_PASSWORD }));
    expect((await setPassword({ email: c.email, code: second, password: OTHER_PASSWORD })).status).toBe(200);
  });

  test("one customer's code does not open another's account", async () => {
    const { db } = testDb();
    const victim = await makeCustomer(db);
    const attacker = await makeCustomer(db);
    await mailedCode(victim);
    const attackerCode = await mailedCode(attacker);
    expectBadRequest(await setPassword({ email: victim.email, code: attackerCode, password: OTHER_PASSWORD }));
    expect((await signIn(victim.email, GOOD_PASSWORD)).status).toBe(200);
  });

  test("an unknown address gets the same bad_request as a wrong code", async () => {
    expectBadRequest(await setPassword({ email: "ghost@example.co.za", code: "123456", password: OTHER_PASSWORD }));
  });

  test("a weak new password is refused before the code is spent", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const code = await mailedCode(c);
    const res = await setPassword({ email: c.email, code, password: "qwerty123" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "bad_request",
      data: { status: 400, fields: { password: expect.any(String) } },
    });
    const [row] = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.customerId, c.customer.id));
    expect(row!.attempts).toBe(0);
    expect((await setPassword({ email: c.email, code, password: OTHER_PASSWORD })).status).toBe(200);
  });

  test.each([
    ["no code", { email: "a@example.co.za", password: OTHER_PASSWORD }],
    ["no e-mail", { code: "123456", password: OTHER_PASSWORD }],
    ["no password", { email: "a@example.co.za", code: "123456" }],
    ["a five-digit code", { email: "a@example.co.za", code: "12345", password: OTHER_PASSWORD }],
    ["letters for a code", { email: "a@example.co.za", code: "abcdef", password: OTHER_PASSWORD }],
    ["a code object", { email: "a@example.co.za", code: { $gt: "" }, password: OTHER_PASSWORD }],
  ])("bad input (%s) is a 400 bad_request with a message, never a 500", async (_label, json) => {
    const res = await setPassword(json);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 400,
      code: "bad_request",
      message: expect.any(String),
      data: { status: 400 },
    });
  });

  test("a numeric code (from a JSON client) is read as text", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const code = await mailedCode(c);
    if (code.startsWith("0")) return; // a number cannot carry the leading zero
    expect((await setPassword({ email: c.email, code: Number(code), password: OTHER_PASSWORD })).status).toBe(200);
  });

  test("a successful reset gives the owner's address its sign-in tries back", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const home = { "x-forwarded-for": "203.0.113.42" };
    for (let i = 0; i < LOGIN_LIMITS.perClient.limit; i++) await signIn(c.email, "Wrong-Password-1", home);
    expect((await signIn(c.email, GOOD_PASSWORD, home)).status).toBe(429);
    const code = await mailedCode(c);
    expect((await setPassword({ email: c.email, code, password: OTHER_PASSWORD }, home)).status).toBe(200);
    expect((await signIn(c.email, OTHER_PASSWORD, home)).status).toBe(200);
  });

  test(`one address guessing codes across e-mail addresses is stopped after ${RESET_LIMITS.setPerAddress.limit} wrong tries`, async () => {
    const headers = { "x-forwarded-for": "203.0.113.41" };
    for (let i = 0; i < RESET_LIMITS.setPerAddress.limit; i++) {
      expect(
        (await setPassword({ email: `victim${i}@example.co.za`, code: "000000", password: OTHER_PASSWORD }, headers))
          .status,
      ).toBe(400);
    }
    const res = await setPassword(
      { email: "victim-last@example.co.za", code: "000000", password: OTHER_PASSWORD },
      headers,
    );
    expect(res.status).toBe(429);
    expect(
      (
        await setPassword(
          { email: "victim-last@example.co.za", code: "000000", password: OTHER_PASSWORD },
          { "x-forwarded-for": "10.6.6.6, 203.0.113.41" },
        )
      ).status,
    ).toBe(429);
  });

  test("successful resets do not use up the address's tries", async () => {
    const { db } = testDb();
    const headers = { "x-forwarded-for": "203.0.113.43" };
    for (let i = 0; i < RESET_LIMITS.setPerAddress.limit - 1; i++) {
      expect(
        (await setPassword({ email: `typo${i}@example.co.za`, code: "000000", password: OTHER_PASSWORD }, headers))
          .status,
      ).toBe(400);
    }
    // A household behind one address, each resetting their own password.
    for (let i = 0; i < 2; i++) {
      const c = await makeCustomer(db);
      expect(
        (await setPassword({ email: c.email, code: await mailedCode(c), password: OTHER_PASSWORD }, headers)).status,
      ).toBe(200);
    }
    expect(
      (await setPassword({ email: "typo-last@example.co.za", code: "000000", password: OTHER_PASSWORD }, headers))
        .status,
    ).toBe(400);
    expect(
      (await setPassword({ email: "typo-over@example.co.za", code: "000000", password: OTHER_PASSWORD }, headers))
        .status,
    ).toBe(429);
  });
});
