import type { Metadata } from "next";
import { Suspense } from "react";
import { CategoryPage } from "@/components/product/category-page";
import { ProductGridSkeleton } from "@/components/product/product-card";
import type { SearchParams } from "@/lib/catalog/search-params";

// SPEC lists this as a fixed route with an empty page; DESIGN.md has it show the couches.
export const metadata: Metadata = {
  title: "Couches",
  description: "Two-seaters, three-seaters and corner couches, made in South Africa. Free delivery nationwide in 14 days, VAT included.",
  alternates: { canonical: "/product-category/couches" },
};

export default function CouchesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<div className="container-page py-12"><ProductGridSkeleton count={8} /></div>}>
      <CategoryPage slug={Promise.resolve("couches")} searchParams={searchParams} />
    </Suspense>
  );
}
