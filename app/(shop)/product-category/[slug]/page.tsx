import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { CategoryPage } from "@/components/product/category-page";
import { ProductGridSkeleton } from "@/components/product/product-card";
import { BUILD_SHELL_SLUG, databaseReads, getCategory } from "@/lib/catalog/data";
import { categoryMetadata } from "@/lib/seo/catalog";

/*
 * The category without a query: rendered once per catalogue change and served from the cache. A
 * sort, page or filter in the query is rendered by ./filtered (proxy.ts rewrites such addresses).
 */
type Props = { params: Promise<{ slug: string }> };

/*
 * Next needs one listed address to build this route as a shell that each category's first request
 * upgrades into a whole cached page (an empty list fails the build). The build cannot read the
 * catalogue, so it lists an address no category has: proxy.ts answers 404 for it.
 */
export function generateStaticParams() {
  return [{ slug: BUILD_SHELL_SLUG }];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await databaseReads();
  const { slug } = await params;
  const category = await getCategory(slug);
  if (!category) notFound();
  return categoryMetadata(category, {});
}

export default function Page({ params }: Props) {
  return (
    <Suspense
      fallback={
        <div className="container-page py-12">
          <ProductGridSkeleton count={8} />
        </div>
      }
    >
      <CategoryPage slug={params.then((p) => p.slug)} searchParams={Promise.resolve({})} />
    </Suspense>
  );
}
