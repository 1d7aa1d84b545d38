/**
 * South Africa's public holidays (Public Holidays Act 36 of 1994) worked out from the calendar, so
 * the browser needs no holiday data: the twelve fixed and Easter days, and the Monday after each
 * that falls on a Sunday. Days the government declares besides (election days, one-offs) are in
 * DECLARED_HOLIDAYS. The tests hold this to the date-holidays library year by year.
 */

/** Declared public holidays beyond the Act's list, as YYYY-MM-DD. */
export const DECLARED_HOLIDAYS: readonly string[] = [
  "2016-08-03", // local government elections
  "2019-05-08", // general elections
  "2021-11-01", // local government elections
  "2022-12-27", // Christmas on a Sunday, Day of Goodwill on the Monday
  "2023-12-15", // the Rugby World Cup
  "2024-05-29", // general elections
];

const FIXED: ReadonlyArray<readonly [month: number, day: number]> = [
  [1, 1],
  [3, 21],
  [4, 27],
  [5, 1],
  [6, 16],
  [8, 9],
  [9, 24],
  [12, 16],
  [12, 25],
  [12, 26],
];

/** A calendar date as YYYY-MM-DD, from a UTC-midnight Date. */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function utc(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

/** Easter Sunday (Gregorian; the anonymous algorithm, as in Meeus). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

const cache = new Map<number, ReadonlySet<string>>();

/** The year's public holidays as YYYY-MM-DD. */
export function publicHolidays(year: number): ReadonlySet<string> {
  const known = cache.get(year);
  if (known) return known;
  const days = new Set<string>();
  const easter = easterSunday(year);
  const dates = [
    ...FIXED.map(([m, d]) => utc(year, m, d)),
    new Date(easter.getTime() - 2 * 86_400_000),
    new Date(easter.getTime() + 86_400_000),
  ];
  for (const d of dates) {
    days.add(isoDay(d));
    if (d.getUTCDay() === 0) days.add(isoDay(new Date(d.getTime() + 86_400_000)));
  }
  for (const d of DECLARED_HOLIDAYS) if (d.startsWith(`${year}-`)) days.add(d);
  cache.set(year, days);
  return days;
}

export function isPublicHoliday(d: Date): boolean {
  return publicHolidays(d.getUTCFullYear()).has(isoDay(d));
}
