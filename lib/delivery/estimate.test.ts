import Holidays from "date-holidays";
import { addWorkingDays, deliveryWindow, describeWindow, formatDay, isWorkingDay } from "@/lib/delivery/estimate";
import { deliveryDaysFor, NATIONWIDE } from "@/lib/delivery/config";
import { DECLARED_HOLIDAYS, easterSunday, isoDay, publicHolidays } from "@/lib/delivery/holidays";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** A moment South African time (UTC+2). */
const sast = (iso: string, time = "09:00") => new Date(`${iso}T${time}:00+02:00`);

describe("South African public holidays", () => {
  test("match the date-holidays library, year by year", () => {
    const za = new Holidays("ZA");
    for (let year = 2024; year <= 2040; year++) {
      const library = za
        .getHolidays(year)
        .filter((h) => h.type === "public")
        .map((h) => h.date.slice(0, 10))
        .sort();
      expect([year, [...publicHolidays(year)].sort()]).toEqual([year, library]);
    }
  });

  test("declared days besides the Act's are holidays too", () => {
    for (const d of DECLARED_HOLIDAYS) expect(isWorkingDay(day(d))).toBe(false);
  });

  test("Easter falls where the calendar says", () => {
    expect(isoDay(easterSunday(2026))).toBe("2026-04-05");
    expect(isoDay(easterSunday(2027))).toBe("2027-03-28");
    expect(isoDay(easterSunday(2038))).toBe("2038-04-25");
  });
});

describe("the delivery window", () => {
  test("counts working days only: weekends are skipped", () => {
    // Monday 2 November 2026, morning: ten working days on is Monday 16 November.
    expect(addWorkingDays(day("2026-11-02"), 10)).toEqual(day("2026-11-16"));
    expect(deliveryWindow(sast("2026-11-02"), { from: 3, to: 5 })).toEqual({
      earliest: "2026-11-05",
      latest: "2026-11-09",
    });
  });

  test("skips public holidays: Heritage Day on a Thursday", () => {
    // Tuesday 22 September 2026: Wed 23, (Thu 24 holiday), Fri 25, Mon 28.
    expect(deliveryWindow(sast("2026-09-22"), { from: 1, to: 3 })).toEqual({
      earliest: "2026-09-23",
      latest: "2026-09-28",
    });
  });

  test("a holiday on a Sunday moves to the Monday, which is skipped too", () => {
    // Women's Day, Sunday 9 August 2026; Monday 10 August is the public holiday.
    expect(isWorkingDay(day("2026-08-10"))).toBe(false);
    expect(deliveryWindow(sast("2026-08-07"), { from: 1, to: 2 })).toEqual({
      earliest: "2026-08-11",
      latest: "2026-08-12",
    });
  });

  test("runs over the year end: Reconciliation, Christmas, Goodwill and New Year skipped", () => {
    // Monday 14 December 2026, morning, 14 working days.
    const w = deliveryWindow(sast("2026-12-14"), NATIONWIDE);
    const expected = addWorkingDays(day("2026-12-14"), 14);
    expect(w.latest).toBe(isoDay(expected));
    // 15, 17, 18, 21, 22, 23, 24, 28, 29, 30, 31 Dec; 4, 5, 6 Jan.
    expect(w.latest).toBe("2027-01-06");
    expect(describeWindow(w)).toBe("Delivered between Wed 30 Dec and Wed 6 Jan");
  });

  test("an order after midday, on a weekend or on a holiday starts counting the next working day", () => {
    const before = deliveryWindow(sast("2026-11-03", "11:59"), { from: 1, to: 1 });
    const after = deliveryWindow(sast("2026-11-03", "12:00"), { from: 1, to: 1 });
    expect(before.earliest).toBe("2026-11-04");
    expect(after.earliest).toBe("2026-11-05");
    // Saturday: taken Monday, delivered from Tuesday.
    expect(deliveryWindow(sast("2026-11-07"), { from: 1, to: 1 }).earliest).toBe("2026-11-10");
    // Late on Friday night UTC is already Saturday in South Africa.
    expect(deliveryWindow(new Date("2026-11-06T22:30:00Z"), { from: 1, to: 1 }).earliest).toBe("2026-11-10");
  });

  test("each province has its window; any other is the nationwide 14 working days", () => {
    expect(NATIONWIDE.to).toBe(14);
    expect(deliveryDaysFor("Gauteng").to).toBeLessThan(14);
    expect(deliveryDaysFor("Limpopo")).toEqual(NATIONWIDE);
    expect(deliveryDaysFor(undefined)).toEqual(NATIONWIDE);
    expect(deliveryDaysFor("Atlantis")).toEqual(NATIONWIDE);
  });

  test("days are written as a shopper reads them", () => {
    expect(formatDay("2026-12-08")).toBe("Tue 8 Dec");
    expect(describeWindow({ earliest: "2026-12-08", latest: "2026-12-11" })).toBe(
      "Delivered between Tue 8 Dec and Fri 11 Dec",
    );
  });
});
