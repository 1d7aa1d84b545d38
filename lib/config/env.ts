import { z } from "zod";
import { CACHE_LIMITS } from "./cache.mjs";
import { ConfigError, type ConfigProblem } from "./problems";
import { shopTime } from "./shop-time";
import { PUBLIC_VARIABLES, publicEnv, publicEnvProblems, readPublicEnv, type PublicEnv, type RawEnv } from "./public";

/*
 * The server's configuration: one schema over the environment, read once. Every module reads its
 * settings from serverEnv() (or, for what the browser needs too, publicEnv() in ./public), and the
 * server checks the whole of it before it serves (instrumentation.ts): every problem at once,
 * each naming its variable, never its value. Unset and blank are the same: the default.
 *
 * Server-side only, though not marked `server-only`: the stand-in server and the scripts run it
 * outside Next. lib/config/client-bundle.test.ts keeps it out of the browser's modules.
 * Relative imports only: next.config.ts reads the build's part of it (buildEnv) without `@/` paths.
 */

const blank = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  z.preprocess(blank, schema.optional()).transform((v) => (v ?? fallback) as z.output<T>);

const text = () => optional(z.string());
const flag = (fallback: boolean) =>
  withDefault(
    z.stringbool({ truthy: ["1", "true"], falsy: ["0", "false"], error: "must be 1 or 0 (or true or false)" }),
    fallback,
  );
const whole = (min: number, max: number, fallback: number) =>
  withDefault(
    z
      .string()
      .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
        error: `must be a whole number from ${min} to ${max}`,
      })
      .transform(Number),
    fallback,
  );
/** A bound of the page cache: its range and default live in ./cache.mjs, where the cache reads it. */
const limit = ({ min, max, fallback }: { min: number; max: number; fallback: number }) => whole(min, max, fallback);
const address = (protocols: RegExp, what: string) =>
  z.url({ protocol: protocols, error: `must be ${what}` }).transform((v) => v.replace(/\/+$/, ""));
const httpAddress = () => optional(address(/^https?$/, "an http(s) address"));
const list = (item: RegExp, what: string) =>
  withDefault(
    z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((items) => items.every((i) => item.test(i)), { error: `must be ${what}, separated by commas` }),
    [] as string[],
  );

/** 2027-02-29 is no day (Date.parse would roll it over into March). */
const realDay = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isFinite(at.getTime()) && at.toISOString().startsWith(day);
};

/** A campaign date: 2027-03-31 (the whole day, South African time) or an ISO date and time with its offset. */
const campaignDate = (edge: "start" | "end", fallback: string) =>
  withDefault(
    z
      .string()
      .transform((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? shopTime(v, edge === "start" ? "00:00:00" : "23:59:59") : v))
      .refine(
        (v) =>
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
          realDay(v.slice(0, 10)) &&
          Number.isFinite(Date.parse(v)),
        {
          error: `must be a date (2027-03-31) or a date and time with its offset (${shopTime("2027-03-31", "23:59:59")})`,
        },
      ),
    fallback,
  );

