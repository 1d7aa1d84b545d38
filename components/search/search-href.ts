import { catalogHref, DEFAULT_CATALOG_STATE, type CatalogState } from "@/lib/catalog/search-params";

/** The address of a search with the catalogue's filter state: /search?q=…&sort=…&page=…. */
export function searchHref(q: string, state: CatalogState = DEFAULT_CATALOG_STATE): string {
  return catalogHref("/search", state, { q });
}
