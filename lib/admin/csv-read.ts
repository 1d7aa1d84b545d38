/**
 * Reading a CSV file a member of staff uploads: RFC 4180 quoting, with or without a byte-order
 * mark, lines ended by CRLF, LF or CR (whatever the spreadsheet wrote). Rows that are wholly empty
 * are kept as empty rows, so a row's number stays the one the spreadsheet shows.
 */

export class CsvReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvReadError";
  }
}

/** The file's rows, each cell unquoted; the first is the header row. */
export function readCsv(text: string, limits: { rows: number; cellChars: number }): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let quoteOpenedOnRow = 0;
  const endCell = () => {
    if (cell.length > limits.cellChars)
      throw new CsvReadError(
        `Row ${rows.length + 1} has a cell longer than ${limits.cellChars.toLocaleString("en-ZA")} characters`,
      );
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
    // The header and the rows allowed, and one more so the caller can say the file is too long.
    if (rows.length > limits.rows + 1) throw new CsvReadError(`The file has more than ${limits.rows} rows`);
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") {
      quoted = true;
      quoteOpenedOnRow = rows.length + 1;
    } else if (c === ",") endCell();
    else if (c === "\r" || c === "\n") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      endRow();
    } else cell += c;
  }
  if (quoted) throw new CsvReadError(`The file ends inside a quoted cell opened on row ${quoteOpenedOnRow}`);
  if (cell !== "" || row.length) endRow();
  return rows;
}

const ESCAPED_AT_START = /^'(?=[" \t]*[=+\-@]|[\t\r])/;
const ESCAPED_AFTER_SEPARATOR = /([,;\t\r\n])'(?=[" \t]*[=+\-@]|[\t\r])/g;

/**
 * A cell as it was before the shop's own export made it safe for a spreadsheet (lib/admin/csv.ts
 * puts a `'` where a formula would start), so a file exported and imported again is unchanged.
 */
export function unsafeCell(text: string): string {
  return text.replace(ESCAPED_AFTER_SEPARATOR, "$1").replace(ESCAPED_AT_START, "");
}
