"use client";

import { lazy, Suspense, useId, useState } from "react";
import { ReviewCard } from "@/components/reviews/review-card";
import { Stars, formatRating, reviewCount } from "@/components/reviews/stars";
import { useFresh } from "@/components/reviews/use-fresh";
import { reviewsUrl } from "@/lib/reviews/client";
import { summarise, type PublicReview } from "@/lib/reviews/types";

const FIRST = 4;

/** Loaded when someone starts writing: most visitors read reviews and never write one. */
const ReviewForm = lazy(() => import("@/components/reviews/review-form").then((m) => ({ default: m.ReviewForm })));

/** The product page's reviews: summary, the list (kept fresh), and the form to write one. */
export function ProductReviews({
  productId,
  productName,
  initial,
}: {
  productId: number;
  productName: string;
  initial: PublicReview[];
}) {
  const { data, mutate } = useFresh<PublicReview[]>(reviewsUrl(productId), initial);
  const reviews = data ?? initial;
  const summary = summarise(reviews);
  const [writing, setWriting] = useState(false);
  const [all, setAll] = useState(false);
  const formId = useId();
  const shown = all ? reviews : reviews.slice(0, FIRST);

  const onCreated = (review: PublicReview) => {
    setWriting(false);
    void mutate([review, ...reviews.filter((r) => r.id !== review.id)], { revalidate: true });
  };

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(240px,300px)_1fr]">
      <div>
        <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">Reviews</p>
        <h2 id="reviews-heading" className="mt-1 text-2xl text-ink sm:text-3xl">
          What customers say
        </h2>
        {summary.count > 0 ? (
          <div className="mt-5" data-testid="rating-summary">
            <p className="flex items-end gap-3">
              <span className="font-display text-5xl leading-none text-ink">{formatRating(summary.average)}</span>
              <span className="pb-1 text-sm text-stone-600">out of 5</span>
            </p>
            <Stars rating={summary.average} size={20} className="mt-2" />
            <p className="mt-1 text-sm text-stone-600" data-testid="review-count">
              Based on {reviewCount(summary.count)}
            </p>
            <ul className="mt-5 space-y-1.5 text-sm" aria-label="Reviews by star rating">
              {summary.stars.map((n, i) => (
                <li key={i} className="flex items-center gap-3">
                  <span className="w-12 shrink-0 text-stone-700">
                    {5 - i} star{i === 4 ? "" : "s"}
                  </span>
                  <span className="h-2 flex-1 overflow-hidden rounded-full bg-oat-200" aria-hidden>
                    <span
                      className="block h-full rounded-full bg-olive-700"
                      style={{ width: `${summary.count ? (n / summary.count) * 100 : 0}%` }}
                    />
                  </span>
                  <span className="w-6 shrink-0 text-right text-stone-600">
                    {n}
                    <span className="sr-only"> {n === 1 ? "review" : "reviews"}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="mt-4 text-sm leading-relaxed text-stone-700">
            No reviews yet. If you own the {productName}, tell other shoppers what it is like to live with.
          </p>
        )}
        <button
          type="button"
          className="btn-secondary mt-6"
          aria-expanded={writing}
          aria-controls={formId}
          onClick={() => setWriting(!writing)}
        >
          Write a review
        </button>
      </div>
      <div className="min-w-0">
        <div id={formId} hidden={!writing} className="mb-6">
          {writing ? (
            <Suspense fallback={<div className="h-96 animate-pulse rounded-card bg-oat-100" />}>
              <ReviewForm
                productId={productId}
                productName={productName}
                onCreated={onCreated}
                onCancel={() => setWriting(false)}
              />
            </Suspense>
          ) : null}
        </div>
        {reviews.length > 0 ? (
          <>
            <ul className="grid gap-4 sm:grid-cols-2" data-testid="review-list">
              {shown.map((r) => (
                <li key={r.id}>
                  <ReviewCard review={r} />
                </li>
              ))}
            </ul>
            {reviews.length > FIRST ? (
              <button
                type="button"
                className="mt-5 text-sm font-semibold text-olive-700 underline-offset-4 hover:underline"
                onClick={() => setAll(!all)}
              >
                {all ? "Show fewer reviews" : `Show all ${reviews.length} reviews`}
              </button>
            ) : null}
          </>
        ) : (
          <div className="rounded-card border border-dashed border-ink/20 p-8 text-center text-sm text-stone-600">
            Be the first to review the {productName}.
          </div>
        )}
      </div>
    </div>
  );
}
