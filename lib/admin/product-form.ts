import { z } from "zod";
import { fieldErrors, slugField } from "@/lib/admin/slug";
import { rands } from "@/lib/admin/money-input";
import type { SpecRow } from "@/lib/db/schema";
import { SHOP_OFFSET_MS, shopTime } from "@/lib/config/shop-time";

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

/** How many lines of features and specifications a product has at most, and how long each is. */
export const FEATURES_MAX = 20;
export const FEATURE_LENGTH_MAX = 200;
export const SPECS_MAX = 30;
export const SPEC_LABEL_MAX = 60;
export const SPEC_VALUE_MAX = 400;
export const CARE_MAX = 2000;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** The lines as typed, numbered from 1 as staff count them, blank ones left out. */
function typedLines(text: string): Array<{ line: number; text: string }> {
  return text
    .split(/\r\n|\r|\n/)
    .map((t, i) => ({ line: i + 1, text: t.trim() }))
    .filter((l) => l.text !== "");
}

/** A product's features as the form shows them: one a line. */
export function featuresText(features: readonly string[]): string {
  return features.join("\n");
}

/** The features typed one a line; blank lines dropped, each line trimmed. */
export function parseFeatures(text: string): Parsed<string[]> {
  const lines = typedLines(text);
  if (lines.length > FEATURES_MAX)
    return { ok: false, message: `Keep to ${FEATURES_MAX} features: there are ${lines.length}` };
  const long = lines.find((l) => l.text.length > FEATURE_LENGTH_MAX);
  if (long) return { ok: false, message: `Line ${long.line}: keep a feature to ${FEATURE_LENGTH_MAX} characters` };
  return { ok: true, value: lines.map((l) => l.text) };
}

/**
 * A product's specifications as the form shows them: one "Label: value" a line. A line is split at
 * its first colon, so a value may hold colons ("Oat, Stone: 100% linen") and a label never does.
 */
export function specsText(specs: readonly SpecRow[]): string {
  return specs.map((s) => `${s.label}: ${s.value}`).join("\n");
}

export function parseSpecs(text: string): Parsed<SpecRow[]> {
  const lines = typedLines(text);
  if (lines.length > SPECS_MAX)
    return { ok: false, message: `Keep to ${SPECS_MAX} specifications: there are ${lines.length}` };
  const specs: SpecRow[] = [];
  for (const { line, text: typed } of lines) {
    const colon = typed.indexOf(":");
    const label = colon < 0 ? "" : typed.slice(0, colon).trim();
    const value = colon < 0 ? "" : typed.slice(colon + 1).trim();
    if (!label || !value) return { ok: false, message: `Line ${line}: write it as Label: value` };
    if (label.length > SPEC_LABEL_MAX)
      return { ok: false, message: `Line ${line}: keep the label to ${SPEC_LABEL_MAX} characters` };
    if (value.length > SPEC_VALUE_MAX)
      return { ok: false, message: `Line ${line}: keep the value to ${SPEC_VALUE_MAX} characters` };
    specs.push({ label, value });
  }
  return { ok: true, value: specs };
}

/** A textarea of lines, read by `parse`; its first problem is the field's message. */
const linesField = <T>(parse: (text: string) => Parsed<T>) =>
  z
    .string({ error: "Send the lines as text" })
    .max(100_000, { error: "Keep it to fewer, shorter lines" })
    .transform((text, ctx): T => {
      const parsed = parse(text);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });

/**
 * The details form: the words and address, and the product's category, features, specifications
 * and care notes. Those four may be left out of a call, which then keeps what the product has.
 */
export const productEditFields = productDetailsFields.extend({
  category: z
    .string({ error: "Choose a category" })
    .trim()
    .min(1, { error: "Choose a category" })
    .max(100, { error: "Choose a category" })
    .optional(),
  features: linesField(parseFeatures).optional(),
  specs: linesField(parseSpecs).optional(),
  care: z
    .string({ error: "Write the care notes as text" })
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(CARE_MAX, { error: `Keep the care notes to ${CARE_MAX} characters` }))
    .optional(),
});

export type ProductEdit = z.output<typeof productEditFields>;
export type ProductEditInput = z.input<typeof productEditFields>;

export function productDetailsErrors(input: ProductEditInput): Record<string, string> {
  return fieldErrors(productEditFields, input);
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

/** The heaviest piece the shop would list: a guard against a weight typed in grams. */
export const WEIGHT_MAX_KG = 500;

/** A weight typed in kilograms ("48", "48.5", "48,5"), kept in whole grams; empty: not weighed. */
export const optionalKilograms = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx): number | undefined => {
    const text = v === null || v === undefined ? "" : String(v).trim().replace(",", ".");
    if (text === "") return undefined;
    const kg = /^\d{1,7}(\.\d{1,3})?$/.test(text) ? Number(text) : NaN;
    if (!(kg > 0)) {
      ctx.addIssue({ code: "custom", message: "Enter the weight in kilograms, such as 48.5, or leave it empty" });
      return z.NEVER;
    }
    if (kg > WEIGHT_MAX_KG) {
      ctx.addIssue({ code: "custom", message: `The weight is at most ${WEIGHT_MAX_KG} kg` });
      return z.NEVER;
    }
    return Math.round(kg * 1000);
  });

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
  weight: optionalKilograms,
} satisfies Record<MeasureName | "weight", z.ZodType>);

export type Measurements = z.output<typeof measurementFields>;

export function measurementErrors(input: Record<string, string>): Record<string, string> {
  return fieldErrors(measurementFields, input);
}

/** A date and time as a browser's datetime-local control sends it: 2026-12-01T08:00. */
const LOCAL_MOMENT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/**
 * When a hidden product is to be published, as staff type it on the shop's clock (South African
 * time); empty: not scheduled. Whether the moment lies ahead is the server's to say, on its clock.
 */
export const scheduleFields = z.object({
  publishAt: z
    .string({ error: "Choose a date and time" })
    .trim()
    .transform((v, ctx): Date | null => {
      if (v === "") return null;
      const parts = LOCAL_MOMENT.exec(v);
      const at = parts ? new Date(shopTime(parts[1]!, `${parts[2]!}:00`)) : null;
      if (!at || Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: "custom", message: "Choose a date and a time, such as 1 December at 08:00" });
        return z.NEVER;
      }
      return at;
    }),
});

export function scheduleErrors(input: Record<string, string>): Record<string, string> {
  return fieldErrors(scheduleFields, input);
}

/** A moment as the datetime-local control shows it, on the shop's clock: 2026-12-01T08:00. */
export function localMoment(at: Date): string {
  return new Date(at.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 16);
}
