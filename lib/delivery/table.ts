import { DELIVERY_BY_PROVINCE, NATIONWIDE, ORDER_CUTOFF_HOUR, type DeliveryDays } from "@/lib/delivery/config";
import { deliveryWindow } from "@/lib/delivery/estimate";
import type { DeliveryTable } from "@/lib/delivery/format";
import { SHOP_OFFSET_MS } from "@/lib/config/shop-time";

export type { DeliveryTable } from "@/lib/delivery/format";

/*
 * The delivery windows a page shows, worked out on the server (holidays, working days, the
 * cut-off) for the days ahead, so the browser only looks up the row for its own clock: a cached
 * page carries the table, not a date.
 */

/** How far ahead the table reaches: longer than any cached page is kept. */
export const TABLE_DAYS = 8;
const HALF_DAY_MS = 12 * 3_600_000;

/** The table from the period (morning or afternoon, South African time) that holds `now`. */
export function deliveryTable(now: Date): DeliveryTable {
  const spans: DeliveryDays[] = [NATIONWIDE];
  const columns: Record<string, number> = {};
  for (const [province, days] of Object.entries(DELIVERY_BY_PROVINCE)) {
    if (!days) continue;
    let i = spans.findIndex((s) => s.from === days.from && s.to === days.to);
    if (i < 0) i = spans.push(days) - 1;
    if (i > 0) columns[province] = i;
  }
  // Periods change at midnight and at the cut-off, South African time.
  const local = now.getTime() + SHOP_OFFSET_MS;
  const midnight = local - (local % (2 * HALF_DAY_MS));
  const cutoff = midnight + ORDER_CUTOFF_HOUR * 3_600_000;
  let from = (local >= cutoff ? cutoff : midnight) - SHOP_OFFSET_MS;
  const until = now.getTime() + TABLE_DAYS * 2 * HALF_DAY_MS;
  const rows: DeliveryTable["rows"] = [];
  while (from < until) {
    const days = spans.flatMap((s) => {
      const w = deliveryWindow(new Date(from), s);
      return [w.earliest, w.latest];
    });
    if (rows.at(-1)?.[1].join() !== days.join()) rows.push([from, days]);
    // The next boundary: the cut-off after a midnight, the midnight after a cut-off.
    const at = new Date(from + SHOP_OFFSET_MS);
    from += at.getUTCHours() === 0 ? ORDER_CUTOFF_HOUR * 3_600_000 : (24 - ORDER_CUTOFF_HOUR) * 3_600_000;
  }
  return { columns, within: spans.map((s) => s.to), rows, until };
}
