import { centsString, formatMoney, randsAmount, vatIncluded } from "@/lib/money/money";

const plain = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatMoney", () => {
  test.each([
    [1299900, "R 12 999,00"],
    [0, "R 0,00"],
    [5, "R 0,05"],
    [99, "R 0,99"],
    [100000, "R 1 000,00"],
    [123456789, "R 1 234 567,89"],
    [-25000, "-R 250,00"],
  ])("%d cents is %s", (cents, text) => {
    expect(plain(formatMoney(cents))).toBe(text);
  });

  test("without cents rounds to the rand", () => {
    expect(plain(formatMoney(1299900, { cents: false }))).toBe("R 12 999");
    expect(plain(formatMoney(1299950, { cents: false }))).toBe("R 13 000");
  });

  test("uses no-break spaces so a price never wraps", () => {
    expect(formatMoney(1299900)).toBe("R\u00a012\u00a0999,00");
  });

  test("refuses what is not an amount", () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe("vatIncluded", () => {
  test.each([
    [11500, 1500],
    [1299900, 169552],
    [100, 13],
    [0, 0],
  ])("VAT inside %d cents is %d", (amount, vat) => {
    expect(vatIncluded(amount)).toBe(vat);
  });
});

describe("contract money", () => {
  test("cents travel as strings of digits", () => {
    expect(centsString(1299900)).toBe("1299900");
    expect(() => centsString(12.5)).toThrow(RangeError);
  });
});

describe("rands for a spreadsheet", () => {
  test.each([
    [1_299_900, "12999.00"],
    [5, "0.05"],
    [-15_050, "-150.50"],
    [0, "0.00"],
  ])("%d cents are %s", (cents, rands) => {
    expect(randsAmount(cents)).toBe(rands);
  });

  test("only whole cents", () => {
    expect(() => randsAmount(12.5)).toThrow(RangeError);
  });
});
