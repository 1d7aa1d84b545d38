import type { ConfigProblem } from "./problems";

/*
 * Configuration the browser needs, fixed into the bundles when the shop is built. Next inlines
 * only literal `process.env.NEXT_PUBLIC_…` references, so each is written out once, here. This
 * module is part of client bundles: plain checks, no schema library. A bad value falls back to
 * its default here; the build (next.config.ts) and the server's start refuse it, naming it.
 * Relative imports only: next.config.ts loads it without the `@/` paths.
 */

export type PublicEnv = {
  NEXT_PUBLIC_SITE_NAME: string;
  /** No trailing slash. */
  NEXT_PUBLIC_SITE_URL: string;
  NEXT_PUBLIC_TITLE_SEPARATOR: string;
  NEXT_PUBLIC_CONTACT_EMAIL: string;
  NEXT_PUBLIC_CONTACT_PHONE: string;
  /** International form, digits only (27…). */
  NEXT_PUBLIC_WHATSAPP_NUMBER: string;
  NEXT_PUBLIC_COMPANY_NAME: string;
  NEXT_PUBLIC_COMPANY_REGISTRATION: string;
  NEXT_PUBLIC_VAT_NUMBER: string;
  NEXT_PUBLIC_SHOWROOM_ADDRESS: string;
  NEXT_PUBLIC_OPENING_HOURS: string;
  NEXT_PUBLIC_TWITTER_HANDLE: string | undefined;
  NEXT_PUBLIC_INSTAGRAM_URL: string | undefined;
  NEXT_PUBLIC_FACEBOOK_URL: string | undefined;
  NEXT_PUBLIC_GOOGLE_MAPS_KEY: string | undefined;
  NEXT_PUBLIC_CANONICAL_PARAMS: string[];
  NEXT_PUBLIC_GTM_ID: string | undefined;
  NEXT_PUBLIC_META_PIXEL_ID: string | undefined;
  NEXT_PUBLIC_SENTRY_DSN: string | undefined;
};

export type PublicVariable = keyof PublicEnv;
export type RawEnv = Readonly<Record<string, string | undefined>>;

function rawPublicEnv(): Record<PublicVariable, string | undefined> {
  return {
    NEXT_PUBLIC_SITE_NAME: process.env.NEXT_PUBLIC_SITE_NAME,
    NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
    NEXT_PUBLIC_TITLE_SEPARATOR: process.env.NEXT_PUBLIC_TITLE_SEPARATOR,
    NEXT_PUBLIC_CONTACT_EMAIL: process.env.NEXT_PUBLIC_CONTACT_EMAIL,
    NEXT_PUBLIC_CONTACT_PHONE: process.env.NEXT_PUBLIC_CONTACT_PHONE,
    NEXT_PUBLIC_WHATSAPP_NUMBER: process.env.NEXT_PUBLIC_WHATSAPP_NUMBER,
    NEXT_PUBLIC_COMPANY_NAME: process.env.NEXT_PUBLIC_COMPANY_NAME,
    NEXT_PUBLIC_COMPANY_REGISTRATION: process.env.NEXT_PUBLIC_COMPANY_REGISTRATION,
    NEXT_PUBLIC_VAT_NUMBER: process.env.NEXT_PUBLIC_VAT_NUMBER,
    NEXT_PUBLIC_SHOWROOM_ADDRESS: process.env.NEXT_PUBLIC_SHOWROOM_ADDRESS,
    NEXT_PUBLIC_OPENING_HOURS: process.env.NEXT_PUBLIC_OPENING_HOURS,
    NEXT_PUBLIC_TWITTER_HANDLE: process.env.NEXT_PUBLIC_TWITTER_HANDLE,
    NEXT_PUBLIC_INSTAGRAM_URL: process.env.NEXT_PUBLIC_INSTAGRAM_URL,
    NEXT_PUBLIC_FACEBOOK_URL: process.env.NEXT_PUBLIC_FACEBOOK_URL,
    NEXT_PUBLIC_GOOGLE_MAPS_KEY: process.env.NEXT_PUBLIC_GOOGLE_MAPS_KEY,
    NEXT_PUBLIC_CANONICAL_PARAMS: process.env.NEXT_PUBLIC_CANONICAL_PARAMS,
    NEXT_PUBLIC_GTM_ID: process.env.NEXT_PUBLIC_GTM_ID,
    NEXT_PUBLIC_META_PIXEL_ID: process.env.NEXT_PUBLIC_META_PIXEL_ID,
    NEXT_PUBLIC_SENTRY_DSN: process.env.NEXT_PUBLIC_SENTRY_DSN,
  };
}

