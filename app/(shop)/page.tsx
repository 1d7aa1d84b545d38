import Link from "next/link";
import { Suspense } from "react";
import { Commitment } from "@/components/content/commitment";
import { HomeReviews } from "@/components/reviews/home-reviews";
import { SocialSpace } from "@/components/content/social-space";
import { SectionHeading } from "@/components/layout/section-heading";
import { CategoryTiles } from "@/components/product/category-tiles";
import { ProductGrid, ProductGridSkeleton } from "@/components/product/product-card";
import { ReturnIcon, ShieldIcon, TruckIcon } from "@/components/ui/icons";
import { PriorityImage } from "@/components/ui/priority-image";
import { databaseReads, getCategories, getFeatured, getNewArrivals, shellExpiresAfterBuild } from "@/lib/catalog/data";
import { PROMISES, SITE } from "@/lib/config/site";
import { SiteJsonLd } from "@/components/seo/site-json-ld";
import { SITE_DESCRIPTION, pageMetadata } from "@/lib/seo/metadata";
import type { Metadata } from "next";
import { DELIVERY_TIME } from "@/lib/delivery/config";

export const metadata: Metadata = pageMetadata({ path: "/", description: SITE_DESCRIPTION });

export default async function HomePage() {
  await shellExpiresAfterBuild();
  return (
    <>
      <SiteJsonLd />
      <section className="relative overflow-hidden bg-oat-100">
        <div className="container-page grid items-center gap-8 py-10 lg:grid-cols-[1fr_1.25fr] lg:py-16">
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">
              Made in South Africa since 1981
            </p>
            <h1 className="mt-3 text-4xl leading-tight text-ink sm:text-5xl lg:text-6xl">
              Couches made in South Africa, delivered free.
            </h1>
            <p className="mt-5 max-w-md text-lg leading-relaxed text-stone-700">
              Hardwood frames, honest foam and fabrics that live well with children and dogs. Built to order in our
              workshop and at your door within {DELIVERY_TIME}.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href="/product-category/couches" className="btn-primary">
                Shop couches
              </Link>
              <Link href="/product-category/sleeper-couches" className="btn-secondary">
                Sleeper couches
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-stone-700">
              <li className="flex items-center gap-2">
                <TruckIcon width={18} height={18} /> Free delivery nationwide
              </li>
              <li className="flex items-center gap-2">
                <ReturnIcon width={18} height={18} /> {PROMISES.returnDays}-day returns
              </li>
              <li className="flex items-center gap-2">
                <ShieldIcon width={18} height={18} /> Lifetime frame guarantee
              </li>
            </ul>
          </div>
          <PriorityImage
            src="/images/generated/hero.svg"
            alt={`A ${SITE.name} three-seater couch and ottoman in a sunlit lounge`}
            width={1600}
            height={900}
            className="w-full rounded-card"
          />
        </div>
      </section>

      <section aria-labelledby="shop-by-category" className="container-page mt-14">
        <SectionHeading
          id="shop-by-category"
          kicker="Browse"
          title="Shop by category"
          href="/product-category"
          linkLabel="All categories"
        />
        <Suspense fallback={<div className="h-48 animate-pulse rounded-card bg-oat-100" />}>
          <Categories />
        </Suspense>
      </section>

      <section aria-labelledby="featured" className="container-page mt-16">
        <SectionHeading
          id="featured"
          kicker="Best loved"
          title="Featured couches and more"
          href="/product-category/couches"
        />
        <Suspense fallback={<ProductGridSkeleton count={8} />}>
          <Featured />
        </Suspense>
      </section>

      <section aria-labelledby="new-arrivals" className="container-page mt-16">
        <SectionHeading
          id="new-arrivals"
          kicker="Just in"
          title="New arrivals"
          href="/product-category/couches?sort=newest"
        />
        <Suspense fallback={<ProductGridSkeleton count={4} />}>
          <NewArrivals />
        </Suspense>
      </section>

      <HomeReviews />

      <SocialSpace />

      {/* The claims are told here, in full; the footer leaves its own short list out on this page. */}
      <div className="mt-20 -mb-16">
        <Commitment />
      </div>
    </>
  );
}

async function Categories() {
  await databaseReads();
  return <CategoryTiles categories={await getCategories()} />;
}

async function Featured() {
  await databaseReads();
  return <ProductGrid products={await getFeatured(8)} />;
}

async function NewArrivals() {
  await databaseReads();
  return <ProductGrid products={await getNewArrivals(4)} />;
}
