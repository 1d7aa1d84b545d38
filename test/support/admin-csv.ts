/**
 * Reads a downloaded CSV the ways a spreadsheet might, for the tests of the back office's exports
 * (jest, e2e and the reliability suite): by RFC 4180, and split at any separator a spreadsheet's
 * locale may use (`,` `;` tab, a line break), quotes ignored, as a careless import does.
 */

/** The rows of an RFC 4180 file (the byte-order mark dropped), each cell unquoted. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}

/** The rows as objects keyed by the header row. */
export function csvRecords(text: string): Array<Record<string, string>> {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

/** What a spreadsheet runs: a cell that starts, after any spaces, with one of these. */
const FORMULA = /^[ \t\r\n]*[=+\-@]|^[\t\r]/;

/**
 * Every piece of the file that a spreadsheet could take for a formula: each cell as RFC 4180 reads
 * it, and each piece of the raw text split at `separator` (quotes dropped at its ends).
 */
export function formulaCells(text: string, separators: readonly string[] = [",", ";", "\t", "\n"]): string[] {
  const body = text.replace(/^\uFEFF/, "");
  const found = parseCsv(body)
    .flat()
    .filter((cell) => FORMULA.test(cell));
  for (const separator of separators) {
    for (const line of body.split(/\r\n/)) {
      for (const piece of line.split(separator)) {
        const bare = piece.replace(/^"+/, "");
        if (FORMULA.test(bare)) found.push(bare);
      }
    }
  }
  return found;
}
