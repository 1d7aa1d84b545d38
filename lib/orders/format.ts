import { formatShopDate, SHOP_TIME_ZONE } from "@/lib/config/shop-time";

const DEADLINE = new Intl.DateTimeFormat("en-ZA", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});

/** How account pages write an order's date: "12 March 2025", in South African time. */
export function formatOrderDate(iso: string): string {
  return formatShopDate(iso);
}

/**
 * A payment deadline as pages and e-mails state it: "Friday, 14 March 2025". The deadline is the
 * midnight that ends that day, so the day named is the one just before it.
 */
export function formatPayBy(payBy: Date | string): string {
  return DEADLINE.format(new Date(new Date(payBy).getTime() - 1));
}

/** The deadline sentence, the same on the order page and in every e-mail that gives it. */
export function payByNotice(payBy: Date | string): string {
  return `Please pay by ${formatPayBy(payBy)}, or the order is cancelled.`;
}

const CLOCK = new Intl.DateTimeFormat("en-ZA", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: SHOP_TIME_ZONE,
});

/** A hold's length as a sentence says it: "an hour", "2 hours", "45 minutes". */
export function durationWords(minutes: number): string {
  if (minutes === 60) return "an hour";
  return minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
}

/** Until when an unpaid order holds its items, as a South African clock time: "14:35". */
export function formatHoldUntil(placed: Date | string, minutes: number): string {
  return CLOCK.format(new Date(new Date(placed).getTime() + minutes * 60_000));
}
