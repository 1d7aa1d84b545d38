import { PROVINCES } from "@/lib/forms/provinces";

/**
 * A South African number as E.164 (+27 and nine digits), which PayJustNow requires, or null
 * when it is not one: "082 555 0101", "0825550101", "27825550101" and "+27 82 555 0101" all give
 * "+27825550101".
 */
export function toE164(phone: string): string | null {
  const digits = phone.replace(/[\s()-]/g, "");
  const m = /^(?:\+27|0027|27|0)([1-9]\d{8})$/.exec(digits);
  return m ? `+27${m[1]}` : null;
}

/** The national form of a mobile number (06x, 07x, 08x), as PayFast's cell_number takes it. */
export function nationalMobile(phone: string): string | null {
  const e164 = toE164(phone);
  return e164 && /^\+27[678]/.test(e164) ? `0${e164.slice(3)}` : null;
}

const PROVINCE_CODES: Record<string, (typeof PROVINCES)[number]> = {
  EC: "Eastern Cape",
  FS: "Free State",
  GP: "Gauteng",
  GT: "Gauteng",
  KZN: "KwaZulu-Natal",
  NL: "KwaZulu-Natal",
  LP: "Limpopo",
  MP: "Mpumalanga",
  NC: "Northern Cape",
  NW: "North West",
  WC: "Western Cape",
};

/** A province's full name (PayJustNow wants "Western Cape", not "WC"). */
export function provinceName(value: string): string {
  const v = value.trim();
  const byName = PROVINCES.find((p) => p.toLowerCase() === v.toLowerCase());
  return byName ?? PROVINCE_CODES[v.toUpperCase()] ?? v;
}

/** Cuts text to a gateway's field limit without splitting a character. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join("") : chars.slice(0, max - 1).join("") + "…";
}