export const PUBLIC_DEFAULTS = {
  NEXT_PUBLIC_SITE_NAME: "Kaya Living",
  NEXT_PUBLIC_SITE_URL: "http://localhost:3000",
  NEXT_PUBLIC_TITLE_SEPARATOR: "|",
  NEXT_PUBLIC_CONTACT_EMAIL: "hello@kaya-living.example",
  NEXT_PUBLIC_CONTACT_PHONE: "021 000 0000",
  NEXT_PUBLIC_WHATSAPP_NUMBER: "082 000 0000",
  NEXT_PUBLIC_COMPANY_NAME: "Kaya Living (Pty) Ltd",
  NEXT_PUBLIC_COMPANY_REGISTRATION: "2009/123456/07",
  NEXT_PUBLIC_VAT_NUMBER: "4123456789",
  NEXT_PUBLIC_SHOWROOM_ADDRESS: "14 Albert Road, Woodstock, Cape Town, 7925",
  NEXT_PUBLIC_OPENING_HOURS: "Mon–Fri 08:00–17:00, Sat 09:00–13:00",
  NEXT_PUBLIC_CANONICAL_PARAMS: "page,sort",
} as const;

type Check = (value: string) => string | null;

const webAddress =
  (protocols: string[], what: string): Check =>
  (value) => {
    try {
      return protocols.includes(new URL(value).protocol) ? null : `must be ${what}`;
    } catch {
      return `must be ${what}`;
    }
  };
const pattern =
  (re: RegExp, what: string): Check =>
  (value) =>
    re.test(value) ? null : `must be ${what}`;

const CHECKS: Partial<Record<PublicVariable, Check>> = {
  NEXT_PUBLIC_SITE_URL: webAddress(["http:", "https:"], "an http(s) address, e.g. https://kaya-living.co.za"),
  NEXT_PUBLIC_CONTACT_EMAIL: pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "an e-mail address"),
  NEXT_PUBLIC_WHATSAPP_NUMBER: pattern(
    /^(\+?27|0)[\s-]?\d{2}[\s-]?\d{3}[\s-]?\d{4}$/,
    "a South African mobile number, e.g. 082 123 4567 or +27 82 123 4567",
  ),
  NEXT_PUBLIC_COMPANY_REGISTRATION: pattern(
    /^\d{4}\/\d{6}\/\d{2}$/,
    "a CIPC registration number such as 2009/123456/07",
  ),
  NEXT_PUBLIC_VAT_NUMBER: pattern(/^4\d{9}$/, "a South African VAT number (10 digits starting with 4)"),
  NEXT_PUBLIC_TWITTER_HANDLE: pattern(/^@?\w{1,15}$/, "an X handle such as @kayaliving"),
  NEXT_PUBLIC_INSTAGRAM_URL: webAddress(["https:"], "an https:// address"),
  NEXT_PUBLIC_FACEBOOK_URL: webAddress(["https:"], "an https:// address"),
  NEXT_PUBLIC_GOOGLE_MAPS_KEY: pattern(/^[\w-]+$/, "a Google Maps API key (letters, digits, - and _)"),
  NEXT_PUBLIC_CANONICAL_PARAMS: pattern(/^[\w.-]+(\s*,\s*[\w.-]+)*$/, "query parameter names separated by commas"),
  NEXT_PUBLIC_GTM_ID: pattern(/^GTM-[A-Z0-9]{4,12}$/i, "a Tag Manager container id such as GTM-AB12CD3"),
  NEXT_PUBLIC_META_PIXEL_ID: pattern(/^\d{6,20}$/, "a Meta pixel id (6 to 20 digits)"),
  NEXT_PUBLIC_SENTRY_DSN: webAddress(["http:", "https:"], "a Sentry DSN (https://key@host/project)"),
};

/** 082 123 4567 or +27 82 123 4567 as wa.me wants it: 27821234567. */
function internationalNumber(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("0") ? `27${digits.slice(1)}` : digits;
}

export const PUBLIC_VARIABLES = Object.keys(rawPublicEnv()) as PublicVariable[];

