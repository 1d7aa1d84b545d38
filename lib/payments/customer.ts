import { PROVINCES } from "@/lib/forms/provinces";
import { ApiError } from "@/lib/api/errors";
import { toE164Phone } from "@/lib/forms/phone";
import type { PaymentOrder } from "@/lib/payments/types";

/** The national form of a mobile number (06x, 07x, 08x), as PayFast's cell_number takes it. */
export function nationalMobile(phone: string): string | null {
  const e164 = toE164Phone(phone);
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

/**
 * The shopper as PayJustNow's checkout (and FinChoice's contract, modelled on it) takes them:
 * billing name, e-mail, an E.164 mobile and the address with the province's full name.
 */
export function providerCustomer(order: PaymentOrder, providerLabel: string) {
  const a = order.billing;
  const mobile = toE164Phone(order.phone) ?? toE164Phone(a.phone ?? "");
  if (!mobile) {
    throw new ApiError(400, "invalid_phone", `${providerLabel} needs a South African mobile number`, {
      fields: { phone: "Enter a South African mobile number" },
    });
  }
  return {
    first_name: clip(a.firstName, 100),
    last_name: clip(a.lastName, 100),
    email: order.email,
    mobile_number: mobile,
    address: {
      address_line_1: clip(a.streetAddress1, 200),
      ...(a.streetAddress2?.trim() ? { address_line_2: clip(a.streetAddress2, 200) } : {}),
      city: clip(a.city, 100),
      province: provinceName(a.province),
      postal_code: a.postcode,
    },
  };
}
