import { NUMERIC_MOMENT, shopClock, shopTime } from "@/lib/config/shop-time";
import { serverEnv } from "@/lib/config/env";

/*
 * How long a bank-transfer order holds its stock while it waits for the money, and when the
 * customer is reminded (BANK_TRANSFER_HOLD_DAYS, whole days from 1 to 60; and
 * BANK_TRANSFER_REMINDER_HOURS, at least 1 and less than the hold). An unpaid order is cancelled
 * at the end of the last day (South African time), so the date the customer is given is whole.
 */
export type HoldConfig = { holdDays: number; reminderHours: number };

export function bankTransferHoldConfig(): HoldConfig {
  const env = serverEnv();
  return { holdDays: env.BANK_TRANSFER_HOLD_DAYS, reminderHours: env.BANK_TRANSFER_REMINDER_HOURS };
}

const WALL_CLOCK = shopClock("en-ZA", NUMERIC_MOMENT);

function wallClock(at: Date): { y: number; m: number; d: number; utcEquivalent: number } {
  const part = Object.fromEntries(WALL_CLOCK.formatToParts(at).map((p) => [p.type, Number(p.value)])) as Record<
    string,
    number
  >;
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

/** The first moment of a South African calendar day ("2026-11-23"). */
export function shopDayStart(isoDay: string): Date {
  return endOfShopDay(new Date(new Date(`${isoDay}T12:00:00Z`).getTime() - 86_400_000));
}

/** The first moment after a South African calendar day ("2026-11-23"). */
export function shopDayEnd(isoDay: string): Date {
  return endOfShopDay(new Date(shopTime(isoDay, "12:00:00")));
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
export function payByAfterReminder(
  payBy: Date,
  now: Date,
  reminderHours = bankTransferHoldConfig().reminderHours,
): Date {
  const lead = reminderHours * 3_600_000;
  if (payBy.getTime() - now.getTime() >= lead / 2) return payBy;
  return endOfShopDay(new Date(now.getTime() + lead));
}
