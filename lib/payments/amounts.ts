/** Gateways speak rands with two decimals ("1299.00"); the shop keeps integer cents. */
export function rands(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * "1299", "1299.5", "1299.00" or "-2.30" as cents, or null for anything else. Worked on the
 * digits, never through a float, so "0.29" is 29 cents and not 28.999….
 */
export function parseRands(text: string): number | null {
  const m = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? "0").padEnd(2, "0"));
  return m[1] ? -cents : cents;
}
