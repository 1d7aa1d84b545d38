/** @jest-environment jsdom */
import {
  CHOSEN_ATTRIBUTE,
  CONSENT_CATEGORIES,
  CONSENT_MAX_AGE_DAYS,
  type ConsentCategory,
  type EarlyPressWindow,
  makeChoice,
  needsAsking,
  parseChoice,
} from "@/lib/analytics/consent";
import { consentScriptSource } from "@/lib/analytics/consent-script";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

const NOW = new Date("2026-11-26T10:00:00Z");
const DAY = 86_400_000;
const html = document.documentElement;
const w = window as EarlyPressWindow;

/** Runs the inline script as the page would, on a fresh document. */
function runScript(offered: readonly ConsentCategory[]) {
  html.removeAttribute(CHOSEN_ATTRIBUTE);
  new Function(consentScriptSource(offered))();
}

function cleanUp() {
  if (w.kayaConsentListener) html.removeEventListener("click", w.kayaConsentListener, true);
  delete w.kayaConsentListener;
  delete w.kayaConsentPress;
  html.removeAttribute(CHOSEN_ATTRIBUTE);
  document.body.innerHTML = "";
  localStorage.clear();
}

const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const valid = (granted: Record<string, unknown>, date = NOW.toISOString(), version: unknown = 1) =>
  JSON.stringify({ version, date, granted });

/** What may be in storage: the shop's own choices, and everything else anyone could put there. */
const STORED: Array<[string, string | null]> = [
  ["nothing stored", null],
  ["an empty string", ""],
  ["not JSON", "{version:1"],
  ["JSON null", "null"],
  ["a number", "5"],
  ["a string", '"yes"'],
  ["an array", "[]"],
  ["an empty object", "{}"],
  ["both answered", JSON.stringify(makeChoice({ analytics: true }, CONSENT_CATEGORIES, NOW))],
  ["both refused", JSON.stringify(makeChoice({}, CONSENT_CATEGORIES, NOW))],
  ["analytics only answered", JSON.stringify(makeChoice({ analytics: true }, ["analytics"], NOW))],
  ["marketing only answered", JSON.stringify(makeChoice({}, ["marketing"], NOW))],
  ["an older version", valid({ analytics: true, marketing: true }, NOW.toISOString(), 0)],
  ["the version as a string", valid({ analytics: true, marketing: true }, NOW.toISOString(), "1")],
  ["no date", JSON.stringify({ version: 1, granted: { analytics: true, marketing: true } })],
  [
    "a numeric date",
    JSON.stringify({ version: 1, date: NOW.getTime(), granted: { analytics: true, marketing: true } }),
  ],
  ["an unreadable date", valid({ analytics: true, marketing: true }, "yesterday-ish")],
  ["a date 59 s ahead", valid({ analytics: true, marketing: true }, at(59_000))],
  ["a date 61 s ahead", valid({ analytics: true, marketing: true }, at(61_000))],
  [
    "a choice a year old, less a minute",
    valid({ analytics: false, marketing: false }, at(-CONSENT_MAX_AGE_DAYS * DAY + 60_000)),
  ],
  [
    "a choice a year and a minute old",
    valid({ analytics: false, marketing: false }, at(-CONSENT_MAX_AGE_DAYS * DAY - 60_000)),
  ],
  ["granted missing", JSON.stringify({ version: 1, date: NOW.toISOString() })],
  ["granted null", JSON.stringify({ version: 1, date: NOW.toISOString(), granted: null })],
  ["granted a string", JSON.stringify({ version: 1, date: NOW.toISOString(), granted: "analytics,marketing" })],
  ["granted an array", JSON.stringify({ version: 1, date: NOW.toISOString(), granted: [true, true] })],
  ["answers as strings", valid({ analytics: "true", marketing: "false" })],
  ["answers as numbers", valid({ analytics: 1, marketing: 0 })],
  ["answers null", valid({ analytics: null, marketing: null })],
  ["extra keys", valid({ analytics: true, marketing: false, other: "x", version: 9 })],
  [
    "answers hidden in __proto__",
    '{"version":1,"date":"2026-11-26T10:00:00Z","granted":{"__proto__":{"analytics":true}}}',
  ],
  ["a top-level __proto__", '{"__proto__":{"version":1},"date":"2026-11-26T10:00:00Z","granted":{}}'],
  ["markup", "</script><script>alert(1)</script>"],
];

const OFFERS: ConsentCategory[][] = [["analytics"], ["marketing"], ["analytics", "marketing"]];

describe("the consent script before the notice", () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, doNotFake: ["requestAnimationFrame", "queueMicrotask"] });
    cleanUp();
  });
  afterEach(() => {
    cleanUp();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  test.each(STORED)("hides the notice exactly when the shop would not ask: %s", (_name, raw) => {
    for (const offered of OFFERS) {
      cleanUp();
      if (raw !== null) localStorage.setItem(STORAGE_KEY.consent, raw);
      runScript(offered);
      const wouldAsk = needsAsking(parseChoice(raw, NOW), offered);
      expect({ offered, hidden: html.hasAttribute(CHOSEN_ATTRIBUTE) }).toEqual({ offered, hidden: !wouldAsk });
    }
  });

  test("storage that throws means asking, and a press is still kept", () => {
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    runScript(CONSENT_CATEGORIES);
    expect(html.hasAttribute(CHOSEN_ATTRIBUTE)).toBe(false);
    document.body.innerHTML = `<button data-cookie-action="necessary">Necessary only</button>`;
    document.querySelector("button")!.click();
    expect(w.kayaConsentPress).toBe("necessary");
  });

  test("a press before the page's code runs is kept; Accept all and Necessary only hide the notice at once", () => {
    runScript(CONSENT_CATEGORIES);
    document.body.innerHTML = `<section><button data-cookie-action="choose"><span>Choose cookies</span></button>
      <button data-cookie-action="accept">Accept all</button><a href="/info/privacy-policy">Our privacy policy</a></section>`;

    document.querySelector("a")!.addEventListener("click", (e) => e.preventDefault());
    document.querySelector("a")!.click();
    expect(w.kayaConsentPress).toBeUndefined();

    document.querySelector("span")!.click();
    expect(w.kayaConsentPress).toBe("choose");
    expect(html.hasAttribute(CHOSEN_ATTRIBUTE)).toBe(false);

    document.querySelector<HTMLButtonElement>("[data-cookie-action=accept]")!.click();
    expect(w.kayaConsentPress).toBe("accept");
    expect(html.hasAttribute(CHOSEN_ATTRIBUTE)).toBe(true);
  });

  test("the script is one expression with nothing taken from outside the build", () => {
    const source = consentScriptSource(CONSENT_CATEGORIES);
    expect(source).not.toMatch(/<\/?script|<!--/i);
    expect(source.length).toBeLessThan(800);
    expect(() => new Function(source)).not.toThrow();
  });
});
