/**
 * The checks behind every form a shopper fills in (reviews, contact, newsletter, giveaways), run
 * by the route handlers. The browser sends a form as it is and shows the server's answer, field
 * by field, so no rule (and none of zod) is copied into the pages' JavaScript. The messages are
 * the ones the shop's clients know, word for word.
 */
import "server-only";
import { z } from "zod";

export const MESSAGES = {
  incomplete: "Please complete all fields",
  email: "Invalid email",
  name: "Invalid Name",
  message: "Invalid Message",
  title: "Invalid Title",
  phone: "Invalid phone number",
  rating: "Please choose a rating from 1 to 5 stars",
  province: "Please choose your province",
  adult: "You must be 18 or older to enter",
  consent: "Please tick the box to agree to receive our e-mails",
} as const;

export const LIMITS = {
  name: 80,
  email: 254,
  title: 120,
  reviewMessage: { min: 10, max: 3000 },
  contactMessage: { min: 10, max: 5000 },
} as const;

/** A failed check: the field it concerns and the message to show. */
export type FieldError = { field: string; message: string };

/** Form values arrive as strings (or not at all); anything else counts as not filled in. */
export function text(value: unknown): string {
  return typeof value === "string"
    ? value.trim()
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : "";
}

/** The first of `fields` left empty, if any. */
export function firstMissing(values: Record<string, unknown>, fields: readonly string[]): FieldError | null {
  const missing = fields.find((f) => text(values[f]) === "");
  return missing ? { field: missing, message: MESSAGES.incomplete } : null;
}

// Letters from any alphabet, with the spaces, apostrophes, hyphens and full stops of real names
// (Nomvula, O'Connor, Jansen van Rensburg, Anne-Marie, J. du Plessis); at least two letters.
const NAME = /^\p{L}[\p{L}\p{M}'’. -]*$/u;

export function isValidName(value: string): boolean {
  const letters = value.match(/\p{L}/gu)?.length ?? 0;
  return value.length <= LIMITS.name && letters >= 2 && NAME.test(value);
}

// zod's e-mail rule, the one the account calls use.
const EMAIL = z.email();

export function isValidEmail(value: string): boolean {
  return value.length <= LIMITS.email && EMAIL.safeParse(value).success;
}

/** A message with words in it: long enough to mean something, not an essay, not just symbols. */
export function isValidMessage(value: string, bounds: { min: number; max: number }): boolean {
  const letters = value.match(/\p{L}/gu)?.length ?? 0;
  return value.length >= bounds.min && value.length <= bounds.max && letters >= 3;
}

/** Checkboxes arrive as booleans from JSON and as "on" / "true" / "1" / "yes" from forms. */
export function isTicked(value: unknown): boolean {
  if (value === true || value === 1) return true;
  return typeof value === "string" && ["on", "true", "1", "yes"].includes(value.trim().toLowerCase());
}

/** Runs checks in order; the first failure wins, as the forms show one message at a time. */
export function firstError(...checks: Array<FieldError | null | false | undefined>): FieldError | null {
  for (const c of checks) if (c) return c;
  return null;
}

export const check = (ok: boolean, field: string, message: string): FieldError | null =>
  ok ? null : { field, message };
