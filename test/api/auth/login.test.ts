import { setupTestDb } from "@/test/support/db";
import { call, CookieJar } from "@/test/support/api-client";
import { readSession } from "@/lib/auth/session";
import { LOGIN_LIMITS } from "@/lib/auth/login-throttle";
import { GOOD_PASSWORD, ipHeaders, makeCustomer } from "@/test/support/auth";
import { POST } from "@/app/api/login/route";
import { COOKIE } from "@/lib/http/cookie-names";

const testDb = setupTestDb({ seed: false });

type Body = Record<string, unknown> & {
  customer?: { user_id: number; shipping: Record<string, string> };
  token?: string;
};
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
      shipping: {
        email: c.email,
        first_name: "Lerato",
        last_name: "Mokoena",
        phone: "082 555 0101",
        city: "Cape Town",
        state: "Western Cape",
        postcode: "8001",
        country: "South Africa",
      },
    });
    expect(jar.get(COOKIE.session)).toBe(res.body.token);
    const cookie = res.response.headers.getSetCookie().find((x) => x.startsWith(`${COOKIE.session}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await readSession(db, res.body.token))?.customer.id).toBe(c.customer.id);
  });

  test("the e-mail is matched without regard to case or spaces; form bodies work", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const res = await call<Body>(POST, "/api/login", {
      form: { email: `  ${c.email.toUpperCase()} `, password: GOOD_PASSWORD },
      headers: ipHeaders(),
    });
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
  ])(
    "%s is a 401 'Incorrect Email or Password' with a status field, and no cookie",
    async (_label, email, password) => {
      const { db } = testDb();
      const c = await makeCustomer(db);
      const jar = new CookieJar();
      const res = await login({ email: email === "right-email" ? c.email : email, password }, { jar });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        status: 401,
        code: "invalid_credentials",
        message: "Incorrect Email or Password",
        data: { status: 401 },
      });
      expect(jar.get(COOKIE.session)).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toContain(password);
    },
  );

  test.each([
    ["no e-mail", { password: GOOD_PASSWORD }, "email"],
    ["no password", { email: "a@example.co.za" }, "password"],
    ["an empty password", { email: "a@example.co.za", password: "" }, "password"],
    ["a password object", { email: "a@example.co.za", password: { $ne: "" } }, "password"],
    ["an e-mail list", { email: ["a@example.co.za"], password: GOOD_PASSWORD }, "email"],
  ])("bad input (%s) is a 400 naming the field", async (_label, json, field) => {
    const res = await login(json);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 400,
      code: "invalid_params",
      data: { status: 400, fields: { [field]: expect.any(String) } },
    });
  });
});

describe("POST /api/login: limits that a stranger cannot turn against a customer", () => {
  const from = (address: string) => ({ "x-forwarded-for": address });
  const wrong = (email: string, address: string, jar?: CookieJar) =>
    login({ email, password: "Wrong-Password-1" }, { headers: from(address), jar });
  const right = (email: string, address: string, jar?: CookieJar) =>
    login({ email, password: GOOD_PASSWORD }, { headers: from(address), jar });
  let net = 0;
  /** A fresh address, and a block of them, for each test. */
  const fresh = () => `198.18.${(++net >> 8) & 255}.${net & 255}`;

  test(`one address gets ${LOGIN_LIMITS.perClient.limit} wrong tries on an account, then 429 even for the right password`, async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const attacker = fresh();
    for (let i = 0; i < LOGIN_LIMITS.perClient.limit; i++) expect((await wrong(c.email, attacker)).status).toBe(401);
    const blocked = await right(c.email, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      status: 429,
      code: "rate_limited",
      data: { status: 429, retryAfter: expect.any(Number) },
    });
    expect(blocked.body.message).toMatch(/Too many sign-in attempts\. Please try again in \d+ minutes?\./);
    expect(Number(blocked.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // An unknown address is limited the same way, so the limit tells nothing about who has an account.
    const nobody = "nobody.limited@example.co.za";
    for (let i = 0; i < LOGIN_LIMITS.perClient.limit; i++) expect((await wrong(nobody, attacker)).status).toBe(401);
    expect((await wrong(nobody, attacker)).status).toBe(429);
  });

  test("a stranger hammering a customer's e-mail from many addresses cannot stop the customer signing in from theirs", async () => {
    const { db } = testDb();
    const victim = await makeCustomer(db);
    // One address up to its limit, then many addresses, until the account has seen more failures
    // than its own limit allows.
    const one = fresh();
    for (let i = 0; i < LOGIN_LIMITS.perClient.limit + 5; i++) await wrong(victim.email, one);
    for (let failures = LOGIN_LIMITS.perClient.limit; failures < LOGIN_LIMITS.perAccount.limit + 20;) {
      const address = fresh();
      for (let i = 0; i < 3; i++, failures++) expect([401, 429]).toContain((await wrong(victim.email, address)).status);
    }
    const home = fresh();
    const res = await right(victim.email, home);
    expect(res.status).toBe(200);
    expect(res.body.customer!.user_id).toBe(victim.customer.id);
    // Even a typo first: a clean address still has tries left.
    const office = fresh();
    expect((await wrong(victim.email, office)).status).toBe(401);
    expect((await right(victim.email, office)).status).toBe(200);
  });

  test(`an account under attack gives each new address only ${LOGIN_LIMITS.perClientUnderAttack.limit} wrong tries`, async () => {
    const { db } = testDb();
    const victim = await makeCustomer(db);
    for (let failures = 0; failures < LOGIN_LIMITS.perAccount.limit;) {
      const address = fresh();
      for (
        let i = 0;
        i < LOGIN_LIMITS.perClientUnderAttack.limit && failures < LOGIN_LIMITS.perAccount.limit;
        i++, failures++
      ) {
        expect((await wrong(victim.email, address)).status).toBe(401);
      }
    }
    const next = fresh();
    for (let i = 0; i < LOGIN_LIMITS.perClientUnderAttack.limit; i++)
      expect((await wrong(victim.email, next)).status).toBe(401);
    expect((await wrong(victim.email, next)).status).toBe(429);
    expect((await right(victim.email, fresh())).status).toBe(200);
  });

  test(`one address trying many accounts is stopped after ${LOGIN_LIMITS.perAddress.limit} failures; successes do not count`, async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const sprayer = fresh();
    for (let i = 0; i < LOGIN_LIMITS.perAddress.limit - 1; i++) {
      expect(
        (await login({ email: `guess${i}@example.co.za`, password: "Spray-Password-1" }, { headers: from(sprayer) }))
          .status,
      ).toBe(401);
    }
    // A customer on the same address signs in, again and again: no success uses up the limit.
    for (let i = 0; i < 3; i++) expect((await right(c.email, sprayer)).status).toBe(200);
    expect(
      (await login({ email: "guess-last@example.co.za", password: "Spray-Password-1" }, { headers: from(sprayer) }))
        .status,
    ).toBe(401);
    expect(
      (await login({ email: "guess-over@example.co.za", password: "Spray-Password-1" }, { headers: from(sprayer) }))
        .status,
    ).toBe(429);
    expect((await right(c.email, sprayer)).status).toBe(429);
    // Another address still gets in.
    expect((await right(c.email, fresh())).status).toBe(200);
  });

  test("a customer who has signed in on this browser before gets in from an address a stranger has used up", async () => {
    const { db } = testDb();
    const victim = await makeCustomer(db);
    const shared = fresh(); // one address for a whole office, or a mobile network's NAT
    const browser = new CookieJar();
    const first = await right(victim.email, shared, browser);
    expect(first.status).toBe(200);
    const device = first.response.headers.getSetCookie().find((x) => x.startsWith(`${COOKIE.device}=`))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/Path=\/api/i);
    expect(device).not.toContain(first.body.token!);

    for (let i = 0; i < LOGIN_LIMITS.perClient.limit; i++) await wrong(victim.email, shared);
    for (let i = 0; i < LOGIN_LIMITS.perAddress.limit; i++)
      await login({ email: `spray${i}@example.co.za`, password: "Spray-Password-1" }, { headers: from(shared) });
    expect((await right(victim.email, shared)).status).toBe(429);

    browser.set(COOKIE.session, ""); // signed out, the browser keeps only what identifies it
    const again = await right(victim.email, shared, browser);
    expect(again.status).toBe(200);
    expect(again.body.customer!.user_id).toBe(victim.customer.id);
  });

  test("a known browser still cannot guess without limit, and its mark works for its own account only", async () => {
    const { db } = testDb();
    const victim = await makeCustomer(db);
    const other = await makeCustomer(db);
    const browser = new CookieJar();
    expect((await right(victim.email, fresh(), browser)).status).toBe(200);
    const address = fresh();
    for (let i = 0; i < LOGIN_LIMITS.perClient.limit; i++)
      expect((await wrong(victim.email, address, browser)).status).toBe(401);
    expect((await right(victim.email, address, browser)).status).toBe(429);

    // For another account the mark counts for nothing: that address's own limits apply.
    const used = fresh();
    for (let i = 0; i < LOGIN_LIMITS.perClient.limit; i++) await wrong(other.email, used);
    const mark = browser.get(COOKIE.device)!;
    const borrowed = new CookieJar();
    borrowed.set(COOKIE.device, mark);
    expect((await right(other.email, used, borrowed)).status).toBe(429);

    // A forged or altered mark counts for nothing either.
    for (const forged of [`${mark}x`, mark.replace(/^\d+/, String(other.customer.id)), "1.2.3.4", ""]) {
      const jar = new CookieJar();
      jar.set(COOKIE.device, forged);
      expect((await right(other.email, used, jar)).status).toBe(429);
    }
  });

  test("guesses sent all at once get no more tries than one after another", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const attacker = fresh();
    const statuses = await Promise.all(
      Array.from({ length: 3 * LOGIN_LIMITS.perClient.limit }, () => wrong(c.email, attacker).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perClient.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * LOGIN_LIMITS.perClient.limit);
    expect((await right(c.email, attacker)).status).toBe(429);
  });

  test("rotating X-Forwarded-For gains nothing: the address is the one the shop's server appended", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const socket = fresh();
    for (let i = 0; i < LOGIN_LIMITS.perClient.limit; i++) {
      expect(
        (await login({ email: c.email, password: "Wrong-Password-1" }, { headers: from(`10.9.${i}.1, ${socket}`) }))
          .status,
      ).toBe(401);
    }
    expect(
      (await login({ email: c.email, password: GOOD_PASSWORD }, { headers: from(`10.9.200.1, ${socket}`) })).status,
    ).toBe(429);
  });
});
