import { VAT_RATE_PERCENT } from "@/lib/money/money";

/**
 * The monthly estimate shown for buy-now-pay-later, for a price over 3 to 12
 * months, on terms that follow the National Credit Act's caps:
 *  - interest 28.25% a year, compounded monthly, on the financed amount;
 *  - initiation fee = min(15% of price, R165 + 10% of the price above R1 000, R1 050), plus VAT,
 *    added to the amount financed;
 *  - service (credit life) fee R4.50 a month per R1 000 financed;
 *  - monthly fee = min(15% of the instalment, R60 plus VAT).
 * The estimate is the sum of the last three, rounded to the cent. It is an estimate: the
 * provider's own quote decides.
 */
export const INSTALMENT_MIN_MONTHS = 3;
export const INSTALMENT_MAX_MONTHS = 12;
export const ANNUAL_INTEREST = 0.2825;

export type InstalmentEstimate = {
  months: number;
  /** Monthly total, in cents. */
  monthlyCents: number;
  initiationFeeCents: number;
  financedCents: number;
};

export function instalmentEstimate(priceCents: number, months: number): InstalmentEstimate {
  if (!Number.isInteger(months) || months < INSTALMENT_MIN_MONTHS || months > INSTALMENT_MAX_MONTHS) {
    throw new RangeError(`months must be a whole number from ${INSTALMENT_MIN_MONTHS} to ${INSTALMENT_MAX_MONTHS}`);
  }
  if (!Number.isInteger(priceCents) || priceCents <= 0)
    throw new RangeError("price must be a positive number of cents");
  // The initiation fee in whole cents, worked in integers (hundredths of a cent) so that
  // R314.90 plus VAT = R362.135 rounds up to R362.14 as a person would round it.
  const base = Math.min(15 * priceCents, 1_650_000 + 10 * Math.max(0, priceCents - 100_000), 10_500_000);
  const initiationCents = Math.round((base * (100 + VAT_RATE_PERCENT)) / 10_000);
  const financedCents = priceCents + initiationCents;
  const financed = financedCents / 100;
  const r = ANNUAL_INTEREST / 12;
  const instalment = (financed * r) / (1 - Math.pow(1 + r, -months));
  const service = (financed * 4.5) / 1000;
  const monthlyFee = Math.min(0.15 * instalment, (60 * (100 + VAT_RATE_PERCENT)) / 100);
  return {
    months,
    monthlyCents: Math.round((instalment + service + monthlyFee) * 100),
    initiationFeeCents: initiationCents,
    financedCents,
  };
}

export const INSTALMENT_MONTH_OPTIONS = Array.from(
  { length: INSTALMENT_MAX_MONTHS - INSTALMENT_MIN_MONTHS + 1 },
  (_, i) => i + INSTALMENT_MIN_MONTHS,
);

/** PayJustNow's three interest-free payments: each a third, rounded up to the cent. */
export const INTEREST_FREE_PAYMENTS = 3;

export function interestFreeInstalment(priceCents: number): number {
  return Math.ceil(priceCents / INTEREST_FREE_PAYMENTS);
}

const COUNT_WORDS = "no one two three four five six seven eight nine ten eleven twelve".split(" ");

/** A small count as copy writes it ("three"), a larger one in figures. */
export function countWord(n: number): string {
  return COUNT_WORDS[n] ?? String(n);
}

/** The words the shop's copy uses for the two ways to pay over time, built from the numbers above. */
export const INSTALMENT_WORDS = {
  /** "3 to 12 months" */
  term: `${INSTALMENT_MIN_MONTHS} to ${INSTALMENT_MAX_MONTHS} months`,
  /** "28.25%" */
  annualInterest: `${Number((ANNUAL_INTEREST * 100).toFixed(2))}%`,
  /** "three" */
  interestFreePayments: countWord(INTEREST_FREE_PAYMENTS),
  /** "two": the payments after the first, a month apart */
  interestFreeLater: countWord(INTEREST_FREE_PAYMENTS - 1),
};
