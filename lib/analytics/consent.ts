import { publicEnv } from "@/lib/config/public";

/**
 * The shopper's cookie choice (POPIA): necessary cookies (cart key, session) are always on; the
 * tag manager ("analytics") and the social pixel ("marketing") run only with consent.
 *
 * The choice lives in localStorage, not a cookie: only the browser needs it (the banner is drawn
 * on the client, so pages stay static), and a cookie would travel with every request for nothing.
 * It is asked again when it is older than CONSENT_MAX_AGE_DAYS, when CONSENT_VERSION changes
 * (bump it when the purposes or the companies named in the banner change), or when a category
 * is in use that the shopper was never asked about.
 */
import { STORAGE_KEY } from "@/lib/http/cookie-names";

export const CONSENT_VERSION = 1;
export const CONSENT_MAX_AGE_DAYS = 365;

export type ConsentCategory = "analytics" | "marketing";
export const CONSENT_CATEGORIES: readonly ConsentCategory[] = ["analytics", "marketing"];

export type Grants = Record<ConsentCategory, boolean>;

/** What is stored: a category appears only if the shopper was asked about it. */
export type ConsentChoice = {
  version: number;
  /** ISO date and time of the choice. */
  date: string;
  granted: Partial<Grants>;
};

export type AnalyticsConfig = { gtmId?: string; pixelId?: string };

/**
 * The notice is part of every page's HTML (pages come from a shared cache, so the server cannot
 * know the shopper's choice). An inline script before it (`consent-script.ts`) sets this attribute
 * on <html> before the first paint when a stored choice needs no asking, and the server's copy of
 * the notice is then never drawn.
 */
export const CHOSEN_ATTRIBUTE = "data-consent-chosen";

/** The notice's buttons, named on each by this attribute (the server's copy has no handlers of its own). */
export const NOTICE_ACTION_ATTRIBUTE = "data-cookie-action";
export type NoticeAction = "accept" | "necessary" | "choose" | "save";

/** Where the inline script keeps a press on the notice made before the page's code ran. */
export type EarlyPressWindow = Window & {
  /** The action pressed ("accept", "necessary", "choose"). */
  kayaConsentPress?: unknown;
  /** The script's click listener on <html> (capture), removed by the consent manager. */
  kayaConsentListener?: EventListener;
};

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
const PIXEL_ID = /^\d{6,20}$/;

/** The configured identifiers; a malformed one counts as unset (they end up in script URLs). */
export function analyticsConfig(
  gtmId: string | undefined = publicEnv().NEXT_PUBLIC_GTM_ID,
  pixelId: string | undefined = publicEnv().NEXT_PUBLIC_META_PIXEL_ID,
): AnalyticsConfig {
  const gtm = gtmId?.trim().toUpperCase();
  const pixel = pixelId?.trim();
  return {
    gtmId: gtm && GTM_ID.test(gtm) ? gtm : undefined,
    pixelId: pixel && PIXEL_ID.test(pixel) ? pixel : undefined,
  };
}

/** The categories worth asking about: only those with a script configured. */
export function offeredCategories(config: AnalyticsConfig): ConsentCategory[] {
  const offered: ConsentCategory[] = [];
  if (config.gtmId) offered.push("analytics");
  if (config.pixelId) offered.push("marketing");
  return offered;
}

export function makeChoice(
  granted: Partial<Grants>,
  offered: readonly ConsentCategory[],
  now = new Date(),
): ConsentChoice {
  const kept: Partial<Grants> = {};
  for (const c of offered) kept[c] = granted[c] === true;
  return { version: CONSENT_VERSION, date: now.toISOString(), granted: kept };
}

/** A stored choice, or null when there is none worth keeping (malformed, another version, too old). */
export function parseChoice(raw: string | null, now = new Date()): ConsentChoice | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { version, date, granted } = value as Record<string, unknown>;
  if (version !== CONSENT_VERSION || typeof date !== "string") return null;
  const when = Date.parse(date);
  if (Number.isNaN(when) || when > now.getTime() + 60_000) return null;
  if (now.getTime() - when > CONSENT_MAX_AGE_DAYS * 86_400_000) return null;
  if (typeof granted !== "object" || granted === null) return null;
  const kept: Partial<Grants> = {};
  for (const c of CONSENT_CATEGORIES) {
    const g = (granted as Record<string, unknown>)[c];
    if (typeof g === "boolean") kept[c] = g;
  }
  return { version, date, granted: kept };
}

/** Whether the banner must ask: no choice yet, or a category in use that the choice does not cover. */
export function needsAsking(choice: ConsentChoice | null, offered: readonly ConsentCategory[]): boolean {
  if (offered.length === 0) return false;
  return !choice || offered.some((c) => choice.granted[c] === undefined);
}

/** Which third-party scripts may run: configured, and consented to. */
export function allowedScripts(
  choice: ConsentChoice | null,
  config: AnalyticsConfig,
): { gtm: boolean; pixel: boolean } {
  return {
    gtm: Boolean(config.gtmId) && choice?.granted.analytics === true,
    pixel: Boolean(config.pixelId) && choice?.granted.marketing === true,
  };
}

/** Storage can throw (blocked, private mode, full): the shop then simply asks again next time. */
export function readChoice(storage: Storage | undefined, now = new Date()): ConsentChoice | null {
  try {
    return parseChoice(storage?.getItem(STORAGE_KEY.consent) ?? null, now);
  } catch {
    return null;
  }
}

export function saveChoice(storage: Storage | undefined, choice: ConsentChoice): boolean {
  try {
    storage?.setItem(STORAGE_KEY.consent, JSON.stringify(choice));
    return Boolean(storage);
  } catch {
    return false;
  }
}
