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

/** The measurements staff set in the back office, in whole centimetres, with their labels. */
export const MEASURES = [
  { name: "width", label: "Width", required: true },
  { name: "depth", label: "Depth", required: true },
  { name: "height", label: "Height", required: true },
  { name: "seatHeight", label: "Seat height", required: false },
  { name: "seatDepth", label: "Seat depth", required: false },
  { name: "armHeight", label: "Arm height", required: false },
  { name: "diagonalDepth", label: "Diagonal depth (tilted back)", required: false },
  { name: "openLength", label: "Length opened into a bed", required: false },
] as const;

export type MeasureName = (typeof MEASURES)[number]["name"];

const optionalCentimetres = (what: string) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx): number | undefined => {
      const text = v === null || v === undefined ? "" : String(v).trim();
      if (text === "") return undefined;
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: "custom", message: `Enter the ${what} in whole centimetres, or leave it empty` });
        return z.NEVER;
      }
      if (n > 1000) {
        ctx.addIssue({ code: "custom", message: `The ${what} is at most 1000 cm` });
        return z.NEVER;
      }
      return n;
    });

/**
 * A product's or one variation's measurements: width, depth and height always; the others when
 * measured (empty takes one away). What the form does not show (sections, sleeping area) is kept.
 */
export const measurementFields = z.object({
  width: centimetres("width"),
  depth: centimetres("depth"),
  height: centimetres("height"),
  seatHeight: optionalCentimetres("seat height"),
  seatDepth: optionalCentimetres("seat depth"),
  armHeight: optionalCentimetres("arm height"),
  diagonalDepth: optionalCentimetres("diagonal depth"),
  openLength: optionalCentimetres("length opened into a bed"),
} satisfies Record<MeasureName, z.ZodType>);

export type Measurements = z.output<typeof measurementFields>;

export function measurementErrors(input: Record<string, string>): Record<string, string> {
  return fieldErrors(measurementFields, input);
}
