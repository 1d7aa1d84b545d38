import type { Metadata } from "next";
import { NotFoundView } from "@/components/layout/error-view";
import { SiteLogo } from "@/components/layout/site-logo";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

/*
 * Every 404: an address no route matches, and the unknown catalogue and content slugs that
 * proxy.ts sends here (a page that streams could no longer answer 404 itself). Next sends this
 * tree with every page, so it holds no client code of the shop's chrome: the logo and the way
 * back, without the header's cart, account and search, or the footer.
 */
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-ink/10 bg-canvas">
        <div className="container-page flex h-16 items-center">
          <SiteLogo />
        </div>
      </header>
      <main id="main" className="flex-1 pb-16">
        <NotFoundView />
        {/* A plain form (no script): an old link's shopper can look for the piece by name. */}
        <form
          action="/search"
          method="get"
          role="search"
          aria-label="Search the shop"
          className="container-page flex max-w-xl flex-wrap items-end gap-3"
          data-testid="not-found-search"
        >
          <div className="min-w-0 flex-1">
            <label htmlFor="not-found-q" className="block text-sm font-semibold text-ink">
              Looking for a piece? Search the shop
            </label>
            <input
              id="not-found-q"
              name="q"
              type="search"
              maxLength={200}
              placeholder="Couches, fabrics, sizes…"
              className="mt-1.5 block min-h-11 w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-base text-ink"
            />
          </div>
          <button type="submit" className="btn-secondary min-h-11">
            Search
          </button>
        </form>
      </main>
    </div>
  );
}
