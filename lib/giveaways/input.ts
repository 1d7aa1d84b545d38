import {
  MESSAGES,
  check,
  firstError,
  firstMissing,
  isTicked,
  isValidEmail,
  isValidName,
  text,
  type FieldError,
} from "@/lib/forms/validation";
import { toNationalPhone } from "@/lib/forms/phone";
import { isProvince, type Province } from "@/lib/forms/provinces";

export const ENTERED_MESSAGE = "You're in the draw. Good luck.";
export const DUPLICATE_ENTRY_MESSAGE =
  "This e-mail address has already entered this giveaway. Only one entry per person is allowed.";
export const CLOSED_MESSAGE = "This giveaway has closed and is no longer taking entries.";
export const GIVEAWAY_LIMIT = { limit: 10, windowSeconds: 3600 };
/** Entry confirmations one inbox is sent in a day (one entry per campaign, but anyone can enter any address). */
export const GIVEAWAY_MAIL_LIMIT = { limit: 3, windowSeconds: 86_400 };

export type EntryInput = { campaign: string; name: string; email: string; phone: string; province: Province };

export function checkEntry(
  values: Record<string, unknown>,
): { ok: true; value: EntryInput } | { ok: false; error: FieldError } {
  const v = {
    campaign: text(values.campaign),
    name: text(values.name),
    email: text(values.email),
    phone: text(values.phone),
    province: text(values.province),
  };
  const phone = toNationalPhone(v.phone);
  const error = firstError(
    firstMissing(values, ["campaign", "name", "email", "phone", "province"]),
    check(isValidName(v.name), "name", MESSAGES.name),
    check(isValidEmail(v.email), "email", MESSAGES.email),
    check(phone !== null, "phone", MESSAGES.phone),
    check(isProvince(v.province), "province", MESSAGES.province),
    check(isTicked(values.adult), "adult", MESSAGES.adult),
  );
  if (error) return { ok: false, error };
  return { ok: true, value: { ...v, email: v.email.toLowerCase(), phone: phone!, province: v.province as Province } };
}
