/**
 * Loaders for the tag manager and the social pixel, called only once the shopper has consented
 * (components/analytics/consent-manager.tsx). Browser-only.
 */
import type { Grants } from "@/lib/analytics/consent";

export type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[];
  callMethod?: (...args: unknown[]) => void;
  loaded?: boolean;
  version?: string;
  push?: unknown;
};
export type AnalyticsWindow = Window & { dataLayer?: unknown[]; fbq?: Fbq; _fbq?: Fbq };

export const GTM_ORIGIN = "https://www.googletagmanager.com";
export const PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";

/** Query parameters that carry secrets or personal data (order keys, reset codes): never sent. */
const PRIVATE_PARAMS = ["key", "token", "code", "email"];

const aw = () => window as AnalyticsWindow;

function inject(src: string, vendor: string) {
  const s = document.createElement("script");
  s.async = true;
  s.src = src;
  s.dataset.kayaAnalytics = vendor;
  document.head.appendChild(s);
}

export function isLoaded(vendor: "gtm" | "pixel"): boolean {
  return Boolean(document.querySelector(`script[data-kaya-analytics="${vendor}"]`));
}

/** Google's consent-mode call: the tag manager reads `arguments` objects, not arrays. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the parameters only type the calls
function gtag(..._args: unknown[]) {
  // eslint-disable-next-line prefer-rest-params -- gtag's protocol is the arguments object itself
  (aw().dataLayer ??= []).push(arguments);
}

function consentState(grants: Grants) {
  const ads = grants.marketing ? "granted" : "denied";
  return {
    analytics_storage: grants.analytics ? "granted" : "denied",
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
  };
}

/**
 * Events pushed before consent stay in the page's own `dataLayer` array, which nothing reads until
 * the tag manager loads; here it is emptied first, so they are never sent.
 */
export function loadGtm(id: string, grants: Grants): void {
  if (isLoaded("gtm")) return;
  const w = aw();
  w.dataLayer ??= [];
  w.dataLayer.length = 0;
  gtag("consent", "default", consentState(grants));
  w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  inject(`${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`, "gtm");
}

export function updateGtmConsent(grants: Grants): void {
  if (isLoaded("gtm")) gtag("consent", "update", consentState(grants));
}

/** Meta's base code: a queue that fbevents.js drains when it arrives, then `init`. */
export function loadPixel(id: string): void {
  if (isLoaded("pixel")) return;
  const w = aw();
  if (!w.fbq) {
    // As Meta's snippet: fbevents.js expects `arguments` objects in the queue.
    const fbq = function () {
      /* eslint-disable prefer-rest-params */
      if (fbq.callMethod) fbq.callMethod(...(arguments as unknown as unknown[]));
      else fbq.queue!.push(arguments);
      /* eslint-enable prefer-rest-params */
    } as Fbq;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    fbq.queue = [];
    w.fbq = fbq;
    w._fbq ??= fbq;
  }
  inject(PIXEL_SCRIPT, "pixel");
  w.fbq!("init", id);
}

/** The address as analytics may see it: private parameters and the fragment removed. */
export function analyticsUrl(href: string): URL {
  const url = new URL(href);
  for (const p of PRIVATE_PARAMS) url.searchParams.delete(p);
  url.hash = "";
  return url;
}

export function gtmPageView(href: string): void {
  const url = analyticsUrl(href);
  (aw().dataLayer ??= []).push({
    event: "page_view",
    page_location: url.href,
    page_path: `${url.pathname}${url.search}`,
  });
}

export function pixelPageView(): void {
  aw().fbq?.("track", "PageView");
}

/** After consent is withdrawn: the cookies the tag manager's tags and the pixel leave behind. */
export function clearThirdPartyCookies(): void {
  const names = document.cookie
    .split(";")
    .map((c) => c.split("=", 1)[0]?.trim() ?? "")
    .filter((n) => /^(_ga|_gid|_gat|_gcl_|_fbp|_fbc)/.test(n));
  const host = window.location.hostname;
  const domains = ["", host, `.${host}`, `.${host.split(".").slice(-2).join(".")}`];
  for (const name of names) {
    for (const d of domains) document.cookie = `${name}=; Max-Age=0; path=/${d ? `; domain=${d}` : ""}`;
  }
}
