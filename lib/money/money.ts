/** Money is integer cents everywhere; rands exist only on screen and in the analytics events. */
export const CURRENCY = "ZAR";
export const VAT_RATE_PERCENT = 15;

const NBSP = "\u00a0";

/**
 * "R 12 999,00", as the en-ZA locale writes rand. Written by hand rather than through
 * Intl so that server and browser (whose ICU data may differ) print the same characters.
 */
export function formatMoney(cents: number, opts: { cents?: boolean } = {}): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of cents: ${cents}`);
  const showCents = opts.cents ?? true;
  const whole = Math.round(cents);
  const negative = whole < 0;
  const abs = Math.abs(whole);
  const rands = Math.floor(abs / 100);
  const rest = abs % 100;
  const grouped = String(showCents ? rands : Math.round(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const text = showCents ? `R${NBSP}${grouped},${String(rest).padStart(2, "0")}` : `R${NBSP}${grouped}`;
  return negative ? `-${text}` : text;
}

/** An amount in rand with two decimals and no symbol, "12999.00", as a spreadsheet adds it up. */
export function randsAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The VAT inside a VAT-inclusive amount: round(amount x 15 / 115). */
export function vatIncluded(cents: number): number {
  return Math.round((cents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

/** The API contract writes cents as a string of digits: 1299900 -> "1299900". */
export function centsString(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return String(cents);
}
