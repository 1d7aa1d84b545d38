"use client";

import { ReviewCard } from "@/components/reviews/review-card";
import { Stars, formatRating, reviewCount } from "@/components/reviews/stars";
import { useFresh } from "@/components/reviews/use-fresh";
import { DASHBOARD_URL } from "@/lib/reviews/client";
import type { DashboardReviews } from "@/lib/reviews/types";

export function HomeReviewsList({ initial }: { initial: DashboardReviews }) {
  const { data } = useFresh<DashboardReviews>(DASHBOARD_URL, initial);
  const { results, summary } = data ?? initial;
  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">Reviews</p>
          <h2 id="home-reviews" className="mt-1 text-2xl text-ink sm:text-3xl">
            Loved in homes across South Africa
          </h2>
        </div>
        {summary.count > 0 ? (
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <span className="font-display text-2xl text-ink">{formatRating(summary.average)}</span>
            <Stars rating={summary.average} size={18} />
            <span>from {reviewCount(summary.count)}</span>
          </p>
        ) : null}
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {results.slice(0, 3).map((r) => (
          <li key={r.id}>
            <ReviewCard review={r} showProduct />
          </li>
        ))}
      </ul>
    </>
  );
}
