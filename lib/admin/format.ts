import { SHOP_TIME_ZONE } from "@/lib/orders/format";

/** How the back office writes a moment: "23 Nov 2026, 14:05", South African time. */
const DATE_TIME = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: SHOP_TIME_ZONE,
});
const DAY = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});
const ISO_DAY = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});

export function formatDateTime(at: Date | string): string {
  return DATE_TIME.format(new Date(at));
}

export function formatDay(at: Date | string): string {
  return DAY.format(new Date(at));
}

/** The South African calendar day of a moment, as 2026-11-23. */
export function shopDay(at: Date): string {
  return ISO_DAY.format(at);
}

/** A list's address with some parameters changed (undefined or "" removes one); page goes back to 1 unless given. */
export function listHref(
  base: string,
  current: Record<string, string | undefined>,
  changes: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams();
  const merged: Record<string, string | number | undefined> = { ...current, page: undefined, ...changes };
  for (const [k, v] of Object.entries(merged))
    if (v !== undefined && v !== "" && !(k === "page" && Number(v) === 1)) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}
