import { catalogHref, DEFAULT_CATALOG_STATE, type CatalogState, type FabricRange } from "@/lib/catalog/search-params";

/**
 * The address of a search with the catalogue's filter state (its fabrics chosen from `range`):
 * /search?q=…&sort=…&page=….
 */
export function searchHref(
  q: string,
  view: { state: CatalogState; range: FabricRange } = { state: DEFAULT_CATALOG_STATE, range: [] },
): string {
  return catalogHref("/search", view.state, view.range, { q });
}
