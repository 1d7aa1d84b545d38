import { Suspense } from "react";
import { connection } from "next/server";
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
  await connection();
  return <HomeReviewsList initial={await getDashboardReviews()} />;
}
