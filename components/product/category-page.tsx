import { notFound } from "next/navigation";
import { CatalogFilters } from "@/components/product/catalog-filters";
import { MobileDisclosure } from "@/components/ui/disclosure";
import { FilteredGrid } from "@/components/product/filtered-grid";
import { categoryViewParams } from "@/lib/catalog/category-view";
import { connection } from "next/server";
import { databaseReads, getCategory, getFabrics, getLiveProductPage, getProductPage } from "@/lib/catalog/data";
import { toSwatch, type FabricSwatch } from "@/lib/catalog/fabrics";
import { catalogHref, parseCatalogParams, type SearchParams } from "@/lib/catalog/search-params";
import type { CategorySummary, ProductPage, ProductQuery } from "@/lib/catalog/types";
import { formatMoney } from "@/lib/money/money";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";

/**
 * The body of /product-category/{slug}?{query}: one view (sort, page, filters) of a category, named
 * by the route's view segment, rendered into the page cache from cached catalogue data.
 */
export async function CategoryPage({ params }: { params: Promise<{ slug: string; view: string }> }) {
  await databaseReads();
  const [{ slug, view }, range] = await Promise.all([params, getFabrics()]);
  const fabrics = range.map(toSwatch);
  const query = categoryViewParams(view, fabrics);
  const category = query && (await getCategory(slug));
  if (!query || !category) notFound();
  const state = parseCatalogParams(query, fabrics);
  const result = await getProductPage({ ...state, category: slug });
  return <CategoryView category={category} state={state} result={result} fabrics={fabrics} />;
}

/**
 * The body of a view the page cache does not keep (a price range, several fabrics), rendered on
 * each request from the database (lib/catalog/category-view.ts).
 */
export async function LiveCategoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}) {
  await connection();
  const [{ slug }, query, range] = await Promise.all([params, searchParams, getFabrics()]);
  const fabrics = range.map(toSwatch);
  const category = await getCategory(slug);
  if (!category) notFound();
  const state = parseCatalogParams(query, fabrics);
  const result = await getLiveProductPage({ ...state, category: slug });
  return <CategoryView category={category} state={state} result={result} fabrics={fabrics} />;
}

function CategoryView({
  category,
  state,
  result,
  fabrics,
}: {
  category: CategorySummary;
  state: Omit<ProductQuery, "category">;
  result: ProductPage;
  fabrics: FabricSwatch[];
}) {
  const slug = category.slug;
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
              state={state}
              fabrics={fabrics}
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
          <FilteredGrid
            result={result}
            clearHref={base}
            emptyHint="Try a wider price range or another fabric."
            pageHref={(page) => catalogHref(base, { ...state, page }, fabrics)}
          />
        </div>
      </div>
    </div>
  );
}
