import type { Metadata } from "next";
import { Suspense } from "react";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { CategoryPage } from "@/components/product/category-page";
import { ProductGridSkeleton } from "@/components/product/product-card";
import { getCategory } from "@/lib/catalog/data";
import { categoryMetadata } from "@/lib/seo/catalog";
import type { SearchParams } from "@/lib/catalog/search-params";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  await connection();
  const { slug } = await params;
  const category = await getCategory(slug);
  if (!category) notFound();
  return categoryMetadata(category, await searchParams);
}

export default function Page({ params, searchParams }: Props) {
  return (
    <Suspense
      fallback={
        <div className="container-page py-12">
          <ProductGridSkeleton count={8} />
        </div>
      }
    >
      <CategoryPage slug={params.then((p) => p.slug)} searchParams={searchParams} />
    </Suspense>
  );
}
