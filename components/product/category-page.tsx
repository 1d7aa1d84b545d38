import { notFound } from "next/navigation";
import { CatalogFilters } from "@/components/product/catalog-filters";
import { MobileDisclosure } from "@/components/ui/disclosure";
import { Pagination } from "@/components/product/pagination";
import { ProductGrid } from "@/components/product/product-card";
import { categoryViewParams } from "@/lib/catalog/category-view";
import { databaseReads, getCategory, getProductPage } from "@/lib/catalog/data";
import { catalogHref, parseCatalogParams } from "@/lib/catalog/search-params";
import { formatMoney } from "@/lib/money/money";
import Link from "next/link";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";

/**
 * The body of /product-category/{slug}?{query}: one view (sort, page, filters) of a category, named
 * by the route's view segment, rendered into the page cache from cached catalogue data.
 */
export async function CategoryPage({ params }: { params: Promise<{ slug: string; view: string }> }) {
  await databaseReads();
  const { slug, view } = await params;
  const query = categoryViewParams(view);
  const category = query && (await getCategory(slug));
  if (!query || !category) notFound();
  const state = parseCatalogParams(query);
  const result = await getProductPage({ ...state, category: slug });
  const base = `/product-category/${slug}`;
  const filtered = state.fabrics.length > 0 || state.minCents !== undefined || state.maxCents !== undefined;
  return (
    <div className="container-page py-8 lg:py-12">
      <Breadcrumbs trail={[{ label: "Shop", href: "/product-category" }, { label: category.name }]} />
      <header className="mt-4 max-w-2xl">
        <h1 className="text-3xl text-ink sm:text-4xl">{category.name}</h1>
        <p className="mt-3 leading-relaxed text-stone-700">{category.description}</p>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[240px_1fr]">
        <aside>
          <MobileDisclosure
            label="Sort and filter"
            aside={`${result.total} results`}
            rememberAs={`category-filters:${slug}`}
          >
            <CatalogFilters
              key={JSON.stringify(state)}
              action={base}
              sort={state.sort}
              min={state.minCents !== undefined ? state.minCents / 100 : undefined}
              max={state.maxCents !== undefined ? state.maxCents / 100 : undefined}
              fabrics={state.fabrics}
              available={result.facets.fabrics}
              total={result.total}
            />
          </MobileDisclosure>
        </aside>
        <div>
          {/* The cards' names are h3s: a heading of this level keeps the outline in order under the h1. */}
          <h2 className="sr-only">{category.name}: the pieces</h2>
          <p className="mb-5 text-sm text-stone-600" data-testid="result-count">
            {result.total} {result.total === 1 ? "piece" : "pieces"}
            {filtered ? " match your filters" : ""} · prices from{" "}
            {formatMoney(result.facets.minCents, { cents: false })}
          </p>
          {result.items.length > 0 ? (
            <ProductGrid products={result.items} priorityCount={2} />
          ) : (
            <div className="rounded-card border border-dashed border-ink/20 p-10 text-center">
              <p className="font-display text-xl">Nothing matches those filters</p>
              <p className="mt-2 text-sm text-stone-600">Try a wider price range or another fabric.</p>
              <Link href={base} className="btn-secondary mt-5">
                Clear filters
              </Link>
            </div>
          )}
          <Pagination
            page={result.page}
            pageCount={result.pageCount}
            href={(page) => catalogHref(base, { ...state, page })}
          />
        </div>
      </div>
    </div>
  );
}
