import { isPublicHoliday, isoDay } from "@/lib/delivery/holidays";
import { ORDER_CUTOFF_HOUR, type DeliveryDays } from "@/lib/delivery/config";
import type { DeliveryWindow } from "@/lib/delivery/format";
import { SHOP_OFFSET_MS } from "@/lib/config/shop-time";

export { describeWindow, formatDay, type DeliveryWindow } from "@/lib/delivery/format";

const DAY_MS = 86_400_000;

/** Not a Saturday, a Sunday or a public holiday; `day` is a UTC-midnight date. */
export function isWorkingDay(day: Date, isHoliday: (d: Date) => boolean = isPublicHoliday): boolean {
  const weekday = day.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(day);
}

/** The `n`th working day after `day`. */
export function addWorkingDays(day: Date, n: number, isHoliday?: (d: Date) => boolean): Date {
  let d = day;
  for (let left = n; left > 0;) {
    d = new Date(d.getTime() + DAY_MS);
    if (isWorkingDay(d, isHoliday)) left--;
  }
  return d;
}

/**
 * When an order taken at `now` arrives: between the `from`th and the `to`th working day after
 * the day it is taken, South African time. An order after the cut-off, or on a day the workshop is
 * closed, is taken the next working day.
 */
export function deliveryWindow(
  now: Date,
  days: DeliveryDays,
  isHoliday: (d: Date) => boolean = isPublicHoliday,
): DeliveryWindow {
  const local = new Date(now.getTime() + SHOP_OFFSET_MS);
  let taken = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  if (!isWorkingDay(taken, isHoliday) || local.getUTCHours() >= ORDER_CUTOFF_HOUR) {
    taken = addWorkingDays(taken, 1, isHoliday);
  }
  return {
    earliest: isoDay(addWorkingDays(taken, days.from, isHoliday)),
    latest: isoDay(addWorkingDays(taken, days.to, isHoliday)),
  };
}
