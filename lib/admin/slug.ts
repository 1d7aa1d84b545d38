import { z } from "zod";

/** A slug as the shop's addresses carry it: lower-case letters and digits, words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An address field of a back-office form: `what` is "category" or "product", `example` a slug of that kind. */
export function slugField(what: string, example: string) {
  return z
    .string({ error: `Give the ${what} an address` })
    .trim()
    .min(1, { error: `Give the ${what} an address` })
    .max(80, { error: "Keep the address to 80 characters" })
    .regex(SLUG_PATTERN, { error: `Use lower-case letters, digits and single hyphens, e.g. ${example}` });
}

/** A form schema's messages by field, as the server's refusal names them and the browser shows them. */
export function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  return fields;
}
