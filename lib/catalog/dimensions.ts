import type { Dimensions } from "@/lib/db/schema";

/**
 * One set of measurements a product is made in, and the options that pick it ({ Size: "3 Seater" }).
 * A product made in one size has a single set whose `match` is empty.
 */
export type DimensionSet = { match: Record<string, string>; dimensions: Dimensions };

type Measured = {
  dimensions: Dimensions;
  variations: Array<{ attributes: Record<string, string>; dimensions: Dimensions }>;
};

/** The same measurements give the same text whatever order their keys were stored in. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

/**
 * The product's sets of measurements, the first variation's first (what the page shows before a
 * choice). Each set is matched by the options its variations share and the other sets do not, so
 * a couch whose sizes differ and whose fabrics do not is matched by its Size alone.
 */
export function dimensionSets(product: Measured): DimensionSet[] {
  if (product.variations.length === 0) return [{ match: {}, dimensions: product.dimensions }];
  const groups = new Map<string, { dimensions: Dimensions; attributes: Array<Record<string, string>> }>();
  for (const v of product.variations) {
    const key = canonical(v.dimensions);
    const group = groups.get(key) ?? { dimensions: v.dimensions, attributes: [] };
    group.attributes.push(v.attributes);
    groups.set(key, group);
  }
  if (groups.size === 1) return [{ match: {}, dimensions: product.variations[0]!.dimensions }];
  const shared = [...groups.values()].map(({ dimensions, attributes }) => {
    const [first, ...rest] = attributes;
    const common = Object.entries(first!).filter(([name, option]) => rest.every((a) => a[name] === option));
    return { dimensions, common: Object.fromEntries(common) };
  });
  // An option every set shares (a fabric all sizes come in) picks none of them.
  const picks = (name: string) => new Set(shared.map((s) => s.common[name])).size > 1;
  return shared.map(({ dimensions, common }) => ({
    match: Object.fromEntries(Object.entries(common).filter(([name]) => picks(name))),
    dimensions,
  }));
}

/**
 * The measurements for what the shopper has chosen so far: the first set the choice does not rule
 * out, so before a size is chosen the page keeps showing the first.
 */
export function chosenDimensions(sets: DimensionSet[], selection: Record<string, string>): DimensionSet {
  const fits = (s: DimensionSet) =>
    Object.entries(s.match).every(([name, option]) => !selection[name] || selection[name] === option);
  return sets.find(fits) ?? sets[0]!;
}

/** Which size a set describes, "3 Seater", or null when the product is made in one. */
export function sizeName(set: DimensionSet): string | null {
  const options = Object.values(set.match);
  return options.length > 0 ? options.join(", ") : null;
}

/** "W 208 x D 94 x H 86 cm" */
export function overallSize(d: Pick<Dimensions, "width" | "depth" | "height">): string {
  return `W ${d.width} x D ${d.depth} x H ${d.height} cm`;
}

/** A weight in grams as the shop writes it in kilograms: 48500 -> "48.5", 48125 -> "48.125". */
export function kilograms(grams: number): string {
  return String(grams / 1000);
}
