import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { databaseReads, getCategory, shellExpiresAfterBuild } from "@/lib/catalog/data";
import { categoryMetadata } from "@/lib/seo/catalog";
import { CategoryPage } from "@/components/product/category-page";
import { ProductGridSkeleton } from "@/components/product/product-card";

/*
 * A fixed route of its own (not the [slug] category route) that shows the couches category,
 * without a query: served from the cache. With a sort, page or filter, proxy.ts rewrites the
 * address to the [slug]/filtered route.
 */
export async function generateMetadata(): Promise<Metadata> {
  await databaseReads();
  const category = await getCategory("couches");
  if (!category) notFound();
  return categoryMetadata(category, {});
}

export default async function CouchesPage() {
  await shellExpiresAfterBuild();
  return (
    <Suspense
      fallback={
        <div className="container-page py-12">
          <ProductGridSkeleton count={8} />
        </div>
      }
    >
      <CategoryPage slug={Promise.resolve("couches")} searchParams={Promise.resolve({})} />
    </Suspense>
  );
}
