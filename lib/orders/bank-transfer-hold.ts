import { SHOP_TIME_ZONE } from "@/lib/orders/format";

/*
 * How long a bank-transfer order holds its stock while it waits for the money, and when the
 * customer is reminded. Read on every call, so a test or a restarted process sees the current values.
 *
 * BANK_TRANSFER_HOLD_DAYS       whole days, 1-60 (default 7): an unpaid order is cancelled, and
 *                               its stock released, at the end of that day after it was placed
 *                               (South African time), so the date the customer is given is whole.
 * BANK_TRANSFER_REMINDER_HOURS  whole hours, at least 1 and less than the hold (default 24): the
 *                               reminder e-mail goes out this long before the order is cancelled.
 */

export const DEFAULT_HOLD_DAYS = 7;
export const DEFAULT_REMINDER_HOURS = 24;
const MAX_HOLD_DAYS = 60;

export class HoldConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HoldConfigError";
  }
}

function wholeNumber(name: string, fallback: number, min: number, max: number, unit: string): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) throw new HoldConfigError(`${name} must be a whole number of ${unit} from ${min} to ${max}, not "${raw}"`);
  return n;
}

export type HoldConfig = { holdDays: number; reminderHours: number };

export function bankTransferHoldConfig(): HoldConfig {
  const holdDays = wholeNumber("BANK_TRANSFER_HOLD_DAYS", DEFAULT_HOLD_DAYS, 1, MAX_HOLD_DAYS, "days");
  const reminderHours = wholeNumber("BANK_TRANSFER_REMINDER_HOURS", DEFAULT_REMINDER_HOURS, 1, holdDays * 24 - 1, "hours");
  return { holdDays, reminderHours };
}

const WALL_CLOCK = new Intl.DateTimeFormat("en-ZA", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallClock(at: Date): { y: number; m: number; d: number; utcEquivalent: number } {
  const part = Object.fromEntries(WALL_CLOCK.formatToParts(at).map((p) => [p.type, Number(p.value)])) as Record<string, number>;
  const utcEquivalent = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return { y: part.year!, m: part.month!, d: part.day!, utcEquivalent };
}

/** The first moment after the shop's calendar day that contains `at`: the next midnight there. */
export function endOfShopDay(at: Date): Date {
  const { y, m, d } = wallClock(at);
  const midnight = Date.UTC(y, m - 1, d + 1);
  // The zone's offset at that midnight, read from the wall clock there (twice, in case it moved).
  let guess = midnight;
  for (let i = 0; i < 2; i++) guess = midnight - (wallClock(new Date(guess)).utcEquivalent - guess);
  return new Date(guess);
}

/** When an order placed at `placedAt` is cancelled if unpaid: the end of the hold's last day. */
export function payByFor(placedAt: Date, holdDays = bankTransferHoldConfig().holdDays): Date {
  return endOfShopDay(new Date(placedAt.getTime() + holdDays * 86_400_000));
}

/** When the reminder for an order due at `payBy` goes out. */
export function reminderDueAt(payBy: Date, reminderHours = bankTransferHoldConfig().reminderHours): Date {
  return new Date(payBy.getTime() - reminderHours * 3_600_000);
}

/**
 * A reminder sent late (the job was stopped, or the order was waiting before holds expired) must
 * still give the customer notice: with less than half the reminder's lead time left, the order
 * gets until the end of the day that lead time from now reaches.
 */
export function payByAfterReminder(payBy: Date, now: Date, reminderHours = bankTransferHoldConfig().reminderHours): Date {
  const lead = reminderHours * 3_600_000;
  if (payBy.getTime() - now.getTime() >= lead / 2) return payBy;
  return endOfShopDay(new Date(now.getTime() + lead));
}
