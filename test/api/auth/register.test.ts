import { eq, sql } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { customers, sessions } from "@/lib/db/schema";
import { call, CookieJar } from "@/test/support/api-client";
import { readSession } from "@/lib/auth/session";
import { REGISTER_LIMIT } from "@/lib/auth/accounts";
import { GATE_LIMIT } from "@/lib/auth/site-gate";
import { GOOD_PASSWORD, ipHeaders, registration } from "@/test/support/auth";
import { POST } from "@/app/api/register/route";
import { COOKIE } from "@/lib/http/cookie-names";
import { setEnv } from "@/lib/config/set-env";

const testDb = setupTestDb({ seed: false });

type Body = Record<string, unknown> & {
  customer?: { user_id: number; shipping: Record<string, string> };
  token?: string;
  data?: { status: number; fields?: Record<string, string> };
};
const register = (json: unknown, opts: { jar?: CookieJar; headers?: Record<string, string> } = {}) =>
  call<Body>(POST, "/api/register", { json, jar: opts.jar, headers: opts.headers ?? ipHeaders() });

describe("POST /api/register", () => {
  let restore = () => {};
  afterEach(() => {
    restore();
    restore = () => {};
  });

  test("creates the account, answers { customer, token } and sets the session cookie", async () => {
    const jar = new CookieJar();
    const input = registration({ email: "Naledi.Dlamini@Example.co.za", first_name: "Naledi", last_name: "Dlamini" });
    const res = await register(input, { jar });
    expect(res.status).toBe(201);
    expect(res.body.customer).toEqual({
      user_id: expect.any(Number),
      shipping: {
        email: "naledi.dlamini@example.co.za",
        first_name: "Naledi",
        last_name: "Dlamini",
        phone: "082 555 0101",
        city: "Cape Town",
        state: "Western Cape",
        postcode: "8001",
        country: "South Africa",
      },
    });
    expect(res.body).not.toHaveProperty("status");
    expect(jar.get(COOKIE.session)).toBe(res.body.token);
    const cookie = res.response.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE.session}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(res.response.headers.get("cache-control")).toContain("no-store");

    const { db } = testDb();
    const signedIn = await readSession(db, res.body.token);
    expect(signedIn?.customer.id).toBe(res.body.customer!.user_id);
    const [row] = await db.select().from(customers).where(eq(customers.id, res.body.customer!.user_id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(GOOD_PASSWORD);
  });

  test("only e-mail, password and names are required; the country defaults to South Africa", async () => {
    const res = await register({
      email: "minimal@example.co.za",
      password: GOOD_PASSWORD,
      first_name: "Sipho",
      last_name: "Nkosi",
    });
    expect(res.status).toBe(201);
    expect(res.body.customer!.shipping).toMatchObject({ phone: "", city: "", state: "", country: "South Africa" });
  });

  test("accepts form and query parameters too", async () => {
    const form = registration();
    const res = await call<Body>(POST, "/api/register", {
      form: form as unknown as Record<string, string>,
      headers: ipHeaders(),
    });
    expect(res.status).toBe(201);
    const q = registration();
    const res2 = await call<Body>(POST, "/api/register", {
      method: "POST",
      query: q as unknown as Record<string, string>,
      headers: ipHeaders(),
    });
    expect(res2.status).toBe(201);
  });

  test("a second account with the same e-mail, in any case, is a 409", async () => {
    const input = registration();
    expect((await register(input)).status).toBe(201);
    const again = await register({ ...input, email: input.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 409, code: "email_exists", data: { status: 409 } });
    expect(again.body.message).toMatch(/already exists/);
    const { db } = testDb();
    const rows = await db
      .select()
      .from(customers)
      .where(eq(sql`lower(${customers.email})`, input.email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  test("two sign-ups with one address at once make one account", async () => {
    const input = registration();
    const results = await Promise.all([register(input), register(input)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  test.each([
    ["short", "Ab3$xyz"],
    ["common", "password123"],
    ["common in another case", "IloveYou1"],
    ["the e-mail itself", "__EMAIL__"],
  ])("refuses a weak password (%s) with a 400 naming it", async (_label, password) => {
    const input = registration();
    const res = await register({ ...input, password: password === "__EMAIL__" ? input.email : password });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "weak_password",
      data: { status: 400, fields: { password: expect.any(String) } },
    });
  });

  test.each([
    ["a malformed e-mail", { email: "not-an-email" }, "email", "Invalid email"],
    ["no e-mail", { email: undefined }, "email", "Invalid email"],
    ["an empty first name", { first_name: "  " }, "first_name", "Invalid Name"],
    ["no last name", { last_name: undefined }, "last_name", "Invalid Name"],
    ["a bad phone number", { phone: "call me maybe" }, "phone", "Invalid phone number"],
    ["a number that is not South African", { phone: "+44 20 7946 0958" }, "phone", "Invalid phone number"],
    ["a South African number one digit short", { phone: "082 555 010" }, "phone", "Invalid phone number"],
    ["a password that is not text", { password: 12345678 }, "password", undefined],
  ])("bad input (%s) is a 400 naming the field, never a 500", async (_label, change, field, message) => {
    const res = await register({ ...registration(), ...change });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: "invalid_params", data: { status: 400 } });
    expect(Object.keys(res.body.data!.fields!)).toContain(field);
    if (message) expect(res.body.message).toBe(`${field}: ${message}`);
  });

  test("a body that is not JSON is a 400", async () => {
    const res = await call<Body>(POST, "/api/register", {
      method: "POST",
      headers: { "content-type": "application/json", ...ipHeaders() },
    });
    expect(res.status).toBe(400);
    const bad = await POST(
      new (await import("next/server")).NextRequest("http://shop.test/api/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{nope",
      }),
      undefined,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_json" });
  });

  test(`more than ${REGISTER_LIMIT.limit} accounts made or found taken from one address an hour are refused with a retry time`, async () => {
    const headers = { "x-forwarded-for": "203.0.113.77" };
    const taken = registration();
    expect((await register(taken, { headers })).status).toBe(201);
    for (let i = 1; i < REGISTER_LIMIT.limit; i++) {
      // Creating accounts and learning that an address has one both count.
      const res =
        i % 2
          ? await register({ ...registration(), email: taken.email }, { headers })
          : await register(registration(), { headers });
      expect(res.status).toBe(i % 2 ? 409 : 201);
    }
    const res = await register(registration(), { headers });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      status: 429,
      code: "rate_limited",
      data: { status: 429, retryAfter: expect.any(Number) },
    });
    expect(res.body.message).toMatch(/try again in \d+ minutes?/);
    expect(Number(res.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // Rotating X-Forwarded-For in front of the address the shop's server appended changes nothing.
    expect((await register(registration(), { headers: { "x-forwarded-for": "10.8.8.8, 203.0.113.77" } })).status).toBe(
      429,
    );
    // Another address is not affected.
    expect((await register(registration())).status).toBe(201);
  });

  test("a form refused for its own mistakes (a weak password) does not use up the address's sign-ups", async () => {
    const headers = { "x-forwarded-for": "203.0.113.78" };
    for (let i = 0; i < REGISTER_LIMIT.limit + 5; i++)
      expect((await register({ ...registration(), password: "short" }, { headers })).status).toBe(400);
    expect((await register(registration(), { headers })).status).toBe(201);
  });

  test("no session rows are made for a failed registration", async () => {
    const { db } = testDb();
    const before = (await db.select().from(sessions)).length;
    await register({ ...registration(), password: "short" });
    expect((await db.select().from(sessions)).length).toBe(before);
  });

  describe("the site gate (SITE_PASSWORD set)", () => {
    beforeEach(() => {
      restore = setEnv({ SITE_PASSWORD: "kaya-preview-2024" });
    });

    test("a password alone is the gate form: right sets the gate cookie and answers the flag", async () => {
      const jar = new CookieJar();
      const res = await register({ password: "kaya-preview-2024" }, { jar });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ gate: true });
      expect(jar.get(COOKIE.gate)).toMatch(/^\d+\.[\w-]+$/);
      const cookie = res.response.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE.gate}=`))!;
      expect(cookie).toMatch(/HttpOnly/i);
      // Then the visitor can register normally.
      const created = await register(registration(), { jar });
      expect(created.status).toBe(201);
    });

    test("a wrong password is a 401 with a message, and no cookie", async () => {
      const jar = new CookieJar();
      const res = await register({ password: "open sesame" }, { jar });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        status: 401,
        code: "wrong_password",
        message: "Incorrect password",
        data: { status: 401 },
      });
      expect(jar.get(COOKIE.gate)).toBeUndefined();
    });

    test("registering before passing the gate is refused", async () => {
      const res = await register(registration());
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "site_locked" });
    });

    test("a forged gate cookie does not pass", async () => {
      const jar = new CookieJar();
      jar.set(COOKIE.gate, `${Math.floor(Date.now() / 1000) + 3600}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
      expect((await register(registration(), { jar })).status).toBe(401);
    });

    test("guesses are rate limited", async () => {
      const headers = { "x-forwarded-for": "203.0.113.90" };
      let last = 0;
      for (let i = 0; i < 21; i++) last = (await register({ password: `guess-${i}` }, { headers })).status;
      expect(last).toBe(429);
    });

    test("passing the gate does not use up the address's guesses", async () => {
      const headers = { "x-forwarded-for": "203.0.113.91" };
      for (let i = 0; i < GATE_LIMIT.limit - 1; i++)
        expect((await register({ password: `guess-${i}` }, { headers })).status).toBe(401);
      // Colleagues behind one office address pass the gate, one after another.
      for (let i = 0; i < 5; i++)
        expect((await register({ password: "kaya-preview-2024" }, { headers })).status).toBe(200);
      expect((await register({ password: "guess-last" }, { headers })).status).toBe(401);
      expect((await register({ password: "guess-over" }, { headers })).status).toBe(429);
    });
  });

  test("without SITE_PASSWORD a password alone is just incomplete registration", async () => {
    const res = await register({ password: "kaya-preview-2024" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_params" });
  });
});
