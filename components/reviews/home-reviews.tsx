import { Suspense } from "react";
import { databaseReads } from "@/lib/catalog/data";
import { HomeReviewsList } from "@/components/reviews/home-reviews-list";
import { getDashboardReviews } from "@/lib/reviews/data";

/** The home page's reviews section, from GET /api/reviews-dashboard's data. */
export function HomeReviews() {
  return (
    <section aria-labelledby="home-reviews" className="container-page mt-16" data-testid="home-reviews">
      <Suspense fallback={<div className="h-72 animate-pulse rounded-card bg-oat-100" />}>
        <Loaded />
      </Suspense>
    </section>
  );
}

async function Loaded() {
  await databaseReads();
  return <HomeReviewsList initial={await getDashboardReviews()} />;
}
