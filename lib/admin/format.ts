import { NUMERIC_MOMENT, shopClock } from "@/lib/config/shop-time";

const HOURS_MINUTES = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

/** How the back office writes a moment: "23 Nov 2026, 14:05", South African time. */
const DATE_TIME = shopClock("en-ZA", { day: "numeric", month: "short", year: "numeric", ...HOURS_MINUTES });
const DAY = shopClock("en-ZA", { day: "numeric", month: "short", year: "numeric" });
const LONG_DATE_TIME = shopClock("en-ZA", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  ...HOURS_MINUTES,
});
const ISO_DAY = shopClock("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });
const STAMP = shopClock("en-CA", NUMERIC_MOMENT);

/** A moment in South African time as exports write it, "2026-11-23 14:05:09", which spreadsheets read as a date. */
export function exportDateTime(at: Date): string {
  const part = Object.fromEntries(STAMP.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

export function formatDateTime(at: Date | string): string {
  return DATE_TIME.format(new Date(at));
}

export function formatDay(at: Date | string): string {
  return DAY.format(new Date(at));
}

/** A moment spelled out for an e-mail or a page: "Friday, 4 December 2026 at 21:10", South African time. */
export function formatLongDateTime(at: Date | string): string {
  return LONG_DATE_TIME.format(new Date(at));
}

/** The South African calendar day of a moment, as 2026-11-23. */
export function shopDay(at: Date): string {
  return ISO_DAY.format(at);
}
