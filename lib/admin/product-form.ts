import { z } from "zod";
import { fieldErrors, slugField } from "@/lib/admin/slug";

/**
 * A product's words and address, as the browser checks them before sending and the server checks
 * them again: one schema, so both give the same message for the same field.
 */
export const productDetailsFields = z.object({
  name: z
    .string({ error: "Give the product a name" })
    .trim()
    .min(1, { error: "Give the product a name" })
    .max(120, { error: "Keep the name to 120 characters" }),
  slug: slugField("product", "eden-3-seater"),
  shortDescription: z
    .string()
    .trim()
    .max(300, { error: "Keep the short description to 300 characters" })
    .optional()
    .default(""),
  description: z
    .string()
    .trim()
    .max(10_000, { error: "Keep the description to 10 000 characters" })
    .optional()
    .default(""),
});

export type ProductDetails = z.output<typeof productDetailsFields>;
export type ProductDetailsInput = z.input<typeof productDetailsFields>;

export function productDetailsErrors(input: ProductDetailsInput): Record<string, string> {
  return fieldErrors(productDetailsFields, input);
}