const SERVER_FIELDS = {
  NODE_ENV: withDefault(
    z.enum(["development", "production", "test"], { error: "must be development, production or test" }),
    "development",
  ),

  DATABASE_URL: optional(
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/.+|memory:\/\/)$/, { error: "must be postgres://…, postgresql://… or memory://" }),
  ),
  PGLITE_DIR: withDefault(z.string(), ".data/pglite"),
  DATABASE_POOL_MAX: whole(1, 1000, 10),
  KAYA_SKIP_SEED: flag(false),
  MIGRATE_ON_START: optional(
    z.stringbool({ truthy: ["1", "true"], falsy: ["0", "false"], error: "must be 1 or 0 (or true or false)" }),
  ),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// address" })),
  CACHE_MEMORY_MB: limit(CACHE_LIMITS.CACHE_MEMORY_MB),
  CACHE_DISK_MB: limit(CACHE_LIMITS.CACHE_DISK_MB),
  CACHE_REDIS_MAX_ENTRIES: limit(CACHE_LIMITS.CACHE_REDIS_MAX_ENTRIES),
  CACHE_REDIS_TTL_HOURS: limit(CACHE_LIMITS.CACHE_REDIS_TTL_HOURS),
  SHUTDOWN_TIMEOUT_MS: whole(1000, 600_000, 10_000),

  SITE_URL: httpAddress(),
  TRUSTED_PROXIES: whole(0, 9, 0),

  SESSION_SECRET: optional(z.string().min(32, { error: "must be at least 32 characters long" })),
  KAYA_ALLOW_DEV_SECRET: flag(false),
  COOKIE_SECURE: optional(
    z.stringbool({ truthy: ["1", "true"], falsy: ["0", "false"], error: "must be true or false" }),
  ),
  SITE_PASSWORD: text(),
  STAFF_SESSION_HOURS: whole(1, 72, 8),
  STAFF_INVITATION_DAYS: whole(1, 30, 7),

  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// address" })),
  MAIL_FROM: text(),
  MAIL_SPOOL_DIR: text(),
  MAIL_KEEP_IN_OUTBOX: flag(false),

  REVIEWS_MODERATION: withDefault(
    z.preprocess(
      (v) => (typeof v === "string" ? v.toLowerCase() : v),
      z.enum(["publish", "hold"], { error: "must be publish or hold" }),
    ),
    "hold",
  ),
  LOW_STOCK_THRESHOLD: whole(0, 10_000, 3),

  KAYA_ORDER_EXPIRY_JOB: flag(true),
  KAYA_PUBLISH_JOB: flag(true),
  CRON_SECRET: text(),
  CHECKOUT_RATE_LIMIT_PER_HOUR: whole(1, 1_000_000, 300),
  BANK_TRANSFER_HOLD_DAYS: whole(1, 60, 7),
  BANK_TRANSFER_REMINDER_HOURS: whole(1, 60 * 24 - 1, 24),

  GIVEAWAY_EDEN_OPENS_AT: campaignDate("start", shopTime("2026-11-01")),
  GIVEAWAY_EDEN_CLOSES_AT: campaignDate("end", shopTime("2027-03-31", "23:59:59")),
  GIVEAWAY_COUCH_OPENS_AT: campaignDate("start", shopTime("2026-08-01")),
  GIVEAWAY_COUCH_CLOSES_AT: campaignDate("end", shopTime("2026-09-30", "23:59:59")),

  PAYMENTS_ALLOW_STANDINS: flag(false),
  STANDINS_URL: withDefault(
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) address, e.g. http://127.0.0.1:3010" })
      .transform((v) => `${new URL(v).origin}${new URL(v).pathname}`.replace(/\/+$/, "")),
    "http://127.0.0.1:3010",
  ),
  PAYFAST_MERCHANT_ID: text(),
  PAYFAST_MERCHANT_KEY: text(),
  PAYFAST_PASSPHRASE: text(),
  PAYFAST_BASE_URL: httpAddress(),
  PAYFAST_VALID_IPS: list(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, "IP addresses or CIDR ranges"),
  PAYFAST_VALID_HOSTS: list(/^[a-zA-Z0-9.-]+$/, "host names"),
  OZOW_SITE_CODE: text(),
  OZOW_PRIVATE_KEY: text(),
  OZOW_API_KEY: text(),
  OZOW_PAY_URL: httpAddress(),
  OZOW_API_URL: httpAddress(),
  OZOW_IS_TEST: flag(false),
  PAYJUSTNOW_MERCHANT_ID: text(),
  PAYJUSTNOW_API_KEY: text(),
  PAYJUSTNOW_BASE_URL: httpAddress(),
  FINCHOICE_MERCHANT_ID: text(),
  FINCHOICE_SECRET: text(),
  FINCHOICE_BASE_URL: httpAddress(),

  SENTRY_DSN: httpAddress(),

  TEST_POSTGRES_URL: optional(z.string().regex(/^postgres(ql)?:\/\/.+/, { error: "must be a postgres:// address" })),
};

/** Read only by next.config.ts, when the shop is built. */
const BUILD_FIELDS = {
  KAYA_BUILD_ID: optional(
    z.string().regex(/^[\w.-]{1,64}$/, { error: "must be 1 to 64 letters, digits, dots, dashes or underscores" }),
  ),
};

type Fields = typeof SERVER_FIELDS;
type Parsed = { [K in keyof Fields]: z.output<Fields[K]> };

/** The server's settings, with every default applied. SITE_URL falls back to NEXT_PUBLIC_SITE_URL. */
export type ServerEnv = Omit<Parsed, "SITE_URL"> & { SITE_URL: string };
export type ServerVariable = keyof Fields;

/** Every variable the shop reads, for the documentation's check. */
export const CONFIG_VARIABLES: readonly string[] = [
  ...Object.keys(SERVER_FIELDS),
  ...PUBLIC_VARIABLES,
  ...Object.keys(BUILD_FIELDS),
];

