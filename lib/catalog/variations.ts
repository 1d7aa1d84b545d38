import type { ProductAttribute } from "@/lib/db/schema";
import { slugify } from "@/lib/catalog/images";

/** Canonical form of a choice of options, names sorted: "Fabric=Oat|Size=3 Seater". */
export function attributesKey(attributes: Record<string, string>): string {
  return Object.keys(attributes)
    .sort()
    .map((name) => `${name}=${attributes[name]}`)
    .join("|");
}

/** A variation's stock-keeping code: the product's address and its options, "EDEN-2-SEATER-FABRIC-OAT-SIZE-2-SEATER". */
export function variationSku(productSlug: string, attributes: Record<string, string>): string {
  return `${productSlug}--${attributesKey(attributes)}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/-+$/g, "");
}

/** A simple product's fixed facts, or a variable product's first variation. */
export function defaultAttributes(
  attributes: ProductAttribute[],
  firstVariation?: Record<string, string>,
): Record<string, string> {
  if (firstVariation) return { ...firstVariation };
  const out: Record<string, string> = {};
  for (const a of attributes) if (a.options.length === 1) out[a.name] = a.options[0]!;
  return out;
}

export type VariationLike = { id: number; attributes: Record<string, string> };

export type Resolution<V> =
  { status: "complete"; variation: V } | { status: "incomplete"; missing: string[] } | { status: "unavailable" };

export const INCOMPLETE_MESSAGE = "Please complete all configurations";

const OPTION_WORDS: Record<string, string> = { fabric: "fabric colour" };

/** What to choose next, naming each option left open: "Choose a fabric colour and a size". */
export function missingOptionsMessage(missing: readonly string[]): string {
  if (missing.length === 0) return INCOMPLETE_MESSAGE;
  const named = missing.map((name) => {
    const words = OPTION_WORDS[name.toLowerCase()] ?? name.toLowerCase();
    return `${/^[aeiou]/.test(words) ? "an" : "a"} ${words}`;
  });
  const last = named.pop()!;
  return `Choose ${named.length > 0 ? `${named.join(", ")} and ${last}` : last}`;
}

/**
 * Finds the variation a shopper has chosen. Options are matched by name, case-insensitively,
 * or by their URL slug, so `?fabric=ivory-boucle` and "Ivory Bouclé" are the same choice.
 */
export function resolveVariation<V extends VariationLike>(
  attributes: ProductAttribute[],
  variations: V[],
  selection: Record<string, string | undefined>,
): Resolution<V> {
  const chosen = normaliseSelection(attributes, selection);
  const missing = attributes.filter((a) => a.options.length > 1 && !chosen[a.name]).map((a) => a.name);
  if (missing.length > 0) return { status: "incomplete", missing };
  const variation = variations.find((v) =>
    Object.entries(v.attributes).every(([name, option]) => (chosen[name] ?? option) === option),
  );
  return variation ? { status: "complete", variation } : { status: "unavailable" };
}

/** Maps loose input (slugs, any case, any attribute-name form) to the product's own names. */
export function normaliseSelection(
  attributes: ProductAttribute[],
  selection: Record<string, string | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const input = new Map(Object.entries(selection).map(([k, v]) => [slugify(k.replace(/^attribute_/, "")), v]));
  for (const a of attributes) {
    const raw = input.get(slugify(a.name));
    if (a.options.length === 1) {
      out[a.name] = a.options[0]!;
      continue;
    }
    if (!raw) continue;
    const match = a.options.find((o) => o.toLowerCase() === raw.toLowerCase() || slugify(o) === slugify(raw));
    if (match) out[a.name] = match;
  }
  return out;
}

/** The URL query for a selection: { Fabric: "Ivory Bouclé" } -> "fabric=ivory-boucle". */
export function selectionToQuery(selection: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, option] of Object.entries(selection)) out[slugify(name)] = slugify(option);
  return out;
}
