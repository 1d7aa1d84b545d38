import { buildEnv, parseServerEnv, serverEnv } from "@/lib/config/env";
import { ConfigError } from "@/lib/config/problems";
import { publicEnv, readPublicEnv } from "@/lib/config/public";
import { setEnv } from "@/lib/config/set-env";

const problems = (raw: Record<string, string | undefined>) => {
  const parsed = parseServerEnv(raw);
  return parsed.ok ? [] : parsed.problems;
};
const named = (raw: Record<string, string | undefined>) => problems(raw).map((p) => p.variable);

describe("the server's configuration", () => {
  test("nothing set: every default, typed", () => {
    const parsed = parseServerEnv({});
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.env).toMatchObject({
      NODE_ENV: "development",
      DATABASE_URL: undefined,
      PGLITE_DIR: ".data/pglite",
      DATABASE_POOL_MAX: 10,
      KAYA_SKIP_SEED: false,
      SITE_URL: "http://localhost:3000",
      TRUSTED_PROXIES: 0,
      REVIEWS_MODERATION: "hold",
      LOW_STOCK_THRESHOLD: 3,
      KAYA_ORDER_EXPIRY_JOB: true,
      KAYA_PUBLISH_JOB: true,
      BANK_TRANSFER_HOLD_DAYS: 7,
      BANK_TRANSFER_REMINDER_HOURS: 24,
      STANDINS_URL: "http://127.0.0.1:3010",
      PAYFAST_VALID_IPS: [],
      OZOW_IS_TEST: false,
      GIVEAWAY_EDEN_OPENS_AT: "2026-11-01T00:00:00+02:00",
      GIVEAWAY_EDEN_CLOSES_AT: "2027-03-31T23:59:59+02:00",
    });
  });

  test("values are trimmed and converted; blank is unset", () => {
    const parsed = parseServerEnv({
      DATABASE_POOL_MAX: " 25 ",
      KAYA_SKIP_SEED: "1",
      COOKIE_SECURE: "false",
      SITE_URL: "https://kaya.example/",
      PGLITE_DIR: "",
      PAYFAST_VALID_IPS: "10.0.0.0/8, 192.0.2.7",
      NEXT_PUBLIC_SITE_URL: "https://public.example",
    });
    expect(parsed.ok && parsed.env).toMatchObject({
      DATABASE_POOL_MAX: 25,
      KAYA_SKIP_SEED: true,
      COOKIE_SECURE: false,
      SITE_URL: "https://kaya.example",
      PGLITE_DIR: ".data/pglite",
      PAYFAST_VALID_IPS: ["10.0.0.0/8", "192.0.2.7"],
    });
    // SITE_URL falls back to the public address.
    expect(parseServerEnv({ NEXT_PUBLIC_SITE_URL: "https://public.example/" })).toMatchObject({
      ok: true,
      env: { SITE_URL: "https://public.example" },
    });
  });

  test("every problem at once, each naming its variable", () => {
    expect(
      problems({
        DATABASE_POOL_MAX: "lots",
        TRUSTED_PROXIES: "-1",
        DATABASE_URL: "mysql://x",
        COOKIE_SECURE: "yes",
        STANDINS_URL: "javascript:alert(1)",
        SMTP_URL: "http://mail",
        NEXT_PUBLIC_GTM_ID: "UA-1",
      }),
    ).toEqual([
      { variable: "DATABASE_URL", message: "must be postgres://…, postgresql://… or memory://" },
      { variable: "DATABASE_POOL_MAX", message: "must be a whole number from 1 to 1000" },
      { variable: "TRUSTED_PROXIES", message: "must be a whole number from 0 to 9" },
      { variable: "COOKIE_SECURE", message: "must be true or false" },
      { variable: "SMTP_URL", message: "must be an smtp:// or smtps:// address" },
      { variable: "STANDINS_URL", message: "must be an http(s) address, e.g. http://127.0.0.1:3010" },
      { variable: "NEXT_PUBLIC_GTM_ID", message: "must be a Tag Manager container id such as GTM-AB12CD3" },
    ]);
  });

  test("a problem never carries the value, which may be a secret", () => {
    const secrets = {
      SESSION_SECRET: "short-secret-value",
      DATABASE_URL: "mysql://user:hunter2@db",
      SMTP_URL: "http://user:hunter2@mail",
    };
    const text = new ConfigError(problems(secrets)).message;
    expect(named(secrets).sort()).toEqual(["DATABASE_URL", "SESSION_SECRET", "SMTP_URL"]);
    for (const value of ["short-secret-value", "hunter2"]) expect(text).not.toContain(value);
  });

  test("SESSION_SECRET is required in production with DATABASE_URL, not while building or with the demo's permission", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://postgres@127.0.0.1/kaya",
      SMTP_URL: "smtps://u:p@smtp.example.co.za:465",
    };
    expect(problems(production)).toEqual([
      { variable: "SESSION_SECRET", message: expect.stringMatching(/^is required in production with DATABASE_URL/) },
    ]);
    expect(named({ ...production, SESSION_SECRET: "s".repeat(32) })).toEqual([]);
    expect(named({ ...production, KAYA_ALLOW_DEV_SECRET: "1" })).toEqual([]);
    expect(named({ ...production, NEXT_PHASE: "phase-production-build" })).toEqual([]);
    expect(named({ NODE_ENV: "production" })).toEqual([]);
    expect(named({ ...production, NODE_ENV: "development" })).toEqual([]);
  });

  test("a production server on PostgreSQL needs an https address; loopback, demos and builds do not", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://postgres@127.0.0.1/kaya",
      SESSION_SECRET: "s".repeat(32),
      SMTP_URL: "smtps://u:p@smtp.example.co.za:465",
    };
    expect(problems({ ...production, SITE_URL: "http://kaya-living.example" })).toEqual([
      { variable: "SITE_URL", message: expect.stringMatching(/^must be an https:\/\/ address in production/) },
    ]);
    expect(named({ ...production, NEXT_PUBLIC_SITE_URL: "http://kaya-living.example" })).toEqual([
      "NEXT_PUBLIC_SITE_URL",
    ]);
    expect(named({ ...production, SITE_URL: "https://kaya-living.example" })).toEqual([]);
    expect(named({ ...production, SITE_URL: "http://127.0.0.1:3000" })).toEqual([]);
    expect(named({ ...production, SITE_URL: "http://kaya-living.example", KAYA_ALLOW_DEV_SECRET: "1" })).toEqual([]);
    expect(
      named({ ...production, SITE_URL: "http://kaya-living.example", NEXT_PHASE: "phase-production-build" }),
    ).toEqual([]);
  });

  test("a payment provider's credentials are all set or none", () => {
    expect(named({ PAYFAST_MERCHANT_ID: "1" })).toEqual(["PAYFAST_MERCHANT_KEY"]);
    expect(named({ PAYFAST_PASSPHRASE: "p" })).toEqual(["PAYFAST_PASSPHRASE"]);
    expect(named({ OZOW_PRIVATE_KEY: "k" })).toEqual(["OZOW_SITE_CODE", "OZOW_API_KEY"]);
    expect(named({ FINCHOICE_SECRET: "s" })).toEqual(["FINCHOICE_MERCHANT_ID", "FINCHOICE_BASE_URL"]);
    // Addresses alone point the test credentials elsewhere (a sandbox).
    expect(
      named({
        PAYFAST_BASE_URL: "https://sandbox.payfast.co.za",
        PAYJUSTNOW_BASE_URL: "https://sandbox.payjustnow.com",
        FINCHOICE_BASE_URL: "https://finchoice.example",
      }),
    ).toEqual([]);
    expect(
      named({
        PAYFAST_MERCHANT_ID: "1",
        PAYFAST_MERCHANT_KEY: "k",
        PAYFAST_PASSPHRASE: "p",
        OZOW_SITE_CODE: "S",
        OZOW_PRIVATE_KEY: "p",
        OZOW_API_KEY: "a",
      }),
    ).toEqual([]);
  });

  test("production on PostgreSQL needs SMTP_URL, unless mail is kept in the outbox or spooled on purpose", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://postgres@127.0.0.1/kaya",
      SESSION_SECRET: "s".repeat(32),
      SITE_URL: "https://kaya-living.example",
    };
    expect(problems(production)).toEqual([
      { variable: "SMTP_URL", message: expect.stringMatching(/^is required in production: .* MAIL_KEEP_IN_OUTBOX=1/) },
    ]);
    expect(named({ ...production, SMTP_URL: "smtps://u:p@smtp.example.co.za:465" })).toEqual([]);
    expect(named({ ...production, MAIL_KEEP_IN_OUTBOX: "1" })).toEqual([]);
    expect(named({ ...production, MAIL_SPOOL_DIR: "/var/spool/kaya" })).toEqual([]);
    expect(named({ ...production, KAYA_ALLOW_DEV_SECRET: "1" })).toEqual([]);
  });

  test("the bank account's old variables are refused, pointing to the back office's settings", () => {
    const said = problems({ BANK_ACCOUNT_NUMBER: "62000000001", BANK_NAME: "FNB" });
    expect(said.map((p) => p.variable).sort()).toEqual(["BANK_ACCOUNT_NUMBER", "BANK_NAME"]);
    for (const p of said) expect(p.message).toMatch(/^is no longer read: .* back office \(Settings\)/);
  });

  test("the reminder comes inside the hold", () => {
    expect(named({ BANK_TRANSFER_HOLD_DAYS: "1", BANK_TRANSFER_REMINDER_HOURS: "23" })).toEqual([]);
    expect(problems({ BANK_TRANSFER_HOLD_DAYS: "1" })).toEqual([
      { variable: "BANK_TRANSFER_REMINDER_HOURS", message: "must be less than the hold of 1 days (24 hours)" },
    ]);
  });

  test("campaign dates: a day or a moment with its offset, real, and closing after opening", () => {
    const dates = (raw: Record<string, string>) => {
      const parsed = parseServerEnv(raw);
      return parsed.ok
        ? [parsed.env.GIVEAWAY_COUCH_OPENS_AT, parsed.env.GIVEAWAY_COUCH_CLOSES_AT]
        : parsed.problems.map((p) => p.variable);
    };
    expect(dates({ GIVEAWAY_COUCH_OPENS_AT: "2027-01-01", GIVEAWAY_COUCH_CLOSES_AT: "2027-01-31" })).toEqual([
      "2027-01-01T00:00:00+02:00",
      "2027-01-31T23:59:59+02:00",
    ]);
    expect(dates({ GIVEAWAY_COUCH_CLOSES_AT: "2026-09-30T18:00:00Z" })).toEqual([
      "2026-08-01T00:00:00+02:00",
      "2026-09-30T18:00:00Z",
    ]);
    for (const bad of ["2027-02-29", "2027-13-01", "2027-01-31T12:00:00", "next week"])
      expect(dates({ GIVEAWAY_COUCH_CLOSES_AT: bad })).toEqual(["GIVEAWAY_COUCH_CLOSES_AT"]);
    expect(dates({ GIVEAWAY_COUCH_CLOSES_AT: "2026-07-31" })).toEqual(["GIVEAWAY_COUCH_CLOSES_AT"]);
    expect(dates({ GIVEAWAY_COUCH_OPENS_AT: "2026-10-01" })).toEqual(["GIVEAWAY_COUCH_OPENS_AT"]);
  });

  test("is read once; setEnv makes it read again", () => {
    const first = serverEnv();
    expect(serverEnv()).toBe(first);
    const restore = setEnv({ TRUSTED_PROXIES: "3" });
    try {
      expect(serverEnv()).not.toBe(first);
      expect(serverEnv().TRUSTED_PROXIES).toBe(3);
    } finally {
      restore();
    }
    expect(serverEnv().TRUSTED_PROXIES).toBe(first.TRUSTED_PROXIES);
  });

  test("a bad environment throws one error naming every problem", () => {
    const restore = setEnv({ DATABASE_POOL_MAX: "0", REVIEWS_MODERATION: "maybe" });
    try {
      expect(() => serverEnv()).toThrow(ConfigError);
      expect(() => serverEnv()).toThrow(
        /DATABASE_POOL_MAX: must be a whole number from 1 to 1000\n {2}REVIEWS_MODERATION: must be publish or hold/,
      );
    } finally {
      restore();
    }
  });
});

