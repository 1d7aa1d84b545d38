import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { getDb } from "@/lib/db/client";
import { REVIEW_TAGS } from "@/lib/reviews/cache";
import * as q from "@/lib/reviews/queries";

/* Cached reads for pages; callers await `databaseReads()` first, so builds never open the database. */

export async function getProductReviews(productId: number) {
  "use cache";
  cacheLife("minutes");
  cacheTag(REVIEW_TAGS.reviews, REVIEW_TAGS.product(productId));
  return q.productReviews(await getDb(), productId);
}

export async function getDashboardReviews() {
  "use cache";
  cacheLife("minutes");
  cacheTag(REVIEW_TAGS.reviews);
  return q.dashboardReviews(await getDb());
}
