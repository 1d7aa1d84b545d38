/**
 * The checkout's field rules and their messages, shared by the server's schema
 * (lib/orders/checkout-schema.ts, lib/orders/address.ts) and the checkout form, which re-checks a
 * field the server refused as the shopper corrects it. No zod here: this runs in the browser.
 */
import { isProvince } from "@/lib/forms/provinces";
import { toE164Phone } from "@/lib/forms/phone";

/** zod's own e-mail pattern, so the form and the server agree on every address. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const POSTCODE_PATTERN = /^\d{4}$/;
export const EMAIL_MAX = 200;

export const CHECKOUT_MESSAGES = {
  emailMissing: "Enter your e-mail address",
  emailInvalid: "Enter an e-mail address like name@example.co.za",
  emailTooLong: `Enter an e-mail address of at most ${EMAIL_MAX} characters`,
  phoneMissing: "Enter your phone number",
  phoneInvalid: "Enter a South African phone number, like 082 123 4567",
  postcode: "Enter a 4-digit postcode",
  province: "Choose your province",
  country: "We deliver in South Africa only",
  paymentMethod: "Choose a payment method",
  billing: "Enter a billing address",
} as const;

/** A rule reads the trimmed text of a field and answers its message, or null when it is fine. */
export type FieldRule = (value: string) => string | null;

const required =
  (missing: string, what: string, max: number): FieldRule =>
  (v) =>
    v === "" ? missing : v.length > max ? `Enter a ${what} of at most ${max} characters` : null;

const optional =
  (what: string, max: number): FieldRule =>
  (v) =>
    v.length > max ? `Enter a ${what} of at most ${max} characters` : null;

export const emailRule: FieldRule = (v) =>
  v === ""
    ? CHECKOUT_MESSAGES.emailMissing
    : v.length > EMAIL_MAX
      ? CHECKOUT_MESSAGES.emailTooLong
      : EMAIL_PATTERN.test(v)
        ? null
        : CHECKOUT_MESSAGES.emailInvalid;

export const phoneRule: FieldRule = (v) =>
  v === "" ? CHECKOUT_MESSAGES.phoneMissing : toE164Phone(v) ? null : CHECKOUT_MESSAGES.phoneInvalid;

export const ADDRESS_LIMITS = {
  FirstName: 60,
  LastName: 60,
  CompanyName: 100,
  StreetAddress1: 120,
  StreetAddress2: 120,
  City: 60,
} as const;

/** One rule per field of an address, in the order the form shows them. */
export const addressRules = {
  FirstName: required("Enter your first name", "first name", ADDRESS_LIMITS.FirstName),
  LastName: required("Enter your last name", "last name", ADDRESS_LIMITS.LastName),
  CompanyName: optional("company name", ADDRESS_LIMITS.CompanyName),
  StreetAddress1: required("Enter your street address", "street address", ADDRESS_LIMITS.StreetAddress1),
  StreetAddress2: optional("second address line", ADDRESS_LIMITS.StreetAddress2),
  City: required("Enter your city or town", "city or town", ADDRESS_LIMITS.City),
  Postcode: ((v) => (POSTCODE_PATTERN.test(v) ? null : CHECKOUT_MESSAGES.postcode)) as FieldRule,
  Province: ((v) => (isProvince(v) ? null : CHECKOUT_MESSAGES.province)) as FieldRule,
} satisfies Record<string, FieldRule>;

/**
 * The message for one of the checkout's fields, named as the server names it ("email",
 * "shipping.Postcode"); null when it is fine or has no rule of its own.
 */
export function checkoutFieldError(field: string, value: string): string | null {
  const v = value.trim();
  if (field === "email") return emailRule(v);
  if (field === "phone") return phoneRule(v);
  const [group, key] = field.split(".");
  if ((group === "shipping" || group === "billing") && key && Object.hasOwn(addressRules, key))
    return addressRules[key as keyof typeof addressRules](v);
  return null;
}

/** The answer's message for a refused checkout: the first thing to fix, and how many others. */
export function checkoutRefusalMessage(messages: string[]): string {
  const [first] = messages;
  if (!first) return "Check your details";
  const rest = messages.length - 1;
  return rest === 0 ? first : `${first} (and ${rest} more ${rest === 1 ? "detail" : "details"} to fix)`;
}
