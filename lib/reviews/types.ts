import type { RatingSummary } from "@/lib/catalog/types";

export type { RatingSummary };

/** A review as the public sees it: no e-mail address, and the reviewer's surname shortened. */
export type PublicReview = {
  id: number;
  productId: number;
  productSlug: string;
  productName: string;
  name: string;
  title: string;
  message: string;
  rating: number;
  verifiedBuyer: boolean;
  createdAt: string;
  /** The shop's answer, shown under the review. */
  reply: string | null;
};

export type RatingBreakdown = RatingSummary & {
  /** How many reviews gave 5, 4, 3, 2 and 1 stars, in that order. */
  stars: [number, number, number, number, number];
};

export type ProductReviews = { summary: RatingBreakdown; reviews: PublicReview[] };

/** GET /api/reviews-dashboard: the home page's reviews and the shop's overall rating. */
export type DashboardReviews = { results: PublicReview[]; summary: RatingSummary };

/** Reviews older than this are fetched again. */
export const REVIEWS_MAX_AGE_SECONDS = 300;

/** "Thandi Mokoena" -> "Thandi M."; a single name is kept as it is. */
export function publicName(full: string): string {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? "";
  const last = parts[parts.length - 1]!;
  return `${parts[0]} ${last.charAt(0).toUpperCase()}.`;
}

export function emptyBreakdown(): RatingBreakdown {
  return { average: 0, count: 0, stars: [0, 0, 0, 0, 0] };
}

/** The summary of a list of reviews (what the browser recomputes after a re-fetch). */
export function summarise(reviews: ReadonlyArray<Pick<PublicReview, "rating">>): RatingBreakdown {
  const out = emptyBreakdown();
  for (const r of reviews) {
    const i = 5 - r.rating;
    if (i >= 0 && i < 5) out.stars[i]!++;
  }
  out.count = reviews.length;
  out.average = reviews.length
    ? Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 100) / 100
    : 0;
  return out;
}
