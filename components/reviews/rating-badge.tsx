import { Stars, formatRating, reviewCount } from "@/components/reviews/stars";
import type { RatingSummary } from "@/lib/catalog/types";

/** A product card's rating: stars, the average and how many reviews it rests on. */
export function RatingBadge({ rating, className = "" }: { rating: RatingSummary; className?: string }) {
  if (rating.count === 0) return null;
  return (
    <p className={`flex items-center gap-1.5 text-xs text-stone-600 ${className}`} data-testid="rating-badge">
      <Stars
        rating={rating.average}
        size={13}
        label={`Rated ${formatRating(rating.average)} out of 5 from ${reviewCount(rating.count)}`}
      />
      <span aria-hidden>
        {formatRating(rating.average)} ({rating.count})
      </span>
    </p>
  );
}
