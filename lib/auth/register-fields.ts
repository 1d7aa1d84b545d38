/**
 * The create-account form's field rules, as the shopper reads them: each message says what to do.
 * They accept exactly what the server's register schema accepts (lib/auth/schemas.ts; a test holds
 * the two together), so the form can point at every problem before sending; the server still
 * decides, and its refusals (an address already registered, a common password) show the same way.
 * No zod here: this runs in the browser.
 */
import { EMAIL_PATTERN } from "@/lib/orders/checkout-fields";
import { toE164Phone } from "@/lib/forms/phone";

export const REGISTER_FIELDS = ["first_name", "last_name", "email", "phone", "password"] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 20;
/** The shortest password the shop accepts, here so the browser's forms can say it too (lib/auth/passwords checks it). */
export const PASSWORD_MIN_LENGTH = 8;
/** How many digits a password reset code has, here so the browser's forms can say it too. */
export const RESET_CODE_DIGITS = 6;
/** What every new-password field says under it. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. Common passwords are not accepted.`;

type Rule = (value: string) => string | null;

const name =
  (what: string): Rule =>
  (raw) => {
    const v = raw.trim();
    if (v === "") return `Enter your ${what}`;
    return v.length > NAME_MAX ? `Enter a ${what} of at most ${NAME_MAX} characters` : null;
  };

export const REGISTER_RULES: Record<RegisterField, Rule> = {
  first_name: name("first name"),
  last_name: name("last name"),
  email: (raw) => {
    const v = raw.trim();
    if (v === "") return "Enter your e-mail address";
    if (v.length > EMAIL_MAX) return `Enter an e-mail address of at most ${EMAIL_MAX} characters`;
    return EMAIL_PATTERN.test(v) ? null : "Enter an e-mail address like name@example.co.za";
  },
  phone: (raw) => {
    const v = raw.trim();
    if (v === "") return null;
    return v.length <= PHONE_MAX && toE164Phone(v) ? null : "Enter a South African phone number, like 082 123 4567";
  },
  password: (v) =>
    v === ""
      ? "Choose a password"
      : v.length < PASSWORD_MIN_LENGTH
        ? `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters`
        : null,
};

/** Every field's problem, in the form's order; empty when the form may be sent. */
export function registerErrors(values: Partial<Record<RegisterField, string>>): Array<[RegisterField, string]> {
  const out: Array<[RegisterField, string]> = [];
  for (const field of REGISTER_FIELDS) {
    const message = REGISTER_RULES[field](values[field] ?? "");
    if (message) out.push([field, message]);
  }
  return out;
}
