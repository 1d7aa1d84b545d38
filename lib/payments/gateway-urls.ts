import type { BuildEnv } from "../config/env";

/*
 * Where the gateways the browser is sent to live: the configured address, the live host, or the
 * stand-in server. Given the settings rather than reading them, and imported relatively, because
 * next.config.ts builds the Content-Security-Policy from it (with the build's settings) and Next
 * loads that file without the `@/` paths. The rest of the payment settings are in config.ts.
 */

/** The settings these answers depend on (the server's configuration, or the build's). */
export type GatewayEnv = Pick<
  BuildEnv,
  "STANDINS_URL" | "PAYFAST_MERCHANT_ID" | "PAYFAST_BASE_URL" | "OZOW_SITE_CODE" | "OZOW_PAY_URL" | "OZOW_API_URL"
>;

export const trimSlash = (url: string) => url.replace(/\/+$/, "");

export const PAYFAST_LIVE_HOST = "https://www.payfast.co.za";
export const OZOW_LIVE_PAY_URL = "https://pay.ozow.com";
export const OZOW_LIVE_API_URL = "https://api.ozow.com";

export type StandInProvider = "payfast" | "ozow" | "payjustnow" | "finchoice";

/** Where the stand-in server serves a provider's gateway. */
export function standInBaseUrlIn(env: GatewayEnv, provider: StandInProvider): string {
  return `${env.STANDINS_URL}/${provider}`;
}

/** PayFast's host ({host}/eng/process, {host}/eng/query/validate), and whether it is the stand-in. */
export function payfastHost(env: GatewayEnv): { host: string; standIn: boolean } {
  const { PAYFAST_MERCHANT_ID: merchantId, PAYFAST_BASE_URL: baseUrl } = env;
  return {
    host: trimSlash(baseUrl ?? (merchantId ? PAYFAST_LIVE_HOST : standInBaseUrlIn(env, "payfast"))),
    standIn: !merchantId && !baseUrl,
  };
}

/** Ozow's pay page and API host, and whether they are the stand-in's. */
export function ozowUrls(env: GatewayEnv): { payUrl: string; apiUrl: string; standIn: boolean } {
  const { OZOW_PAY_URL: payUrl, OZOW_API_URL: apiUrl } = env;
  const standIn = !env.OZOW_SITE_CODE && !payUrl && !apiUrl;
  const base = standInBaseUrlIn(env, "ozow");
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
export function checkoutFormOriginsIn(env: GatewayEnv): string[] {
  return [...new Set([`${payfastHost(env).host}/eng/process`, ozowUrls(env).payUrl].map((url) => new URL(url).origin))];
}
