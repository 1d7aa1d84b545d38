import { z } from "zod";
import { fieldErrors, slugField } from "@/lib/admin/slug";
import { rands } from "@/lib/admin/money-input";

/** What search results show of a title and a description before they cut it off. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;

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
  seoTitle: z
    .string()
    .trim()
    .max(SEO_TITLE_MAX, { error: `Keep the search title to ${SEO_TITLE_MAX} characters: search engines cut the rest` })
    .optional()
    .default(""),
  seoDescription: z
    .string()
    .trim()
    .max(SEO_DESCRIPTION_MAX, {
      error: `Keep the search description to ${SEO_DESCRIPTION_MAX} characters: search engines cut the rest`,
    })
    .optional()
    .default(""),
});

export type ProductDetails = z.output<typeof productDetailsFields>;
export type ProductDetailsInput = z.input<typeof productDetailsFields>;

export function productDetailsErrors(input: ProductDetailsInput): Record<string, string> {
  return fieldErrors(productDetailsFields, input);
}

const centimetres = (what: string) =>
  z.coerce
    .number({ error: `Enter the ${what} in whole centimetres` })
    .int({ error: `Enter the ${what} in whole centimetres` })
    .min(1, { error: `Enter the ${what} in whole centimetres` })
    .max(1000, { error: `The ${what} is at most 1000 cm` });

/**
 * A new product as staff first make it: its words and address, its category, price, stock and
 * outside measurements. It starts hidden from the shop; its page in the back office does the rest.
 */
export const newProductFields = productDetailsFields.extend({
  category: z.string({ error: "Choose a category" }).trim().min(1, { error: "Choose a category" }).max(100),
  regularPrice: rands,
  stock: z.coerce
    .number({ error: "Stock is a whole number from 0 to 100000" })
    .int({ error: "Stock is a whole number from 0 to 100000" })
    .min(0, { error: "Stock is a whole number from 0 to 100000" })
    .max(100_000, { error: "Stock is a whole number from 0 to 100000" }),
  width: centimetres("width"),
  depth: centimetres("depth"),
  height: centimetres("height"),
});

export type NewProduct = z.output<typeof newProductFields>;

/** The form's messages by field; the form sends every field as the text typed. */
export function newProductErrors(input: Record<string, string>): Record<string, string> {
  return fieldErrors(newProductFields, input);
}
