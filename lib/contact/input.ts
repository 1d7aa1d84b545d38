import {
  LIMITS,
  MESSAGES,
  check,
  firstError,
  firstMissing,
  isValidEmail,
  isValidMessage,
  isValidName,
  text,
  type FieldError,
} from "@/lib/forms/validation";
import { toNationalPhone } from "@/lib/forms/phone";

export const MESSAGE_SENT = "Message sent";
export const CONTACT_LIMIT = { limit: 5, windowSeconds: 900 };

export type ContactInput = { name: string; email: string; phone: string; message: string };

/** Name, e-mail and message are needed; a phone number is optional, but must be one if given. */
export function checkContact(
  values: Record<string, unknown>,
): { ok: true; value: ContactInput } | { ok: false; error: FieldError } {
  const v = {
    name: text(values.name),
    email: text(values.email),
    phone: text(values.phone),
    message: text(values.message),
  };
  const phone = v.phone ? toNationalPhone(v.phone) : "";
  const error = firstError(
    firstMissing(values, ["name", "email", "message"]),
    check(isValidName(v.name), "name", MESSAGES.name),
    check(isValidEmail(v.email), "email", MESSAGES.email),
    check(phone !== null, "phone", MESSAGES.phone),
    check(isValidMessage(v.message, LIMITS.contactMessage), "message", MESSAGES.message),
  );
  if (error) return { ok: false, error };
  return { ok: true, value: { ...v, phone: phone ?? "" } };
}
