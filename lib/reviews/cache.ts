import "server-only";
import { revalidateTag } from "next/cache";
import { CACHE_TAGS } from "@/lib/catalog/cache";

export const REVIEW_TAGS = {
  reviews: "reviews",
  product: (productId: number) => `reviews:${productId}`,
} as const;

/**
 * After a new review: the product's reviews expire at once (the writer reloads and expects to
 * see it); star counts on product cards live in the catalogue cache and may lag a request.
 */
export function invalidateReviews(productId: number): void {
  expire(REVIEW_TAGS.product(productId), { expire: 0 });
  expire(REVIEW_TAGS.reviews, "max");
  expire(CACHE_TAGS.catalog, "max");
}

function expire(tag: string, profile: string | { expire: number }): void {
  try {
    revalidateTag(tag, profile);
  } catch (err) {
    // Outside a Next request (tests, scripts) there is no cache to invalidate.
    if (!(err instanceof Error && err.message.includes("static generation store missing"))) throw err;
  }
}
