import { phoneColumn, randsColumn, safeCell, timeColumn, toCsv } from "@/lib/admin/csv";
import { csvRecords, formulaCells, parseCsv } from "@/test/support/admin-csv";

/** What an attacker types into a name, a message or a phone field, hoping a member of staff opens the export. */
const HOSTILE = [
  'Lerato;=HYPERLINK("http://evil.example","x")',
  'Lerato,=HYPERLINK("http://evil.example","x")',
  "Lerato\t=1+1",
  "Lerato\n=1+1",
  "Lerato\r\n-2+3",
  'Lerato;"=1+1"',
  "Lerato; @SUM(1)",
  "=1+1",
  "+27 Cmd|' /C calc'!A0",
  "-2",
  "@SUM(1)",
  "\t=1+1",
  "\r=1+1",
  " =1+1",
];

describe("a cell a spreadsheet would run", () => {
  test.each([
    ["=1+1", "'=1+1"],
    ["+27821234567", "'+27821234567"],
    ["-2", "'-2"],
    ["@SUM(1)", "'@SUM(1)"],
    ["\tTAB", "'\tTAB"],
    ["\rCR", "'\rCR"],
    ['Lerato;=HYPERLINK("http://evil.example","x")', `Lerato;'=HYPERLINK("http://evil.example","x")`],
    ["Lerato,+1", "Lerato,'+1"],
    ["a\n- b", "a\n'- b"],
    ["plain", "plain"],
    ["a=b", "a=b"],
    ["Sipho, Durban", "Sipho, Durban"],
    [null, ""],
  ])("%p is written %p", (value, expected) => {
    expect(safeCell(value)).toBe(expected);
  });

  test("every cell is quoted, so no separator inside one splits it", () => {
    const csv = toCsv([{ header: "Name", value: (r: string) => r }], HOSTILE);
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe('"Name"');
    expect(lines[1]).toBe(`"Lerato;'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(parseCsv(csv).slice(1)).toHaveLength(HOSTILE.length);
  });

  test("read by RFC 4180, or split at a comma, a semicolon, a tab or a line break, no piece is a formula", () => {
    const csv = toCsv([{ header: "Name", value: (r: string) => r }], HOSTILE);
    expect(formulaCells(csv)).toEqual([]);
    // The same text, unguarded, would be found: the check can see what it looks for.
    expect(formulaCells(HOSTILE.map((h) => `"${h}"`).join("\r\n")).length).toBeGreaterThan(HOSTILE.length);
  });

  test("quotes and line breaks stay inside their cell", () => {
    expect(toCsv([{ header: "A", value: (r: string) => r }], ['say "hi", then\nleave'])).toBe(
      '\uFEFF"A"\r\n"say ""hi"", then\nleave"\r\n',
    );
  });
});

describe("what an export's cells say", () => {
  type Row = { at: Date | null; phone: string | null; cents: number };
  const columns = [
    timeColumn<Row>("Placed at", (r) => r.at),
    phoneColumn<Row>("Phone", (r) => r.phone),
    randsColumn<Row>("Total", (r) => r.cents),
  ];

  test("times are South African (UTC+2), with the zone in the header", () => {
    const [row] = csvRecords(toCsv(columns, [{ at: new Date("2026-11-23T22:30:05Z"), phone: null, cents: 0 }]));
    expect(row).toEqual({ "Placed at (SAST)": "2026-11-24 00:30:05", Phone: "", "Total (R)": "0.00" });
  });

  test.each([
    ["+27725550303", "072 555 0303"],
    ["0725550303", "072 555 0303"],
    ["(021) 000-1234", "021 000 1234"],
    ["+44 20 7946 0958", "'+44 20 7946 0958"],
  ])("the phone %p is written %p, its leading 0 kept as text", (phone, written) => {
    const [row] = csvRecords(toCsv(columns, [{ at: null, phone, cents: 0 }]));
    expect(row!.Phone).toBe(written);
    // A spreadsheet reads digits alone as a number and drops the 0; digits with spaces stay text.
    expect(row!.Phone).not.toMatch(/^\d+$/);
  });

  test.each([
    [1_299_900, "12999.00"],
    [1_299_950, "12999.50"],
    [5, "0.05"],
    [0, "0.00"],
  ])("%p cents are R %p", (cents, rands) => {
    expect(csvRecords(toCsv(columns, [{ at: null, phone: null, cents }]))[0]!["Total (R)"]).toBe(rands);
  });
});
