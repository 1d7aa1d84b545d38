import { deliveryDaysFor } from "@/lib/delivery/config";
import { deliveryWindow } from "@/lib/delivery/estimate";
import { windowAt } from "@/lib/delivery/format";
import { deliveryTable, TABLE_DAYS } from "@/lib/delivery/table";
import { PROVINCES } from "@/lib/forms/provinces";

const HOUR_MS = 3_600_000;

describe("the delivery table a page carries", () => {
  // Across the Day of Reconciliation, Christmas, the Day of Goodwill and a weekend, from mid-morning.
  for (const start of ["2026-12-14T07:30:00Z", "2026-12-24T11:00:00Z", "2027-03-19T21:59:00Z"]) {
    test(`gives, for every hour of the days ahead from ${start}, the window the calendar gives`, () => {
      const now = new Date(start);
      const table = deliveryTable(now);
      for (let at = now.getTime(); at < now.getTime() + TABLE_DAYS * 24 * HOUR_MS; at += HOUR_MS) {
        for (const province of [undefined, ...PROVINCES]) {
          expect([new Date(at).toISOString(), province, windowAt(table, at, province)]).toEqual([
            new Date(at).toISOString(),
            province,
            deliveryWindow(new Date(at), deliveryDaysFor(province)),
          ]);
        }
      }
    });
  }

  test("knows nothing outside its days: a clock behind or far ahead gets no window", () => {
    const now = new Date("2026-12-14T07:30:00Z");
    const table = deliveryTable(now);
    expect(windowAt(table, now.getTime() - 13 * HOUR_MS, "Gauteng")).toBeNull();
    expect(windowAt(table, now.getTime() + (TABLE_DAYS * 24 + 1) * HOUR_MS)).toBeNull();
    expect(table.within).toEqual([14, 10, 12]);
  });

  test("is small: one row per change of window, not per hour", () => {
    const table = deliveryTable(new Date("2026-12-14T07:30:00Z"));
    expect(table.rows.length).toBeLessThanOrEqual(2 * TABLE_DAYS + 1);
    expect(JSON.stringify(table).length).toBeLessThan(2_500);
  });
});