/** Parses the public variables: unset or blank means the default; a bad value is a problem. */
export function readPublicEnv(raw: RawEnv): { env: PublicEnv; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const given = (name: PublicVariable): string | undefined => {
    const value = raw[name]?.trim();
    if (!value) return undefined;
    const problem = CHECKS[name]?.(value);
    if (!problem) return value;
    problems.push({ variable: name, message: problem });
    return undefined;
  };
  const site = (given("NEXT_PUBLIC_SITE_URL") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_SITE_URL).replace(/\/+$/, "");
  const env: PublicEnv = {
    NEXT_PUBLIC_SITE_NAME: given("NEXT_PUBLIC_SITE_NAME") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_SITE_NAME,
    NEXT_PUBLIC_SITE_URL: site,
    NEXT_PUBLIC_TITLE_SEPARATOR: given("NEXT_PUBLIC_TITLE_SEPARATOR") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_TITLE_SEPARATOR,
    NEXT_PUBLIC_CONTACT_EMAIL: given("NEXT_PUBLIC_CONTACT_EMAIL") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_CONTACT_EMAIL,
    NEXT_PUBLIC_CONTACT_PHONE: given("NEXT_PUBLIC_CONTACT_PHONE") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_CONTACT_PHONE,
    NEXT_PUBLIC_WHATSAPP_NUMBER: internationalNumber(
      given("NEXT_PUBLIC_WHATSAPP_NUMBER") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_WHATSAPP_NUMBER,
    ),
    NEXT_PUBLIC_COMPANY_NAME: given("NEXT_PUBLIC_COMPANY_NAME") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_COMPANY_NAME,
    NEXT_PUBLIC_COMPANY_REGISTRATION:
      given("NEXT_PUBLIC_COMPANY_REGISTRATION") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_COMPANY_REGISTRATION,
    NEXT_PUBLIC_VAT_NUMBER: given("NEXT_PUBLIC_VAT_NUMBER") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_VAT_NUMBER,
    NEXT_PUBLIC_SHOWROOM_ADDRESS: given("NEXT_PUBLIC_SHOWROOM_ADDRESS") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_SHOWROOM_ADDRESS,
    NEXT_PUBLIC_OPENING_HOURS: given("NEXT_PUBLIC_OPENING_HOURS") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_OPENING_HOURS,
    NEXT_PUBLIC_TWITTER_HANDLE: given("NEXT_PUBLIC_TWITTER_HANDLE"),
    NEXT_PUBLIC_INSTAGRAM_URL: given("NEXT_PUBLIC_INSTAGRAM_URL"),
    NEXT_PUBLIC_FACEBOOK_URL: given("NEXT_PUBLIC_FACEBOOK_URL"),
    NEXT_PUBLIC_GOOGLE_MAPS_KEY: given("NEXT_PUBLIC_GOOGLE_MAPS_KEY"),
    // Set but empty: keep no parameter at all.
    NEXT_PUBLIC_CANONICAL_PARAMS:
      raw.NEXT_PUBLIC_CANONICAL_PARAMS?.trim() === ""
        ? []
        : (given("NEXT_PUBLIC_CANONICAL_PARAMS") ?? PUBLIC_DEFAULTS.NEXT_PUBLIC_CANONICAL_PARAMS)
            .split(",")
            .map((s) => s.trim()),
    NEXT_PUBLIC_GTM_ID: given("NEXT_PUBLIC_GTM_ID")?.toUpperCase(),
    NEXT_PUBLIC_META_PIXEL_ID: given("NEXT_PUBLIC_META_PIXEL_ID"),
    NEXT_PUBLIC_SENTRY_DSN: given("NEXT_PUBLIC_SENTRY_DSN"),
  };
  return { env, problems };
}

let memo: { env: PublicEnv; problems: ConfigProblem[] } | undefined;

function read() {
  memo ??= readPublicEnv(rawPublicEnv());
  return memo;
}

/** The public configuration, read once. */
export function publicEnv(): PublicEnv {
  return read().env;
}

/** What is wrong with the public configuration (checked by the build and at the server's start). */
export function publicEnvProblems(): readonly ConfigProblem[] {
  return read().problems;
}

/** Forget what was read (tests that change the environment: use setEnv from ./set-env). */
export function resetPublicEnv(): void {
  memo = undefined;
}
