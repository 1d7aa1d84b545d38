import Link from "next/link";
import { connection } from "next/server";
import { CatalogFilters } from "@/components/product/catalog-filters";
import { CategoryTiles } from "@/components/product/category-tiles";
import { FilteredGrid } from "@/components/product/filtered-grid";
import { MobileDisclosure } from "@/components/ui/disclosure";
import { searchHref } from "@/components/search/search-href";
import { getCategories, getFabrics } from "@/lib/catalog/data";
import { toSwatch } from "@/lib/catalog/fabrics";
import { parseCatalogParams, type SearchParams } from "@/lib/catalog/search-params";
import { SORT_OPTIONS } from "@/lib/catalog/types";
import { getDb } from "@/lib/db/client";
import { searchProducts } from "@/lib/search/search";

const SEARCH_SORT = SORT_OPTIONS.map((o) => (o.value === "featured" ? { ...o, label: "Best match" } : o));

function queryOf(sp: SearchParams): string {
  const raw = Array.isArray(sp.q) ? sp.q[0] : sp.q;
  return (raw ?? "").slice(0, 200).trim();
}

/** The body of /search?q=: the catalogue's grid, filters and sort over what a search matches. */
export async function SearchResults({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await connection();
  const sp = await searchParams;
  const q = queryOf(sp);
  const range = (await getFabrics()).map(toSwatch);
  const state = parseCatalogParams(sp, range);
  const [result, categories] = await Promise.all([q ? searchProducts(await getDb(), q, state) : null, getCategories()]);
  const filtered = state.fabrics.length > 0 || state.minCents !== undefined || state.maxCents !== undefined;
  return (
    <div className="container-page py-8 lg:py-12">
      <header className="max-w-2xl">
        <h1 className="text-3xl text-ink sm:text-4xl">{q ? <>Results for “{q}”</> : "Search"}</h1>
        <form action="/search" role="search" className="mt-5 flex gap-2">
          <label htmlFor="search-page-q" className="sr-only">
            Search the shop
          </label>
          <input
            id="search-page-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            placeholder="Couches, fabrics, sizes…"
            className="min-h-11 w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-base"
          />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </form>
        {result?.correctedTo && result.total > 0 ? (
          <p className="mt-3 text-sm text-stone-700" data-testid="search-corrected">
            Showing results for <strong className="font-semibold text-ink">{result.correctedTo}</strong>
          </p>
        ) : null}
      </header>

      {result && (result.total > 0 || filtered) ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-[240px_1fr]">
          <aside>
            <MobileDisclosure label="Sort and filter" aside={`${result.total} results`}>
              <CatalogFilters
                key={JSON.stringify({ q, state })}
                action="/search"
                hidden={{ q }}
                sortOptions={SEARCH_SORT}
                clearHref={searchHref(q)}
                state={state}
                fabrics={range}
                available={result.facets.fabrics}
                total={result.total}
              />
            </MobileDisclosure>
          </aside>
          <div>
            <p className="mb-5 text-sm text-stone-600" data-testid="result-count">
              {result.total} {result.total === 1 ? "piece" : "pieces"}
              {filtered ? " match your filters" : ""}
            </p>
            <FilteredGrid
              result={result}
              clearHref={searchHref(q)}
              pageHref={(page) => searchHref(q, { state: { ...state, page }, range })}
            />
          </div>
        </div>
      ) : (
        <div className="mt-8" data-testid="search-empty">
          {result ? (
            <div className="max-w-2xl">
              <p className="font-display text-xl text-ink">Nothing found for “{q}”</p>
              {result.didYouMean.length > 0 ? (
                <p className="mt-3 text-stone-700" data-testid="did-you-mean">
                  Did you mean{" "}
                  {result.didYouMean.map((s, i) => (
                    <span key={s}>
                      {i > 0 ? (i === result.didYouMean.length - 1 ? " or " : ", ") : null}
                      <Link href={searchHref(s)} className="font-semibold text-ink underline underline-offset-4">
                        {s}
                      </Link>
                    </span>
                  ))}
                  ?
                </p>
              ) : (
                <p className="mt-3 text-stone-700">Check the spelling, or try a fabric, a size or a kind of piece.</p>
              )}
            </div>
          ) : null}
          <h2 className="mt-10 text-2xl text-ink">Browse by category</h2>
          <div className="mt-5">
            <CategoryTiles categories={categories} />
          </div>
        </div>
      )}
    </div>
  );
}
