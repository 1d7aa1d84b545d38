import { z } from "zod";
import { FABRICS, fabricBySlug } from "@/lib/catalog/fabrics";
import type { ProductQuery, SortKey } from "@/lib/catalog/types";

export const PER_PAGE = 12;

export type SearchParams = Record<string, string | string[] | undefined>;

const sortSchema = z.enum(["featured", "newest", "price-asc", "price-desc"]);
const rands = z.coerce.number().int().min(0).max(10_000_000);
const page = z.coerce.number().int().min(1).max(10_000);

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function blank(v: string | undefined): boolean {
  return v === undefined || v.trim() === "";
}

function all(v: string | string[] | undefined): string[] {
  return (Array.isArray(v) ? v : v ? [v] : []).flatMap((s) => s.split(",")).filter(Boolean);
}

/**
 * The catalogue's URL state: ?sort=price-asc&min=5000&max=15000&fabric=oat&fabric=charcoal&page=2.
 * Prices are in rand; values that make no sense are ignored rather than refused, as a shop's
 * filters should be forgiving of hand-edited links.
 */
export function parseCatalogParams(sp: SearchParams): Omit<ProductQuery, "category"> {
  const sort = sortSchema.safeParse(first(sp.sort));
  const min = rands.safeParse(first(sp.min));
  const max = rands.safeParse(first(sp.max));
  const p = page.safeParse(first(sp.page));
  const fabrics = [
    ...new Set(
      all(sp.fabric)
        .map((s) => fabricBySlug(s)?.name)
        .filter((n): n is string => !!n),
    ),
  ];
  // An empty box (min= from a form without script) means no limit, not a limit of R 0.
  let minCents = min.success && !blank(first(sp.min)) ? min.data * 100 : undefined;
  let maxCents = max.success && !blank(first(sp.max)) ? max.data * 100 : undefined;
  if (minCents !== undefined && maxCents !== undefined && minCents > maxCents)
    [minCents, maxCents] = [maxCents, minCents];
  return {
    sort: sort.success ? sort.data : "featured",
    minCents,
    maxCents,
    fabrics: FABRICS.filter((f) => fabrics.includes(f.name)).map((f) => f.name),
    page: p.success ? p.data : 1,
    perPage: PER_PAGE,
  };
}

/**
 * The one query string for a catalogue state: only the keys the catalogue reads, only valid
 * values, defaults left out, keys in alphabetical order and fabrics in the range's order, comma
 * separated. Anything else in the query (campaign ids, repeated or unknown keys, nonsense values)
 * changes nothing, so every state has exactly one form. Slugs and whole numbers need no escaping.
 */
export function canonicalCatalogQuery(sp: SearchParams): string {
  const state = parseCatalogParams(sp);
  const parts: string[] = [];
  const fabrics = FABRICS.filter((f) => state.fabrics.includes(f.name)).map((f) => f.slug);
  if (fabrics.length > 0) parts.push(`fabric=${fabrics.join(",")}`);
  if (state.maxCents !== undefined) parts.push(`max=${state.maxCents / 100}`);
  if (state.minCents !== undefined) parts.push(`min=${state.minCents / 100}`);
  if (state.page > 1) parts.push(`page=${state.page}`);
  if (state.sort !== ("featured" satisfies SortKey)) parts.push(`sort=${state.sort}`);
  return parts.join("&");
}

/** A query as parameters, in an object without a prototype (a key such as __proto__ is just a key). */
export function searchParamsRecord(query: URLSearchParams): SearchParams {
  const out: SearchParams = Object.create(null);
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** The URL for a catalogue state; defaults are left out so every state has one address. */
export function catalogHref(base: string, state: Omit<ProductQuery, "category" | "perPage">): string {
  const qs = new URLSearchParams();
  if (state.sort !== ("featured" satisfies SortKey)) qs.set("sort", state.sort);
  if (state.minCents !== undefined) qs.set("min", String(Math.round(state.minCents / 100)));
  if (state.maxCents !== undefined) qs.set("max", String(Math.round(state.maxCents / 100)));
  for (const name of state.fabrics) {
    const f = FABRICS.find((x) => x.name === name);
    if (f) qs.append("fabric", f.slug);
  }
  if (state.page > 1) qs.set("page", String(state.page));
  const s = qs.toString();
  return s ? `${base}?${s}` : base;
}
