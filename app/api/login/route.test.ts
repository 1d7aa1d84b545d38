import { setupTestDb } from "@/lib/db/test-support";
import { call, CookieJar } from "@/lib/api/test-client";
import { SESSION_COOKIE, readSession } from "@/lib/auth/session";
import { LOGIN_LIMITS } from "@/lib/auth/accounts";
import { GOOD_PASSWORD, ipHeaders, makeCustomer } from "@/lib/auth/test-support";
import { POST } from "@/app/api/login/route";

const testDb = setupTestDb({ seed: false });

type Body = Record<string, unknown> & { customer?: { user_id: number; shipping: Record<string, string> }; token?: string };
const login = (json: unknown, opts: { jar?: CookieJar; headers?: Record<string, string> } = {}) =>
  call<Body>(POST, "/api/login", { json, jar: opts.jar, headers: opts.headers ?? ipHeaders() });

describe("POST /api/login", () => {
  test("the right e-mail and password answer { customer, token } and set the cookie", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db, { first_name: "Lerato" });
    const jar = new CookieJar();
    const res = await login({ email: c.email, password: GOOD_PASSWORD }, { jar });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("status");
    expect(res.body.customer).toEqual({
      user_id: c.customer.id,
      shipping: { email: c.email, first_name: "Lerato", last_name: "Mokoena", phone: "082 555 0101", city: "Cape Town", state: "Western Cape", postcode: "8001", country: "South Africa" },
    });
    expect(jar.get(SESSION_COOKIE)).toBe(res.body.token);
    const cookie = res.response.headers.getSetCookie().find((x) => x.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await readSession(db, res.body.token))?.customer.id).toBe(c.customer.id);
  });

  test("the e-mail is matched without regard to case or spaces; form bodies work", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const res = await call<Body>(POST, "/api/login", { form: { email: `  ${c.email.toUpperCase()} `, password: GOOD_PASSWORD }, headers: ipHeaders() });
    expect(res.status).toBe(200);
    expect(res.body.customer!.user_id).toBe(c.customer.id);
  });

  test("each sign-in is its own session", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const a = await login({ email: c.email, password: GOOD_PASSWORD });
    const b = await login({ email: c.email, password: GOOD_PASSWORD });
    expect(a.body.token).not.toBe(b.body.token);
    const [sa, sb] = await Promise.all([readSession(db, a.body.token), readSession(db, b.body.token)]);
    expect(sa!.session.id).not.toBe(sb!.session.id);
  });

  test.each([
    ["a wrong password", "right-email", "Wrong-Password-99"],
    ["an unknown e-mail", "nobody@example.co.za", GOOD_PASSWORD],
    ["a malformed e-mail", "not an email", GOOD_PASSWORD],
  ])("%s is a 401 'Incorrect Email or Password' with a status field, and no cookie", async (_label, email, password) => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const jar = new CookieJar();
    const res = await login({ email: email === "right-email" ? c.email : email, password }, { jar });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, code: "invalid_credentials", message: "Incorrect Email or Password", data: { status: 401 } });
    expect(jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(password);
  });

  test.each([
    ["no e-mail", { password: GOOD_PASSWORD }, "email"],
    ["no password", { email: "a@example.co.za" }, "password"],
    ["an empty password", { email: "a@example.co.za", password: "" }, "password"],
    ["a password object", { email: "a@example.co.za", password: { $ne: "" } }, "password"],
    ["an e-mail list", { email: ["a@example.co.za"], password: GOOD_PASSWORD }, "email"],
  ])("bad input (%s) is a 400 naming the field", async (_label, json, field) => {
    const res = await login(json);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: "invalid_params", data: { status: 400, fields: { [field]: expect.any(String) } } });
  });

  test(`after ${LOGIN_LIMITS.perEmail.limit} tries on one address it answers 429 with a retry time, even for the right password`, async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    for (let i = 0; i < LOGIN_LIMITS.perEmail.limit; i++) {
      // Spread over addresses: this is the per-account limit.
      const res = await login({ email: c.email, password: `Wrong-Password-${i}` }, { headers: { "x-forwarded-for": `198.51.100.${i + 1}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await login({ email: c.email, password: GOOD_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ status: 429, code: "rate_limited", data: { status: 429, retryAfter: expect.any(Number) } });
    expect(blocked.body.message).toMatch(/Too many sign-in attempts\. Please try again in \d+ minutes?\./);
    expect(Number(blocked.response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a successful sign-in clears the address's count", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    for (let i = 0; i < LOGIN_LIMITS.perEmail.limit - 1; i++) await login({ email: c.email, password: "Wrong-Password-x" });
    expect((await login({ email: c.email, password: GOOD_PASSWORD })).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perEmail.limit - 1; i++) expect((await login({ email: c.email, password: "Wrong-Password-y" })).status).toBe(401);
    expect((await login({ email: c.email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  test(`one IP trying many addresses is stopped after ${LOGIN_LIMITS.perIp.limit} attempts`, async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const headers = { "x-forwarded-for": "203.0.113.55" };
    for (let i = 0; i < LOGIN_LIMITS.perIp.limit; i++) {
      const res = await login({ email: `guess${i}@example.co.za`, password: "Spray-Password-1" }, { headers });
      expect(res.status).toBe(401);
    }
    const res = await login({ email: c.email, password: GOOD_PASSWORD }, { headers });
    expect(res.status).toBe(429);
    // Another network still gets in.
    expect((await login({ email: c.email, password: GOOD_PASSWORD })).status).toBe(200);
  });
});
