import { Stars, formatRating, reviewCount } from "@/components/reviews/stars";

export function RatingLink({ average, count }: { average: number; count: number }) {
  return (
    <a
      href="#reviews"
      aria-label={`Rated ${formatRating(average)} out of 5 from ${reviewCount(count)}: read the reviews`}
      className="inline-flex items-center gap-2 text-sm text-stone-700 underline-offset-4 hover:underline"
      data-testid="rating-link"
    >
      <Stars rating={average} size={16} />
      <span>
        {formatRating(average)} · {reviewCount(count)}
      </span>
    </a>
  );
}
