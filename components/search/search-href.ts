import { catalogHref } from "@/lib/catalog/search-params";
import type { ProductQuery } from "@/lib/catalog/types";

/** The address of a search with the catalogue's filter state: /search?q=…&sort=…&page=…. */
export function searchHref(q: string, state?: Omit<ProductQuery, "category" | "perPage">): string {
  const qs = new URLSearchParams({ q });
  if (state) for (const [k, v] of new URLSearchParams(catalogHref("", state).replace(/^\?/, ""))) qs.append(k, v);
  return `/search?${qs.toString()}`;
}
