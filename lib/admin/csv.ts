import { stringify } from "csv-stringify/sync";
import { exportDateTime } from "@/lib/admin/format";
import { spacedNationalPhone } from "@/lib/forms/phone";
import { randsAmount } from "@/lib/money/money";
import { SHOP_TIME_NAME } from "@/lib/config/shop-time";

/** An export holds at most this many rows; past it, narrow the search. */
export const EXPORT_LIMIT = 50_000;

/**
 * Where a spreadsheet would start a formula: a separator any locale may split a cell at (`,` `;`
 * tab, a line break) followed, after spaces or quotes, by `=` `+` `-` `@`, or by a tab or carriage
 * return. The file quotes every cell, so this matters only to a spreadsheet that splits anyway.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[" \t]*[=+\-@]|[\t\r])/g;
/** A cell a spreadsheet would run as a formula starts like this. */
const FORMULA_AT_START = /^(?:[" \t]*[=+\-@]|[\t\r])/;

/**
 * The cell as text, with a `'` wherever a spreadsheet would otherwise read a formula: at its start
 * and after each separator. A moment is written in South African time.
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = (value instanceof Date ? exportDateTime(value) : String(value)).replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_AT_START.test(text) ? `'${text}` : text;
}

export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

/** A column of moments, in South African time, saying so in its header. */
export function timeColumn<T>(header: string, value: (row: T) => Date | null): CsvColumn<T> {
  return { header: `${header} (${SHOP_TIME_NAME})`, value };
}

/**
 * A column of phone numbers as South Africans write them, "082 123 4567": the spaces keep a
 * spreadsheet from reading a number and dropping the leading 0, and there is no `+` for it to run.
 * Text that is no South African number is kept as it was (made safe like any cell).
 */
export function phoneColumn<T>(header: string, value: (row: T) => string | null): CsvColumn<T> {
  return {
    header,
    value: (row) => {
      const phone = value(row);
      return phone ? (spacedNationalPhone(phone) ?? phone) : "";
    },
  };
}

/** A column of amounts in rand with two decimals, "12999.00", for a person to add up. */
export function randsColumn<T>(header: string, cents: (row: T) => number): CsvColumn<T> {
  return { header: `${header} (R)`, value: (row) => randsAmount(cents(row)) };
}

/**
 * A CSV file (RFC 4180, CRLF lines, a header row, a byte-order mark for Excel) that is safe to open
 * in a spreadsheet: every cell quoted, so none is split at a separator, and neutralised.
 */
export function toCsv<T>(columns: ReadonlyArray<CsvColumn<T>>, rows: readonly T[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => safeCell(c.value(row)))),
    {
      header: true,
      columns: columns.map((c) => c.header),
      quoted: true,
      quoted_empty: true,
      record_delimiter: "windows",
      bom: true,
    },
  );
}

/** An export: the file, and how many rows it holds (for the audit log). */
export type CsvFile = { csv: string; rows: number };

export function csvFile<T>(columns: ReadonlyArray<CsvColumn<T>>, rows: readonly T[]): CsvFile {
  return { csv: toCsv(columns, rows), rows: rows.length };
}
