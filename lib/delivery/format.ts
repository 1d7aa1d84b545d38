/*
 * How a delivery window reads, with no calendar code: the browser formats the days the server
 * worked out (lib/delivery/table.ts).
 */

export type DeliveryWindow = { earliest: string; latest: string };

export type DeliveryTable = {
  /** The column a province reads; any other (or none) reads column 0, nationwide. */
  columns: Record<string, number>;
  /** The most working days each column promises (the text before the browser picks a row). */
  within: number[];
  /** From each instant (ms) until the next row's: [earliest, latest] days (YYYY-MM-DD) per column. */
  rows: Array<[from: number, days: string[]]>;
  /** The instant after which the table knows nothing. */
  until: number;
};

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Tue 8 Dec", written by hand so server and browser print the same. */
export function formatDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "Delivered between Tue 8 Dec and Fri 11 Dec". */
export function describeWindow(w: DeliveryWindow): string {
  return `Delivered between ${formatDay(w.earliest)} and ${formatDay(w.latest)}`;
}

/** The windows a row of the table gives for `at` (ms), or null outside it. */
export function windowAt(table: DeliveryTable, at: number, province?: string): DeliveryWindow | null {
  if (at >= table.until) return null;
  let row: DeliveryTable["rows"][number] | undefined;
  for (const r of table.rows) if (r[0] <= at) row = r;
  if (!row) return null;
  const column = (province && table.columns[province]) || 0;
  return { earliest: row[1][2 * column]!, latest: row[1][2 * column + 1]! };
}
