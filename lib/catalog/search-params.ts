import { fabricBySlug, type Fabric } from "@/lib/catalog/fabrics";
import type { ProductQuery, SortKey } from "@/lib/catalog/types";

export const PER_PAGE = 12;

export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The fabric range as the catalogue's addresses need it, in the shop's order: a fabric is chosen
 * by its slug and filtered by its name. Loaded on the server and handed to whatever builds an address.
 */
export type FabricRange = readonly Pick<Fabric, "name" | "slug">[];

// The filter form runs this in the browser too, so it reads values without a schema library.
const SORTS: readonly SortKey[] = ["featured", "newest", "price-asc", "price-desc"];
/** A whole number from `min` to `max` written in `v` (as Number reads it), or undefined. */
function whole(v: string | undefined, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

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
export function parseCatalogParams(sp: SearchParams, range: FabricRange): Omit<ProductQuery, "category"> {
  const sort = first(sp.sort);
  const min = whole(first(sp.min), 0, 10_000_000);
  const max = whole(first(sp.max), 0, 10_000_000);
  const p = whole(first(sp.page), 1, 10_000);
  const fabrics = [
    ...new Set(
      all(sp.fabric)
        .map((s) => fabricBySlug(range, s)?.name)
        .filter((n): n is string => !!n),
    ),
  ];
  // An empty box (min= from a form without script) means no limit, not a limit of R 0.
  let minCents = min !== undefined && !blank(first(sp.min)) ? min * 100 : undefined;
  let maxCents = max !== undefined && !blank(first(sp.max)) ? max * 100 : undefined;
  if (minCents !== undefined && maxCents !== undefined && minCents > maxCents)
    [minCents, maxCents] = [maxCents, minCents];
  return {
    sort: SORTS.find((k) => k === sort) ?? "featured",
    minCents,
    maxCents,
    fabrics: range.filter((f) => fabrics.includes(f.name)).map((f) => f.name),
    page: p ?? 1,
    perPage: PER_PAGE,
  };
}

/** A catalogue state as its address says it: the filters, the sort and the page. */
export type CatalogState = Omit<ProductQuery, "category" | "perPage">;

/**
 * The one query string for a catalogue state, which every link, the filter form and the proxy's
 * cached view build: only valid values, defaults left out, keys in the order sort, min, max, fabric
 * (once per fabric, in the range's order), page. Slugs and whole numbers need no escaping.
 */
export function catalogQuery(state: CatalogState, range: FabricRange): string {
  const qs = new URLSearchParams();
  if (state.sort !== ("featured" satisfies SortKey)) qs.set("sort", state.sort);
  if (state.minCents !== undefined) qs.set("min", String(Math.round(state.minCents / 100)));
  if (state.maxCents !== undefined) qs.set("max", String(Math.round(state.maxCents / 100)));
  for (const f of range) if (state.fabrics.includes(f.name)) qs.append("fabric", f.slug);
  if (state.page > 1) qs.set("page", String(state.page));
  return qs.toString();
}

/**
 * The query string of whatever a query chose. Anything else in it (campaign ids, repeated or
 * unknown keys, nonsense values) changes nothing, so every state has exactly one form.
 */
export function canonicalCatalogQuery(sp: SearchParams, range: FabricRange): string {
  return catalogQuery(parseCatalogParams(sp, range), range);
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

/**
 * The URL for a catalogue state; defaults are left out so every state has one address. `leading`
 * parameters (a search's q) come first.
 */
export function catalogHref(
  base: string,
  state: CatalogState,
  range: FabricRange,
  leading: Record<string, string> = {},
): string {
  const qs = [new URLSearchParams(leading).toString(), catalogQuery(state, range)].filter(Boolean).join("&");
  return qs ? `${base}?${qs}` : base;
}

/** The catalogue's state on page 1, with nothing chosen. */
export const DEFAULT_CATALOG_STATE: CatalogState = { sort: "featured", fabrics: [], page: 1 };

/**
 * Where the filter form goes with its fields: the address of the state they choose (a blank or
 * nonsense box chooses nothing), its `leading` fields (a search's q) first unless left blank.
 */
export function catalogFormHref(
  action: string,
  fields: URLSearchParams,
  range: FabricRange,
  leading: Record<string, string> = {},
): string {
  const kept = Object.entries(leading).filter(([, value]) => value.trim() !== "");
  const state = parseCatalogParams(searchParamsRecord(fields), range);
  return catalogHref(action, state, range, Object.fromEntries(kept.map(([name, value]) => [name, value.trim()])));
}
