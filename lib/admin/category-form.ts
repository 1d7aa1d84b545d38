import { z } from "zod";
import { fieldErrors, slugField } from "@/lib/admin/slug";

/**
 * The category form, as the browser checks it before sending and the server checks it again: one
 * schema, so both give the same message for the same field.
 */
export const categoryFields = z.object({
  name: z
    .string({ error: "Give the category a name" })
    .trim()
    .min(1, { error: "Give the category a name" })
    .max(80, { error: "Keep the name to 80 characters" }),
  slug: slugField("category", "outdoor-chairs"),
  description: z
    .string()
    .trim()
    .max(2000, { error: "Keep the description to 2 000 characters" })
    .optional()
    .default(""),
  sortOrder: z.coerce
    .number({ error: "The order is a whole number" })
    .int({ error: "The order is a whole number" })
    .min(-10_000, { error: "The order is between -10 000 and 10 000" })
    .max(10_000, { error: "The order is between -10 000 and 10 000" }),
});

export type CategoryFields = z.output<typeof categoryFields>;
export type CategoryFormInput = z.input<typeof categoryFields>;

/** The form's values as it shows them: a new category's, or an existing one's. */
export type CategoryFormValues = {
  id: number | null;
  name: string;
  slug: string;
  description: string;
  sortOrder: string;
};

export const NEW_CATEGORY: CategoryFormValues = { id: null, name: "", slug: "", description: "", sortOrder: "0" };

/** The schema's messages by field, as the server's refusal names them. */
export function categoryFieldErrors(input: CategoryFormInput): Record<string, string> {
  return fieldErrors(categoryFields, input);
}
