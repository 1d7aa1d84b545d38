import { SITE } from "@/lib/config/site";
import { serverEnv } from "@/lib/config/env";
import type { BankAccountSetting } from "@/lib/settings/schema";
import type { PaymentMethod } from "@/lib/payments/methods";
import {
  checkoutFormOriginsIn,
  ozowUrls,
  payfastHost,
  standInBaseUrlIn,
  trimSlash,
  type StandInProvider,
} from "@/lib/payments/gateway-urls";

/*
 * Where each payment provider lives and how the shop signs in to it, from the configuration
 * (lib/config/env.ts checks that each provider's credentials are all set or none).
 *
 * A provider with none of its variables set points at its local stand-in: a separate small
 * server (standins/, started beside the shop by `npm run shop` and by Playwright), never part of
 * the shop's build, at `${STANDINS_URL}/<provider>/…`, with the test credentials below (the
 * stand-ins accept those and nothing else). A production server refuses to start like that
 * (instrumentation.ts) unless PAYMENTS_ALLOW_STANDINS=1 (a demo, or the e2e suite). The
 * stand-ins call the shop back at the addresses the shop sends them, built on SITE_URL. Each
 * variable, its default and its stand-in value are in the README's configuration table.
 */

/** The stand-in server's address (STANDINS_URL), without a trailing slash. */
export function standInsUrl(): string {
  return serverEnv().STANDINS_URL;
}

/** Where the stand-in server serves a provider's gateway. */
export function standInBaseUrl(provider: StandInProvider): string {
  return standInBaseUrlIn(serverEnv(), provider);
}

/** Where the checkout's signed forms are posted (the Content-Security-Policy's form-action). */
export function checkoutFormOrigins(): string[] {
  return checkoutFormOriginsIn(serverEnv());
}

/** The shop's public base URL, e.g. https://kaya-living.co.za (no trailing slash). */
export function shopBaseUrl(): string {
  return serverEnv().SITE_URL;
}

/* ---------------------------------------------------------------------------------------------
 * Test credentials of the stand-ins (public sandbox values and our own; not secrets).
 * ------------------------------------------------------------------------------------------- */
export const STANDIN_CREDENTIALS = {
  payfast: { merchantId: "10000100", merchantKey: "46f0cd694581a", passphrase: "kaya-standin-passphrase" },
  ozow: { siteCode: "KAY-KAY-001", privateKey: "kaya-standin-ozow-private-key", apiKey: "kaya-standin-ozow-api-key" },
  payjustnow: { merchantId: "1", apiKey: "secret" },
  finchoice: { merchantId: "kaya-test", secret: "kaya-standin-finchoice-secret" },
} as const;

export const PAYFAST_DEFAULT_VALID_IPS = ["197.97.145.144/28", "41.74.179.192/27"];
export const PAYFAST_DEFAULT_VALID_HOSTS = [
  "www.payfast.co.za",
  "sandbox.payfast.co.za",
  "w1w.payfast.co.za",
  "w2w.payfast.co.za",
];
export const LOOPBACK = ["127.0.0.1", "::1"];

export type PayfastConfig = {
  merchantId: string;
  merchantKey: string;
  passphrase: string;
  /** Gateway host: {host}/eng/process and {host}/eng/query/validate. */
  host: string;
  processUrl: string;
  validateUrl: string;
  /** Addresses or CIDR ranges an ITN may come from. */
  validIps: string[];
  /** Host names whose addresses may send an ITN (resolved at check time). */
  validHosts: string[];
  standIn: boolean;
};

export function payfastConfig(): PayfastConfig {
  const env = serverEnv();
  const merchantId = env.PAYFAST_MERCHANT_ID;
  const { host, standIn } = payfastHost(env);
  const test = STANDIN_CREDENTIALS.payfast;
  const extraIps = env.PAYFAST_VALID_IPS;
  return {
    merchantId: merchantId ?? test.merchantId,
    merchantKey: env.PAYFAST_MERCHANT_KEY ?? test.merchantKey,
    passphrase: env.PAYFAST_PASSPHRASE ?? (merchantId ? "" : test.passphrase),
    host,
    processUrl: `${host}/eng/process`,
    validateUrl: `${host}/eng/query/validate`,
    validIps: standIn ? [...LOOPBACK, ...extraIps] : extraIps.length > 0 ? extraIps : PAYFAST_DEFAULT_VALID_IPS,
    validHosts: standIn
      ? []
      : env.PAYFAST_VALID_HOSTS.length > 0
        ? env.PAYFAST_VALID_HOSTS
        : PAYFAST_DEFAULT_VALID_HOSTS,
    standIn,
  };
}

