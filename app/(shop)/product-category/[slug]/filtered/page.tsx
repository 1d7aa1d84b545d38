import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { LiveCategoryPage } from "@/components/product/category-page";
import { ProductPageSkeleton } from "@/components/product/product-card";
import { getCategory } from "@/lib/catalog/data";
import type { SearchParams } from "@/lib/catalog/search-params";
import { categoryMetadata } from "@/lib/seo/catalog";

/*
 * /product-category/{slug}?{query} for a view the page cache does not keep (a price range, several
 * fabrics), which proxy.ts rewrites here with the view's canonical query. It lists no parameters,
 * so Next keeps no page of it per address: each request renders it (lib/catalog/category-view.ts).
 */
type Props = { params: Promise<{ slug: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  await connection();
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const category = await getCategory(slug);
  if (!category) notFound();
  return categoryMetadata(category, query);
}

export default function LiveCategoryViewPage(props: Props) {
  return (
    <Suspense fallback={<ProductPageSkeleton />}>
      <LiveCategoryPage {...props} />
    </Suspense>
  );
}
