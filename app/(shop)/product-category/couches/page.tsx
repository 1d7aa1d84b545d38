import type { Metadata } from "next";
import { Suspense } from "react";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { getCategory } from "@/lib/catalog/data";
import { categoryMetadata } from "@/lib/seo/catalog";
import { CategoryPage } from "@/components/product/category-page";
import { ProductGridSkeleton } from "@/components/product/product-card";
import type { SearchParams } from "@/lib/catalog/search-params";

// A fixed route of its own (not the [slug] category route) that shows the couches category.
type Props = { searchParams: Promise<SearchParams> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  await connection();
  const category = await getCategory("couches");
  if (!category) notFound();
  return categoryMetadata(category, await searchParams);
}

export default function CouchesPage({ searchParams }: Props) {
  return (
    <Suspense
      fallback={
        <div className="container-page py-12">
          <ProductGridSkeleton count={8} />
        </div>
      }
    >
      <CategoryPage slug={Promise.resolve("couches")} searchParams={searchParams} />
    </Suspense>
  );
}
