import type { Metadata } from "next";
import { Suspense } from "react";
import { ProductPageSkeleton } from "@/components/product/product-card";
import { SearchResults } from "@/components/search/search-results";
import { pageMetadata } from "@/lib/seo/metadata";
import { SITE } from "@/lib/config/site";
import type { SearchParams } from "@/lib/catalog/search-params";

// Results pages are endless and thin: kept out of search engines (robots.txt disallows /search too).
export const metadata: Metadata = pageMetadata({
  title: "Search",
  description: `Search ${SITE.name}'s couches, sleeper couches, ottomans and bed frames.`,
  path: "/search",
  noindex: true,
});

export default function SearchPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<ProductPageSkeleton />}>
      <SearchResults searchParams={searchParams} />
    </Suspense>
  );
}
