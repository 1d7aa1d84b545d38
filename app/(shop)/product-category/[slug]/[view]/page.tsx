import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { CategoryPage } from "@/components/product/category-page";
import { ProductPageSkeleton } from "@/components/product/product-card";
import { BUILD_SHELL_SLUG, databaseReads, getCategory, getFabrics } from "@/lib/catalog/data";
import { categoryViewParams, DEFAULT_VIEW } from "@/lib/catalog/category-view";
import { categoryMetadata } from "@/lib/seo/catalog";

/*
 * /product-category/{slug}?{query}, which proxy.ts rewrites here with the query in its canonical
 * form as the last segment. The page reads no query, so each view is rendered once per catalogue
 * change and served whole from the cache.
 */
type Props = { params: Promise<{ slug: string; view: string }> };

/*
 * One listed address makes the route a shell that each view's first request upgrades into a
 * whole cached page (an empty list fails the build). The build cannot read the catalogue, so it
 * lists an address no category has: proxy.ts answers 404 for it.
 */
export function generateStaticParams() {
  return [{ slug: BUILD_SHELL_SLUG, view: DEFAULT_VIEW }];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await databaseReads();
  const [{ slug, view }, range] = await Promise.all([params, getFabrics()]);
  const query = categoryViewParams(view, range);
  const category = query && (await getCategory(slug));
  if (!query || !category) notFound();
  return categoryMetadata(category, query);
}

export default function CategoryViewPage({ params }: Props) {
  return (
    <Suspense fallback={<ProductPageSkeleton />}>
      <CategoryPage params={params} />
    </Suspense>
  );
}