function parseFields<F extends Record<string, z.ZodType>>(
  fields: F,
  raw: RawEnv,
  problems: ConfigProblem[],
): { [K in keyof F]: z.output<F[K]> } {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(fields)) {
    const result = schema.safeParse(raw[name]);
    if (result.success) out[name] = result.data;
    else problems.push({ variable: name, message: result.error.issues[0]?.message ?? "is not valid" });
  }
  return out as { [K in keyof F]: z.output<F[K]> };
}

/**
 * Each payment gateway's credentials, set together or not at all; some need more with them, some
 * may only come with them. A gateway without them is not offered (or, where stand-ins are allowed,
 * goes to its stand-in). The bank account for transfers is not here: staff keep it in the back
 * office's settings.
 */
export const PROVIDER_CREDENTIALS: ReadonlyArray<{
  method: "payfast" | "ozow" | "payjustnow" | "finchoice";
  provider: string;
  together: ServerVariable[];
  needs?: ServerVariable[];
  onlyWith?: ServerVariable[];
}> = [
  {
    method: "payfast",
    provider: "PayFast",
    together: ["PAYFAST_MERCHANT_ID", "PAYFAST_MERCHANT_KEY"],
    onlyWith: ["PAYFAST_PASSPHRASE"],
  },
  { method: "ozow", provider: "Ozow", together: ["OZOW_SITE_CODE", "OZOW_PRIVATE_KEY", "OZOW_API_KEY"] },
  { method: "payjustnow", provider: "PayJustNow", together: ["PAYJUSTNOW_MERCHANT_ID", "PAYJUSTNOW_API_KEY"] },
  {
    method: "finchoice",
    provider: "FinChoice",
    together: ["FINCHOICE_MERCHANT_ID", "FINCHOICE_SECRET"],
    needs: ["FINCHOICE_BASE_URL"],
  },
];

/** Variables an earlier version read, whose facts staff now keep in the back office's settings. */
const MOVED_TO_SETTINGS = [
  "BANK_ACCOUNT_NAME",
  "BANK_NAME",
  "BANK_ACCOUNT_NUMBER",
  "BANK_BRANCH_CODE",
  "BANK_ACCOUNT_TYPE",
];

/** Rules between variables, checked on those that parsed. */
function crossChecks(env: Partial<Parsed>, raw: RawEnv, problems: ConfigProblem[]): void {
  const given = (name: ServerVariable) => Boolean(raw[name]?.trim());
  const bad = new Set(problems.map((p) => p.variable));

  const production = env.NODE_ENV === "production" && raw.NEXT_PHASE !== "phase-production-build";
  if (
    production &&
    given("DATABASE_URL") &&
    !given("SESSION_SECRET") &&
    !bad.has("SESSION_SECRET") &&
    env.KAYA_ALLOW_DEV_SECRET === false
  ) {
    problems.push({
      variable: "SESSION_SECRET",
      message:
        "is required in production with DATABASE_URL: 32+ characters, the same in every process (openssl rand -base64 48)",
    });
  }

  if (
    servesTheWorld(env, raw) &&
    !given("SMTP_URL") &&
    !given("MAIL_SPOOL_DIR") &&
    !bad.has("SMTP_URL") &&
    env.MAIL_KEEP_IN_OUTBOX === false
  ) {
    problems.push({
      variable: "SMTP_URL",
      message:
        "is required in production: without it every e-mail (order confirmations, reset codes, the shop's new orders) waits in the outbox, unsent. Set MAIL_KEEP_IN_OUTBOX=1 to start without it on purpose",
    });
  }

  for (const name of MOVED_TO_SETTINGS) {
    if ((raw as Record<string, string | undefined>)[name]?.trim())
      problems.push({
        variable: name,
        message:
          "is no longer read: the bank account for transfers is kept in the back office (Settings), where staff change it without a restart. Save it there and remove this variable",
      });
  }

  const hold = env.BANK_TRANSFER_HOLD_DAYS;
  const reminder = env.BANK_TRANSFER_REMINDER_HOURS;
  if (hold !== undefined && reminder !== undefined && reminder >= hold * 24) {
    problems.push({
      variable: "BANK_TRANSFER_REMINDER_HOURS",
      message: `must be less than the hold of ${hold} days (${hold * 24} hours)`,
    });
  }

  for (const { provider, together, needs = [], onlyWith = [] } of PROVIDER_CREDENTIALS) {
    const set = together.filter(given);
    const missing = [...together, ...needs].filter((n) => !given(n));
    if (set.length > 0 && missing.length > 0) {
      for (const name of missing)
        problems.push({
          variable: name,
          message: `must be set with ${set.join(" and ")}: ${provider} needs ${[...together, ...needs].join(", ")}, or none of them`,
        });
    }
    if (set.length === 0) {
      for (const name of onlyWith.filter(given))
        problems.push({
          variable: name,
          message: `is set without ${together.join(", ")}: ${provider} uses it only with them`,
        });
    }
  }

  for (const campaign of ["EDEN", "COUCH"] as const) {
    const opens = env[`GIVEAWAY_${campaign}_OPENS_AT`];
    const closes = env[`GIVEAWAY_${campaign}_CLOSES_AT`];
    if (opens && closes && Date.parse(opens) >= Date.parse(closes)) {
      const variable = given(`GIVEAWAY_${campaign}_CLOSES_AT`)
        ? `GIVEAWAY_${campaign}_CLOSES_AT`
        : `GIVEAWAY_${campaign}_OPENS_AT`;
      problems.push({ variable, message: `the campaign must close after it opens (opens ${opens}, closes ${closes})` });
    }
  }
}