export type OzowConfig = {
  siteCode: string;
  privateKey: string;
  apiKey: string;
  payUrl: string;
  apiUrl: string;
  isTest: boolean;
  standIn: boolean;
};

export function ozowConfig(): OzowConfig {
  const env = serverEnv();
  const test = STANDIN_CREDENTIALS.ozow;
  return {
    siteCode: env.OZOW_SITE_CODE ?? test.siteCode,
    privateKey: env.OZOW_PRIVATE_KEY ?? test.privateKey,
    apiKey: env.OZOW_API_KEY ?? test.apiKey,
    ...ozowUrls(env),
    isTest: env.OZOW_IS_TEST,
  };
}

export type PayJustNowConfig = { merchantId: string; apiKey: string; baseUrl: string; standIn: boolean };

export function payJustNowConfig(): PayJustNowConfig {
  const env = serverEnv();
  const merchantId = env.PAYJUSTNOW_MERCHANT_ID;
  const baseUrl = env.PAYJUSTNOW_BASE_URL;
  const standIn = !merchantId && !baseUrl;
  const test = STANDIN_CREDENTIALS.payjustnow;
  return {
    merchantId: merchantId ?? test.merchantId,
    apiKey: env.PAYJUSTNOW_API_KEY ?? test.apiKey,
    baseUrl: trimSlash(baseUrl ?? (merchantId ? "https://api.payjustnow.com" : standInBaseUrl("payjustnow"))),
    standIn,
  };
}

export type FinChoiceConfig = { merchantId: string; secret: string; baseUrl: string; standIn: boolean };

export function finChoiceConfig(): FinChoiceConfig {
  const { FINCHOICE_MERCHANT_ID: merchantId, FINCHOICE_SECRET: secret, FINCHOICE_BASE_URL: baseUrl } = serverEnv();
  const standIn = !merchantId && !baseUrl;
  const test = STANDIN_CREDENTIALS.finchoice;
  return {
    merchantId: merchantId ?? test.merchantId,
    secret: secret ?? test.secret,
    baseUrl: trimSlash(baseUrl ?? standInBaseUrl("finchoice")),
    standIn,
  };
}

export type BankAccount = {
  accountName: string;
  bankName: string;
  accountNumber: string;
  branchCode: string;
  accountType?: string;
  /** Demo details: no real account stands behind them. */
  demo: boolean;
};

/**
 * The account shoppers pay a transfer into: the one staff saved under Settings, or, before they
 * have, demo details that say they are not a real account (offered only where stand-ins are).
 */
export function bankAccountFrom(saved: BankAccountSetting | null): BankAccount {
  if (!saved) {
    return {
      accountName: `${SITE.name} (demo)`,
      bankName: "Demo Bank — not a real account",
      accountNumber: "0000000000",
      branchCode: "000000",
      demo: true,
    };
  }
  return { ...saved, accountType: saved.accountType || undefined, demo: false };
}

/** A payment method as this server can offer it (lib/payments/availability.ts works it out). */
export type MethodState = {
  method: PaymentMethod;
  label: string;
  /** It can take money here: configured, or its stand-in is allowed. */
  available: boolean;
  /** It goes to the local stand-in (or, for bank transfer, shows demo details). */
  standIn: boolean;
  /** Shoppers are offered it: available, and switched on under Settings. */
  offered: boolean;
  /** What it needs to take real money, as staff or ops are told. */
  needs: string;
};

/**
 * What a production server checks before it serves anyone (instrumentation.ts): at least one
 * payment method is offered (it can take real money, or stand-ins are allowed, and staff have not
 * switched it off), and the checkout's forms go where
 * the build's Content-Security-Policy lets them (`built`, fixed when the shop was built). Returns
 * the problem as text, or null when the shop may open.
 */
export function productionPaymentProblem(states: readonly MethodState[], built?: string[]): string | null {
  let formOrigins: string[];
  try {
    formOrigins = checkoutFormOrigins();
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  if (!states.some((s) => s.offered)) {
    return (
      `Refusing to start in production: no payment method is offered. ` +
      states
        .map((s) => (s.available ? `${s.label} is switched off under Settings` : `${s.label} needs ${s.needs}`))
        .join("; ") +
      ` (see .env.example), or set PAYMENTS_ALLOW_STANDINS=1 for a demo on the test stand-ins.`
    );
  }
  const blocked = built ? formOrigins.filter((o) => !built.includes(o)) : [];
  if (blocked.length > 0) {
    return (
      `Refusing to start: the checkout would post payment forms to ${blocked.join(", ")}, but this build's ` +
      `Content-Security-Policy only allows ${built!.join(" ")}, so browsers would block them. Build the shop ` +
      `with the payment settings it runs with (PAYFAST_*, OZOW_*, STANDINS_URL).`
    );
  }
  return null;
}
