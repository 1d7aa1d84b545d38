import { canonicalCatalogQuery, searchParamsRecord, type SearchParams } from "@/lib/catalog/search-params";

/*
 * A category page is rendered once per catalogue change and served from the page cache, so it must
 * not read its query (reading it renders every request). proxy.ts rewrites the public address,
 * /product-category/{slug}?{query}, to an internal one whose last segment is the query in its one
 * canonical form, spelt with characters no encoding step changes (Next hands a page its params
 * percent-encoded in one place and decoded in another):
 * ?sort=price-asc&fabric=charcoal&fabric=oat is /product-category/couches/fabric.oat.charcoal~sort.price-asc.
 * Each distinct view is then one cached page, and a query that chooses nothing (campaign ids,
 * unknown keys, nonsense values) is the default view's page.
 *
 * The internal address may reach the proxy a second time: Next sends a rewrite whose origin is not
 * its own (a server bound to 127.0.0.1 is "localhost" to the proxy) through an HTTP request to
 * itself. So a canonical view's address is served (the same page as its public address, whose
 * canonical link names the public one, and nothing links to it); anything else under a category
 * is a 404, so no spelling of a view makes a second cache entry.
 */

/** The view segment of a category without a sort, page or filter. Any other view has a ".". */
export const DEFAULT_VIEW = "default";

const CATEGORY_PAGE = /^\/product-category\/([^/]+)\/?$/;
const VIEW_PAGE = /^\/product-category\/[^/]+\/./;
const CANONICAL_VIEW_PAGE = /^\/product-category\/([^/]+)\/([^/]+)$/;

/** Where proxy.ts sends a category page's address, or null for any other address. */
export function categoryViewRewrite(pathname: string, query: URLSearchParams): string | null {
  const category = CATEGORY_PAGE.exec(pathname);
  if (!category) return null;
  return `/product-category/${category[1]}/${viewSegment(canonicalCatalogQuery(searchParamsRecord(query)))}`;
}

/** An address under a category (the internal view route included): no public page lives there. */
export function isBelowCategory(pathname: string): boolean {
  return VIEW_PAGE.test(pathname);
}

/** The category slug segment of a canonical view's internal address, or null for any other address. */
export function canonicalViewSlug(pathname: string): string | null {
  const address = CANONICAL_VIEW_PAGE.exec(pathname);
  return address && categoryViewParams(address[2]!) ? address[1]! : null;
}

/** The parameters a view segment stands for, or null when it is not a canonical view. */
export function categoryViewParams(view: string): SearchParams | null {
  const params: SearchParams = Object.create(null);
  if (view === DEFAULT_VIEW) return params;
  for (const pair of view.split("~")) {
    const dot = pair.indexOf(".");
    if (dot < 1) return null;
    params[pair.slice(0, dot)] = pair.slice(dot + 1).replaceAll(".", ",");
  }
  return viewSegment(canonicalCatalogQuery(params)) === view ? params : null;
}

/* Keys, slugs and whole numbers hold neither "." nor "~", so the spelling is one-to-one. */
function viewSegment(canonicalQuery: string): string {
  return canonicalQuery ? canonicalQuery.replaceAll("&", "~").replaceAll(/[=,]/g, ".") : DEFAULT_VIEW;
}