/** A production server on PostgreSQL, not a demo (KAYA_ALLOW_DEV_SECRET) and not a build. */
function servesTheWorld(env: Partial<Parsed>, raw: RawEnv): boolean {
  return (
    env.NODE_ENV === "production" &&
    raw.NEXT_PHASE !== "phase-production-build" &&
    Boolean(raw.DATABASE_URL?.trim()) &&
    env.KAYA_ALLOW_DEV_SECRET === false
  );
}

/** https, or a loopback address (a production build tried out on the machine itself). */
function secureAddress(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" || hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/**
 * Parses a whole environment: the settings, or every problem with them. The public part is the
 * one this code was built with (a server bundle's NEXT_PUBLIC_ values are fixed when it is built).
 */
export function parseServerEnv(
  raw: RawEnv,
  publicPart: { env: PublicEnv; problems: readonly ConfigProblem[] } = readPublicEnv(raw),
): { ok: true; env: ServerEnv } | { ok: false; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const parsed = parseFields(SERVER_FIELDS, raw, problems);
  crossChecks(parsed, raw, problems);
  problems.push(...publicPart.problems);
  const site = parsed.SITE_URL ?? publicPart.env.NEXT_PUBLIC_SITE_URL;
  if (servesTheWorld(parsed, raw) && site && !problems.some((p) => p.variable === "SITE_URL") && !secureAddress(site)) {
    problems.push({
      variable: raw.SITE_URL?.trim() ? "SITE_URL" : "NEXT_PUBLIC_SITE_URL",
      message:
        "must be an https:// address in production with DATABASE_URL (cookies, payment returns and canonical links are built on it)",
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, env: { ...parsed, SITE_URL: site } };
}

let memo: ServerEnv | undefined;

/**
 * The server's configuration, read from the environment once. Throws a ConfigError naming every
 * problem (the server checks it at start, so a running server never does).
 */
export function serverEnv(): ServerEnv {
  if (memo) return memo;
  const result = parseServerEnv(process.env, { env: publicEnv(), problems: publicEnvProblems() });
  if (!result.ok) throw new ConfigError(result.problems);
  memo = result.env;
  return memo;
}

/** Forget what was read (tests that change the environment: use setEnv from ./set-env). */
export function resetServerEnv(): void {
  memo = undefined;
}

const BUILD_GATEWAY_FIELDS = {
  NODE_ENV: SERVER_FIELDS.NODE_ENV,
  STANDINS_URL: SERVER_FIELDS.STANDINS_URL,
  PAYFAST_MERCHANT_ID: SERVER_FIELDS.PAYFAST_MERCHANT_ID,
  PAYFAST_BASE_URL: SERVER_FIELDS.PAYFAST_BASE_URL,
  OZOW_SITE_CODE: SERVER_FIELDS.OZOW_SITE_CODE,
  OZOW_PAY_URL: SERVER_FIELDS.OZOW_PAY_URL,
  OZOW_API_URL: SERVER_FIELDS.OZOW_API_URL,
  ...BUILD_FIELDS,
};

export type BuildEnv = { [K in keyof typeof BUILD_GATEWAY_FIELDS]: z.output<(typeof BUILD_GATEWAY_FIELDS)[K]> };

/**
 * What next.config.ts needs when the shop is built (the build id, where the checkout's forms go)
 * and the public values fixed into the bundles: checked, every problem at once. The server's
 * other settings are checked when it starts, so a build needs none of its secrets.
 */
export function buildEnv(raw: RawEnv = process.env): BuildEnv {
  const problems: ConfigProblem[] = [];
  const env = parseFields(BUILD_GATEWAY_FIELDS, raw, problems);
  problems.push(...readPublicEnv(raw).problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return env;
}
