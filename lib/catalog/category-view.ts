import {
  canonicalCatalogQuery,
  catalogHref,
  parseCatalogParams,
  searchParamsRecord,
  type FabricRange,
  type SearchParams,
} from "@/lib/catalog/search-params";
import type { ProductQuery } from "@/lib/catalog/types";

/*
 * A category page is rendered once per catalogue change and served from the page cache, so it must
 * not read its query (reading it renders every request). proxy.ts rewrites the public address,
 * /product-category/{slug}?{query}, to an internal one whose last segment is the query in its one
 * canonical form, spelt with characters no encoding step changes (Next hands a page its params
 * percent-encoded in one place and decoded in another):
 * ?fabric=charcoal&utm_source=mail&sort=price-asc is /product-category/couches/sort.price-asc~fabric.charcoal.
 * Each distinct view is then one cached page, and a query that chooses nothing (campaign ids,
 * unknown keys, nonsense values) is the default view's page.
 *
 * Only views the catalogue bounds are kept: a sort, at most one fabric, and a page that exists, so
 * a category has at most 4 sorts x (1 + the fabrics) x its pages of them, whatever visitors type.
 * A page past the last is sent to the last page's address. A price range (any whole number of rand)
 * or two fabrics or more is rendered on each request instead (the LIVE_VIEW route), from the
 * database, and kept nowhere: with every number a visitor may type a page of its own, 600
 * addresses wrote 140 MB to the page cache.
 *
 * The internal address may reach the proxy a second time: Next sends a rewrite whose origin is not
 * its own (a server bound to 127.0.0.1 is "localhost" to the proxy) through an HTTP request to
 * itself. So a canonical view's address is served (the same page as its public address, whose
 * canonical link names the public one, and nothing links to it); anything else under a category
 * is a 404, so no spelling of a view makes a second cache entry.
 */

/** The view segment of a category without a sort, page or filter. Any other view has a ".". */
export const DEFAULT_VIEW = "default";

/** The route rendered on each request, its query the view's canonical one. It has no ".". */
export const LIVE_VIEW = "filtered";

const CATEGORY_PAGE = /^\/product-category\/([^/]+)\/?$/;
const VIEW_PAGE = /^\/product-category\/[^/]+\/./;
const CANONICAL_VIEW_PAGE = /^\/product-category\/([^/]+)\/([^/]+)$/;

type CatalogState = Omit<ProductQuery, "category">;

/** Whether a view is kept in the page cache: no price range and at most one fabric. */
export function keptInCache(state: Pick<CatalogState, "minCents" | "maxCents" | "fabrics">): boolean {
  return state.minCents === undefined && state.maxCents === undefined && state.fabrics.length <= 1;
}

/**
 * How many pages a kept view of a category has, asked for page `page` of it: the category on its
 * own, or with one fabric (by its name). proxy.ts reads it from what it knows of the catalogue
 * (lib/catalog/slugs.ts).
 */
export type LastPage = (category: string, fabric: string | undefined, page: number) => Promise<number>;

/** What proxy.ts does with a category page's address: serve a view, or send it to another address. */
export type CategoryRoute = { rewrite: string } | { redirect: string };

/** Where proxy.ts sends a known category's address, or null for any other address. */
export async function categoryRoute(
  pathname: string,
  query: URLSearchParams,
  lastPage: LastPage,
  range: FabricRange,
): Promise<CategoryRoute | null> {
  const category = CATEGORY_PAGE.exec(pathname);
  if (!category) return null;
  const base = `/product-category/${category[1]}`;
  const params = searchParamsRecord(query);
  const state = parseCatalogParams(params, range);
  const canonical = canonicalCatalogQuery(params, range);
  if (!keptInCache(state)) return { rewrite: `${base}/${LIVE_VIEW}?${canonical}` };
  if (state.page > 1) {
    const last = await lastPage(decodeSegment(category[1]!), state.fabrics[0], state.page);
    if (state.page > last) return { redirect: catalogHref(base, { ...state, page: last }, range) };
  }
  return { rewrite: `${base}/${viewSegment(canonical)}` };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/** An address under a category (the internal view route included): no public page lives there. */
export function isBelowCategory(pathname: string): boolean {
  return VIEW_PAGE.test(pathname);
}

/**
 * The category slug segment of a canonical view's internal address, or null for any other address:
 * a kept view's, or the live route's with a canonical query of a view that is not kept.
 */
export function canonicalViewSlug(pathname: string, search: string, range: FabricRange): string | null {
  const address = CANONICAL_VIEW_PAGE.exec(pathname);
  if (!address) return null;
  if (address[2] !== LIVE_VIEW) return categoryViewParams(address[2]!, range) ? address[1]! : null;
  const query = search.replace(/^\?/, "");
  const params = searchParamsRecord(new URLSearchParams(query));
  const live = !keptInCache(parseCatalogParams(params, range)) && canonicalCatalogQuery(params, range) === query;
  return live ? address[1]! : null;
}

/** The parameters a view segment stands for, or null when it is not a canonical view. */
export function categoryViewParams(view: string, range: FabricRange): SearchParams | null {
  const params: SearchParams = Object.create(null);
  if (view === DEFAULT_VIEW) return params;
  for (const pair of view.split("~")) {
    const dot = pair.indexOf(".");
    if (dot < 1) return null;
    params[pair.slice(0, dot)] = pair.slice(dot + 1);
  }
  return viewSegment(canonicalCatalogQuery(params, range)) === view ? params : null;
}

/* Keys, slugs and whole numbers hold neither "." nor "~", so the spelling is one-to-one. */
function viewSegment(canonicalQuery: string): string {
  return canonicalQuery ? canonicalQuery.replaceAll("&", "~").replaceAll("=", ".") : DEFAULT_VIEW;
}
