/** The shop's clock: order dates and payment deadlines are South African dates. */
export const SHOP_TIME_ZONE = "Africa/Johannesburg";

/** How account pages write an order's date: "12 March 2025", in South African time. */
const DATE = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});
const DEADLINE = new Intl.DateTimeFormat("en-ZA", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});

export function formatOrderDate(iso: string): string {
  return DATE.format(new Date(iso));
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

/** Until when an unpaid order holds its items, as a South African clock time: "14:35". */
export function formatHoldUntil(placed: Date | string, minutes: number): string {
  return CLOCK.format(new Date(new Date(placed).getTime() + minutes * 60_000));
}