describe("the build's configuration", () => {
  test("checks what the build fixes into the bundles, not the server's secrets", () => {
    expect(
      buildEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://x@db/kaya", KAYA_BUILD_ID: "20261123" }),
    ).toMatchObject({
      NODE_ENV: "production",
      KAYA_BUILD_ID: "20261123",
      STANDINS_URL: "http://127.0.0.1:3010",
    });
    expect(() =>
      buildEnv({ NEXT_PUBLIC_SITE_URL: "kaya.example", KAYA_BUILD_ID: "a b", OZOW_PAY_URL: "ftp://pay" }),
    ).toThrow(/NEXT_PUBLIC_SITE_URL|KAYA_BUILD_ID|OZOW_PAY_URL/);
    try {
      buildEnv({ NEXT_PUBLIC_SITE_URL: "kaya.example", KAYA_BUILD_ID: "a b", OZOW_PAY_URL: "ftp://pay" });
    } catch (err) {
      expect((err as ConfigError).problems.map((p) => p.variable).sort()).toEqual([
        "KAYA_BUILD_ID",
        "NEXT_PUBLIC_SITE_URL",
        "OZOW_PAY_URL",
      ]);
    }
  });
});

describe("the public configuration", () => {
  test("defaults, and a bad value falls back while it is reported", () => {
    expect(readPublicEnv({})).toEqual({
      env: expect.objectContaining({
        NEXT_PUBLIC_SITE_NAME: "Kaya Living",
        NEXT_PUBLIC_SITE_URL: "http://localhost:3000",
        NEXT_PUBLIC_CANONICAL_PARAMS: ["page", "sort"],
        NEXT_PUBLIC_GTM_ID: undefined,
      }),
      problems: [],
    });
    const bad = readPublicEnv({
      NEXT_PUBLIC_GTM_ID: "gtm-ab12cd3",
      NEXT_PUBLIC_META_PIXEL_ID: "pixel",
      NEXT_PUBLIC_SITE_URL: "https://kaya.example/",
    });
    expect(bad.env).toMatchObject({
      NEXT_PUBLIC_GTM_ID: "GTM-AB12CD3",
      NEXT_PUBLIC_META_PIXEL_ID: undefined,
      NEXT_PUBLIC_SITE_URL: "https://kaya.example",
    });
    expect(bad.problems).toEqual([
      { variable: "NEXT_PUBLIC_META_PIXEL_ID", message: "must be a Meta pixel id (6 to 20 digits)" },
    ]);
  });

  test("the company's details: placeholders by default, checked when set", () => {
    expect(readPublicEnv({}).env).toMatchObject({
      NEXT_PUBLIC_COMPANY_NAME: "Kaya Living (Pty) Ltd",
      NEXT_PUBLIC_COMPANY_REGISTRATION: "2009/123456/07",
      NEXT_PUBLIC_VAT_NUMBER: "4123456789",
      NEXT_PUBLIC_SHOWROOM_ADDRESS: "14 Albert Road, Woodstock, Cape Town, 7925",
      NEXT_PUBLIC_OPENING_HOURS: "Mon–Fri 08:00–17:00, Sat 09:00–13:00",
      NEXT_PUBLIC_WHATSAPP_NUMBER: "27820000000",
    });
    const set = readPublicEnv({
      NEXT_PUBLIC_COMPANY_NAME: "Kaya Furniture Works (Pty) Ltd",
      NEXT_PUBLIC_COMPANY_REGISTRATION: "2015/987654/07",
      NEXT_PUBLIC_VAT_NUMBER: "4987654321",
      NEXT_PUBLIC_WHATSAPP_NUMBER: "+27 72 555 0101",
    });
    expect(set.problems).toEqual([]);
    expect(set.env).toMatchObject({
      NEXT_PUBLIC_COMPANY_NAME: "Kaya Furniture Works (Pty) Ltd",
      NEXT_PUBLIC_COMPANY_REGISTRATION: "2015/987654/07",
      NEXT_PUBLIC_VAT_NUMBER: "4987654321",
      NEXT_PUBLIC_WHATSAPP_NUMBER: "27725550101",
    });
    expect(readPublicEnv({ NEXT_PUBLIC_WHATSAPP_NUMBER: "072-555-0101" }).env.NEXT_PUBLIC_WHATSAPP_NUMBER).toBe(
      "27725550101",
    );
    const bad = readPublicEnv({
      NEXT_PUBLIC_COMPANY_REGISTRATION: "123456",
      NEXT_PUBLIC_VAT_NUMBER: "123",
      NEXT_PUBLIC_WHATSAPP_NUMBER: "call us",
    });
    expect(bad.problems.map((p) => p.variable)).toEqual([
      "NEXT_PUBLIC_WHATSAPP_NUMBER",
      "NEXT_PUBLIC_COMPANY_REGISTRATION",
      "NEXT_PUBLIC_VAT_NUMBER",
    ]);
    expect(bad.env.NEXT_PUBLIC_VAT_NUMBER).toBe("4123456789");
  });

  test("is read once; setEnv makes it read again", () => {
    const first = publicEnv();
    expect(publicEnv()).toBe(first);
    const restore = setEnv({ NEXT_PUBLIC_SITE_NAME: "Kaya Outlet" });
    try {
      expect(publicEnv().NEXT_PUBLIC_SITE_NAME).toBe("Kaya Outlet");
    } finally {
      restore();
    }
  });
});
