/** Cache tags for catalogue reads; anything that changes products or stock revalidates these. */
export const CACHE_TAGS = {
  catalog: "catalog",
  product: (slug: string) => `product:${slug}`,
} as const;

/*
 * A category page without a query is the same for everyone and served from the cache. One whose
 * query chooses a sort, a page or a filter renders per request, at a route of its own (the same
 * address, rewritten by proxy.ts to .../filtered), so that reading the query never makes the
 * cached page dynamic. Campaign and click ids change nothing on the page, so they keep the cached
 * page; any other parameter (a filter added later included) goes to the per-request route.
 */
export const FILTERED_SEGMENT = "filtered";
const CAMPAIGN_PARAM =
  /^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_gl)$/i;

/** Where proxy.ts sends a category address, or null to leave it on the cached page. */
export function categoryQueryRewrite(pathname: string, query: URLSearchParams): string | null {
  const category = /^\/product-category\/([^/]+)\/?$/.exec(pathname);
  if (!category) return null;
  for (const key of query.keys()) {
    if (!CAMPAIGN_PARAM.test(key)) return `/product-category/${category[1]}/${FILTERED_SEGMENT}`;
  }
  return null;
}

/** The per-request route's own address, which nobody should visit: a 404 like any unknown path. */
export function isFilteredRoute(pathname: string): boolean {
  return new RegExp(`^/product-category/[^/]+/${FILTERED_SEGMENT}/?$`).test(pathname);
}
