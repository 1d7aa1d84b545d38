import { instalmentEstimate, INSTALMENT_MONTH_OPTIONS } from "@/lib/money/instalments";

/*
 * Worked by hand (and checked with decimal arithmetic) for R1 000 over 6 months:
 *   initiation = min(150, 165 + 0, 1050) = 150; x 1.15 VAT = 172.50
 *   financed   = 1 000 + 172.50 = 1 172.50
 *   r = 0.2825 / 12 = 0.0235416…; instalment = 1 172.50 r / (1 - (1 + r)^-6) = 211.8303
 *   service    = 1 172.50 x 4.5 / 1 000 = 5.2763
 *   monthly fee = min(0.15 x 211.8303 = 31.7745, 60 x 1.15 = 69) = 31.7745
 *   total      = 211.8303 + 5.2763 + 31.7745 = 248.88
 */
const cases: Array<[string, number, number, number, number]> = [
  // label, price (rand), months, initiation fee (rand), monthly total (rand)
  ["15% initiation cap, 15% monthly fee", 500, 3, 86.25, 238.03],
  ["R1 000, the worked example", 1000, 6, 172.5, 248.88],
  ["R165 + 10% over R1 000 initiation", 2499, 3, 362.14, 1080.84],
  ["monthly fee capped at R69", 5000, 12, 649.75, 640.35],
  ["R1 050 initiation cap", 12999, 12, 1207.5, 1505.68],
  ["R1 050 cap, shortest term", 12999, 3, 1207.5, 5093.12],
  ["nine months", 7999, 9, 994.64, 1230.04],
  ["six months", 9000, 6, 1109.75, 1940.98],
  ["a corner couch over a year", 29999, 12, 1207.5, 3224.86],
];

describe("instalmentEstimate", () => {
  test.each(cases)("%s: R%d over %d months", (_label, rands, months, initiation, monthly) => {
    const e = instalmentEstimate(rands * 100, months);
    expect(e.initiationFeeCents).toBe(Math.round(initiation * 100));
    expect(e.monthlyCents).toBe(Math.round(monthly * 100));
  });

  test("a longer term never costs more a month", () => {
    const monthly = INSTALMENT_MONTH_OPTIONS.map((m) => instalmentEstimate(1299900, m).monthlyCents);
    for (let i = 1; i < monthly.length; i++) expect(monthly[i]!).toBeLessThan(monthly[i - 1]!);
  });

  test("the months offered are 3 to 12", () => {
    expect(INSTALMENT_MONTH_OPTIONS).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  test.each([2, 13, 6.5, 0])("refuses %p months", (m) => {
    expect(() => instalmentEstimate(100000, m)).toThrow(RangeError);
  });

  test("refuses a price that is not positive whole cents", () => {
    expect(() => instalmentEstimate(0, 6)).toThrow(RangeError);
    expect(() => instalmentEstimate(10.5, 6)).toThrow(RangeError);
  });
});
