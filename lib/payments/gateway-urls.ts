/*
 * Where the gateways the browser is sent to live: the configured address, the live host, or the
 * stand-in server. Kept free of imports because next.config.ts builds the Content-Security-Policy
 * from it, and Next loads that file without the `@/` paths. The rest of the payment settings,
 * documented there, are in config.ts.
 */

export class PaymentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentConfigError";
  }
}

export const env = (name: string): string | undefined => {
  const v = process.env[name]?.trim();
  return v ? v : undefined;
};

export const trimSlash = (url: string) => url.replace(/\/+$/, "");

export const DEFAULT_STANDINS_URL = "http://127.0.0.1:3010";
export const PAYFAST_LIVE_HOST = "https://www.payfast.co.za";
export const OZOW_LIVE_PAY_URL = "https://pay.ozow.com";
export const OZOW_LIVE_API_URL = "https://api.ozow.com";

export type StandInProvider = "payfast" | "ozow" | "payjustnow" | "finchoice";

/** The stand-in server's address (STANDINS_URL), without a trailing slash. */
export function standInsUrl(): string {
  const value = env("STANDINS_URL") ?? DEFAULT_STANDINS_URL;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new PaymentConfigError(`STANDINS_URL must be an http(s) address, e.g. ${DEFAULT_STANDINS_URL}`);
  }
  return trimSlash(`${url.origin}${url.pathname}`);
}

/** Where the stand-in server serves a provider's gateway. */
export function standInBaseUrl(provider: StandInProvider): string {
  return `${standInsUrl()}/${provider}`;
}

/** PayFast's host ({host}/eng/process, {host}/eng/query/validate), and whether it is the stand-in. */
export function payfastHost(): { host: string; standIn: boolean } {
  const merchantId = env("PAYFAST_MERCHANT_ID");
  const baseUrl = env("PAYFAST_BASE_URL");
  return { host: trimSlash(baseUrl ?? (merchantId ? PAYFAST_LIVE_HOST : standInBaseUrl("payfast"))), standIn: !merchantId && !baseUrl };
}

/** Ozow's pay page and API host, and whether they are the stand-in's. */
export function ozowUrls(): { payUrl: string; apiUrl: string; standIn: boolean } {
  const payUrl = env("OZOW_PAY_URL");
  const apiUrl = env("OZOW_API_URL");
  const standIn = !env("OZOW_SITE_CODE") && !payUrl && !apiUrl;
  const base = standInBaseUrl("ozow");
  return {
    payUrl: trimSlash(payUrl ?? (standIn ? base : OZOW_LIVE_PAY_URL)),
    apiUrl: trimSlash(apiUrl ?? (standIn ? `${base}/api` : OZOW_LIVE_API_URL)),
    standIn,
  };
}

/**
 * The origins the browser posts the checkout's signed forms to (PayFast's and Ozow's pay pages),
 * for the Content-Security-Policy's form-action. The stand-in server's origin is among them only
 * while a method points at it, and a production server only runs like that when stand-ins are
 * allowed (PAYMENTS_ALLOW_STANDINS=1).
 */
export function checkoutFormOrigins(): string[] {
  return [...new Set([`${payfastHost().host}/eng/process`, ozowUrls().payUrl].map((url) => new URL(url).origin))];
}
