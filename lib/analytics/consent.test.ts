import {
  allowedScripts,
  analyticsConfig,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_VERSION,
  makeChoice,
  needsAsking,
  offeredCategories,
  parseChoice,
  readChoice,
  saveChoice,
} from "@/lib/analytics/consent";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

const now = new Date("2026-03-01T10:00:00Z");
const both = { gtmId: "GTM-KAYATEST", pixelId: "1234567890" };

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe("configuration", () => {
  test("only well-formed identifiers count; anything else is as if unset", () => {
    expect(analyticsConfig("GTM-KAYATEST", "1234567890")).toEqual(both);
    expect(analyticsConfig(" gtm-abc123 ", undefined)).toEqual({ gtmId: "GTM-ABC123", pixelId: undefined });
    expect(analyticsConfig('GTM-X"><script>', "12345abc")).toEqual({ gtmId: undefined, pixelId: undefined });
    expect(analyticsConfig("", "")).toEqual({ gtmId: undefined, pixelId: undefined });
  });

  test("a category is offered only when its script is configured", () => {
    expect(offeredCategories(both)).toEqual(["analytics", "marketing"]);
    expect(offeredCategories({ gtmId: "GTM-KAYATEST" })).toEqual(["analytics"]);
    expect(offeredCategories({ pixelId: "1234567890" })).toEqual(["marketing"]);
    expect(offeredCategories({})).toEqual([]);
  });
});

describe("the stored choice", () => {
  test("records the version, the date and an answer for each category asked about", () => {
    const choice = makeChoice({ analytics: true }, ["analytics", "marketing"], now);
    expect(choice).toEqual({
      version: CONSENT_VERSION,
      date: "2026-03-01T10:00:00.000Z",
      granted: { analytics: true, marketing: false },
    });
    expect(makeChoice({ analytics: true, marketing: true }, ["analytics"], now).granted).toEqual({ analytics: true });
  });

  test("survives a round trip through storage", () => {
    const storage = memoryStorage();
    const choice = makeChoice({ marketing: true }, ["analytics", "marketing"], now);
    expect(saveChoice(storage, choice)).toBe(true);
    expect(JSON.parse(storage.getItem(STORAGE_KEY.consent)!)).toEqual(choice);
    expect(readChoice(storage, now)).toEqual(choice);
  });

  test("another version, a malformed record, a future or a too-old date count as no choice", () => {
    const ok = makeChoice({ analytics: true }, ["analytics"], now);
    expect(parseChoice(JSON.stringify(ok), now)).toEqual(ok);
    expect(parseChoice(JSON.stringify({ ...ok, version: CONSENT_VERSION + 1 }), now)).toBeNull();
    expect(parseChoice(JSON.stringify({ ...ok, version: String(CONSENT_VERSION) }), now)).toBeNull();
    expect(parseChoice("{not json", now)).toBeNull();
    expect(parseChoice("null", now)).toBeNull();
    expect(parseChoice(JSON.stringify({ ...ok, date: "yesterday" }), now)).toBeNull();
    expect(parseChoice(JSON.stringify({ ...ok, granted: "all" }), now)).toBeNull();
    expect(parseChoice(JSON.stringify({ ...ok, date: "2026-03-02T10:00:00Z" }), now)).toBeNull();
    const almostAYear = new Date(now.getTime() + (CONSENT_MAX_AGE_DAYS - 1) * 86_400_000);
    const overAYear = new Date(now.getTime() + (CONSENT_MAX_AGE_DAYS + 1) * 86_400_000);
    expect(parseChoice(JSON.stringify(ok), almostAYear)).toEqual(ok);
    expect(parseChoice(JSON.stringify(ok), overAYear)).toBeNull();
  });

  test("answers that are not true or false are dropped, so the category is asked about again", () => {
    const raw = JSON.stringify({
      version: CONSENT_VERSION,
      date: now.toISOString(),
      granted: { analytics: "yes", marketing: false, other: true },
    });
    expect(parseChoice(raw, now)?.granted).toEqual({ marketing: false });
  });

  test("storage that throws means no choice, and saving reports failure", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
    } as unknown as Storage;
    expect(readChoice(broken, now)).toBeNull();
    expect(saveChoice(broken, makeChoice({}, ["analytics"], now))).toBe(false);
    expect(readChoice(undefined, now)).toBeNull();
  });
});

describe("asking and loading", () => {
  test("the banner asks when there is no choice or a configured category was never asked about", () => {
    const offered = offeredCategories(both);
    expect(needsAsking(null, offered)).toBe(true);
    expect(needsAsking(makeChoice({}, ["analytics", "marketing"], now), offered)).toBe(false);
    // The pixel was added after the shopper chose: ask again.
    expect(needsAsking(makeChoice({ analytics: true }, ["analytics"], now), offered)).toBe(true);
    expect(needsAsking(null, [])).toBe(false);
  });

  test("each script loads only when configured and its category is granted", () => {
    const all = makeChoice({ analytics: true, marketing: true }, ["analytics", "marketing"], now);
    const necessary = makeChoice({}, ["analytics", "marketing"], now);
    const analyticsOnly = makeChoice({ analytics: true }, ["analytics", "marketing"], now);
    const marketingOnly = makeChoice({ marketing: true }, ["analytics", "marketing"], now);
    expect(allowedScripts(null, both)).toEqual({ gtm: false, pixel: false });
    expect(allowedScripts(all, both)).toEqual({ gtm: true, pixel: true });
    expect(allowedScripts(necessary, both)).toEqual({ gtm: false, pixel: false });
    expect(allowedScripts(analyticsOnly, both)).toEqual({ gtm: true, pixel: false });
    expect(allowedScripts(marketingOnly, both)).toEqual({ gtm: false, pixel: true });
    expect(allowedScripts(all, { gtmId: "GTM-KAYATEST" })).toEqual({ gtm: true, pixel: false });
    expect(allowedScripts(all, {})).toEqual({ gtm: false, pixel: false });
  });
});
