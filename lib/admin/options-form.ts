import { z } from "zod";
import { fieldErrors } from "@/lib/admin/slug";
import { attributesKey } from "@/lib/catalog/variations";
import { fabricByName } from "@/lib/catalog/fabrics";
import type { ProductAttribute } from "@/lib/db/schema";

/** How many attributes a product may have, values an attribute, and options (variations) in all. */
export const OPTION_LIMITS = { attributes: 3, values: 20, variations: 100 } as const;

/** The attribute whose values are the fabric range's names, so each has a colour and a swatch. */
export const FABRIC_ATTRIBUTE = "Fabric";

/** "Oat, Charcoal" or one a line: the values as staff type them, blanks dropped. */
export function splitValues(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((v) => v.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}

const attributeName = z
  .string({ error: "Name the attribute, e.g. Size" })
  .trim()
  .min(1, { error: "Name the attribute, e.g. Size" })
  .max(40, { error: "Keep an attribute's name to 40 characters" })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} '&/-]*$/u, { error: "Use letters, digits and spaces in an attribute's name" });

/** The shop's fabrics by name, in the range's order: what a Fabric attribute may take. */
type Range = readonly { name: string }[];

const attribute = (range: Range) =>
  z.object({ name: attributeName, values: z.string().max(2000, { error: "Too many values" }) }).transform((a, ctx) => {
    const name = a.name.replace(/\s+/g, " ");
    const options = splitValues(a.values);
    const problem = (message: string) => ctx.addIssue({ code: "custom", path: ["values"], message });
    if (options.length === 0) problem(`Give ${name} at least one value`);
    if (options.length > OPTION_LIMITS.values)
      problem(`${name} has ${options.length} values; at most ${OPTION_LIMITS.values}`);
    const seen = new Set<string>();
    for (const option of options) {
      if (option.length > 60) problem(`Keep each value to 60 characters: ${option.slice(0, 20)}…`);
      else if (/[|=]/.test(option)) problem(`A value may not hold | or =: ${option}`);
      else if (seen.has(option.toLowerCase())) problem(`${option} is there twice`);
      else if (name === FABRIC_ATTRIBUTE && !fabricByName(range, option))
        problem(`${option} is not one of our fabrics: ${range.map((f) => f.name).join(", ")}`);
      seen.add(option.toLowerCase());
    }
    // A fabric is written as the range names it ("ivory bouclé" is "Ivory Bouclé").
    const written = name === FABRIC_ATTRIBUTE ? options.map((o) => fabricByName(range, o)?.name ?? o) : options;
    return { name, options: written };
  });

/**
 * A product's attributes and their values, as the options form sends them (each attribute's values
 * as one text) and the server checks them again: one schema for both. Every attribute with one
 * value is a fact of a simple product; with any attribute of two or more values, the product is
 * sold in every combination (its variations). A Fabric attribute takes the fabrics of `range`.
 */
export const optionsFields = (range: Range) =>
  z
    .object({
      attributes: z.array(attribute(range)).max(OPTION_LIMITS.attributes, {
        error: `A product has at most ${OPTION_LIMITS.attributes} attributes`,
      }),
    })
    .superRefine(({ attributes }, ctx) => {
      // Zod runs this after an attribute failed too, when the attribute is the raw input still.
      if (!attributes.every((a) => Array.isArray((a as Partial<ProductAttribute>).options))) return;
      const names = new Set<string>();
      attributes.forEach((a, i) => {
        if (names.has(a.name.toLowerCase()))
          ctx.addIssue({ code: "custom", path: ["attributes", i, "name"], message: `${a.name} is there twice` });
        names.add(a.name.toLowerCase());
      });
      const count = optionGrid(attributes).length;
      if (count > OPTION_LIMITS.variations)
        ctx.addIssue({
          code: "custom",
          path: ["attributes"],
          message: `That makes ${count} options; a product has at most ${OPTION_LIMITS.variations}`,
        });
    });

export type OptionsInput = z.input<ReturnType<typeof optionsFields>>;

export function optionsErrors(range: Range, input: OptionsInput): Record<string, string> {
  return fieldErrors(optionsFields(range), input);
}

/**
 * Every combination the product is sold in, the first attribute's values outermost, as the shop
 * lists them; none when every attribute has one value (a simple product: the values are facts).
 */
export function optionGrid(attributes: readonly ProductAttribute[]): Record<string, string>[] {
  if (!attributes.some((a) => a.options.length > 1)) return [];
  return attributes.reduce<Record<string, string>[]>(
    (grid, a) => grid.flatMap((combo) => a.options.map((option) => ({ ...combo, [a.name]: option }))),
    [{}],
  );
}

/** What saving these attributes does to the options a product has now: made, kept and removed. */
export function optionChanges(attributes: readonly ProductAttribute[], existing: readonly Record<string, string>[]) {
  const grid = optionGrid(attributes);
  const now = new Set(existing.map(attributesKey));
  const wanted = new Set(grid.map(attributesKey));
  return {
    grid,
    made: grid.filter((combo) => !now.has(attributesKey(combo))),
    removed: existing.filter((combo) => !wanted.has(attributesKey(combo))),
  };
}
