/*
 * The shop's clock: South African Standard Time. Order dates, payment deadlines, delivery days,
 * campaign and coupon dates are all South African, and South Africa keeps one offset all year
 * (no daylight saving), so code that works on the wall clock may add a fixed offset.
 */

/** The zone, for Intl.DateTimeFormat. */
export const SHOP_TIME_ZONE = "Africa/Johannesburg";

/** How columns and notes name it: "Placed at (SAST)". */
export const SHOP_TIME_NAME = "SAST";

const OFFSET_HOURS = 2;

/** Its offset as written after an ISO time: 2027-03-31T23:59:59+02:00. */
export const SHOP_UTC_OFFSET = `+${String(OFFSET_HOURS).padStart(2, "0")}:00`;

/** The same offset in milliseconds, for arithmetic on the shop's wall clock. */
export const SHOP_OFFSET_MS = OFFSET_HOURS * 3_600_000;

/** A South African day and time as an instant's ISO text: shopTime("2027-03-31", "23:59:59"). */
export function shopTime(day: string, time = "00:00:00"): string {
  return `${day}T${time}${SHOP_UTC_OFFSET}`;
}

/** A date-and-time formatter on the shop's clock. */
export function shopClock(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE });
}

/** Every field of a moment as a number on a 24-hour clock, for reading a formatter's parts. */
export const NUMERIC_MOMENT = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
} as const satisfies Intl.DateTimeFormatOptions;

const DATE = shopClock("en-ZA", { day: "numeric", month: "long", year: "numeric" });

/** A date as South Africans write it, on the shop's clock: "31 March 2027". */
export function formatShopDate(at: Date | string): string {
  return DATE.format(new Date(at));
}
