/**
 * South African phone numbers: one rule for every form and for the checkout. A number is nine
 * digits after the country code or the trunk 0, the first of them 1-8 (a leading 0 or 9 is not a
 * South African number). People write it as "082 123 4567", "(021) 000-1234", "082.123.4567",
 * "+27 82 123 4567", "27821234567" or "0027 82 123 4567"; spaces, dashes, dots and brackets are
 * ignored, anything else is refused.
 */
function significantDigits(input: string): string | null {
  const m = /^(?:\+27|0027|27|0)([1-8]\d{8})$/.exec(input.replace(/[\s\-().]/g, ""));
  return m ? m[1]! : null;
}

/** E.164 ("+27821234567"), as orders keep it and gateways take it; null when it is not one. */
export function toE164Phone(input: string): string | null {
  const digits = significantDigits(input);
  return digits ? `+27${digits}` : null;
}

/** The national form ("0821234567"), as people read it in an e-mail; null when it is not one. */
export function toNationalPhone(input: string): string | null {
  const digits = significantDigits(input);
  return digits ? `0${digits}` : null;
}

/** The national form with spaces, "082 123 4567", as South Africans write it; null when it is not one. */
export function spacedNationalPhone(input: string): string | null {
  const national = toNationalPhone(input);
  return national ? `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}` : null;
}
