import { stringify } from "csv-stringify/sync";

/** A cell a spreadsheet would run as a formula starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as text, with a leading quote where a spreadsheet would otherwise read a formula. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV file (RFC 4180, CRLF lines, with a header row) that is safe to open in a spreadsheet. */
export function toCsv<T>(
  columns: ReadonlyArray<{ header: string; value: (row: T) => unknown }>,
  rows: readonly T[],
): string {
  return stringify(
    rows.map((row) => columns.map((c) => safeCell(c.value(row)))),
    { header: true, columns: columns.map((c) => c.header), record_delimiter: "windows", bom: true },
  );
}
