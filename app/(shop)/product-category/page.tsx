import type { Metadata } from "next";
import { Suspense } from "react";
import { CategoryTiles } from "@/components/product/category-tiles";
import { databaseReads, getCategories, shellExpiresAfterBuild } from "@/lib/catalog/data";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Shop all furniture",
  description: "Couches, sleeper couches, ottomans and bed frames, made in South Africa and delivered free nationwide.",
  path: "/product-category",
});

export default async function CategoryIndexPage() {
  await shellExpiresAfterBuild();
  return (
    <div className="container-page py-10 lg:py-14">
      <h1 className="text-3xl text-ink sm:text-4xl">Shop all furniture</h1>
      <p className="mt-3 max-w-2xl leading-relaxed text-stone-700">
        Everything we make, from a single ottoman to a corner couch for the whole family. All of it built in South
        Africa and delivered free.
      </p>
      <div className="mt-8">
        <Suspense fallback={<div className="h-48 animate-pulse rounded-card bg-oat-100" />}>
          <Categories />
        </Suspense>
      </div>
    </div>
  );
}

async function Categories() {
  await databaseReads();
  return <CategoryTiles categories={await getCategories()} />;
}
