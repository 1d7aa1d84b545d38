import Link from "next/link";
import { Pagination } from "@/components/product/pagination";
import { ProductGrid } from "@/components/product/product-card";
import type { ProductPage } from "@/lib/catalog/types";

/** One page of a filtered list (a category, a search): its pieces, or a way to clear the filters; then its pages. */
export function FilteredGrid({
  result,
  clearHref,
  emptyHint,
  pageHref,
}: {
  result: Pick<ProductPage, "items" | "page" | "pageCount">;
  clearHref: string;
  emptyHint?: string;
  pageHref: (page: number) => string;
}) {
  return (
    <>
      {result.items.length > 0 ? (
        <ProductGrid products={result.items} priorityCount={2} />
      ) : (
        <div className="rounded-card border border-dashed border-ink/20 p-10 text-center">
          <p className="font-display text-xl">Nothing matches those filters</p>
          {emptyHint ? <p className="mt-2 text-sm text-stone-600">{emptyHint}</p> : null}
          <Link href={clearHref} className="btn-secondary mt-5">
            Clear filters
          </Link>
        </div>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} href={pageHref} />
    </>
  );
}
