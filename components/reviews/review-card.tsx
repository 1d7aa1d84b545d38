import Link from "next/link";
import { Stars, formatReviewDate } from "@/components/reviews/stars";
import { SITE } from "@/lib/config/site";
import type { PublicReview } from "@/lib/reviews/types";

export function ReviewCard({
  review,
  showProduct = false,
  headingLevel = 3,
}: {
  review: PublicReview;
  showProduct?: boolean;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article
      className="flex h-full flex-col rounded-card border border-ink/10 bg-white p-5"
      data-testid="review"
      data-review-id={review.id}
    >
      <Stars rating={review.rating} size={15} />
      <Heading className="mt-3 font-sans text-base font-semibold tracking-normal text-ink">{review.title}</Heading>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-stone-700">{review.message}</p>
      {review.reply ? (
        <div
          className="mt-3 border-l-2 border-olive-600 bg-oat-50 px-3 py-2 text-sm leading-relaxed text-stone-700"
          data-testid="review-reply"
        >
          <p className="text-xs font-semibold text-ink">Reply from {SITE.name}</p>
          <p className="mt-1 whitespace-pre-line">{review.reply}</p>
        </div>
      ) : null}
      <footer className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600">
        <span className="font-semibold text-ink">{review.name}</span>
        {review.verifiedBuyer ? (
          <span className="rounded bg-olive-50 px-1.5 py-0.5 font-medium text-olive-700">Verified buyer</span>
        ) : null}
        <span aria-hidden>·</span>
        <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
        {showProduct ? (
          <span className="basis-full">
            on{" "}
            <Link
              href={`/product/${review.productSlug}`}
              className="font-medium text-olive-700 underline-offset-4 hover:underline"
            >
              {review.productName}
            </Link>
          </span>
        ) : null}
      </footer>
    </article>
  );
}
