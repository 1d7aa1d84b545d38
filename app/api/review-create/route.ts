import { NextResponse } from "next/server";
import { readParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { invalid } from "@/lib/forms/api-error";
import { getDb } from "@/lib/db/client";
import { addressKey, enforce } from "@/lib/security/rate-limit";
import { REVIEW_HELD, REVIEW_LIMIT, REVIEW_THANKS, checkReview } from "@/lib/reviews/input";
import { createReview } from "@/lib/reviews/queries";
import { invalidateReviews } from "@/lib/reviews/cache";
import { reviewModeration } from "@/lib/reviews/moderation";

/**
 * name, email, title, message, rating, productId. A second review of one product from one
 * address is a 409 with the reason in `message`, which the client shows. `published` says
 * whether the review is on the pages now or waits for approval.
 */
export const POST = route(async (request) => {
  const db = await getDb();
  const checked = checkReview(await readParams(request));
  if (!checked.ok) throw invalid(checked.error);
  await enforce(db, addressKey("review-create", clientIp(request.headers)), REVIEW_LIMIT, "reviews");
  const published = reviewModeration() === "publish";
  const review = await createReview(db, checked.value, { publish: published });
  // A held review changes nothing anyone can see yet.
  if (published) invalidateReviews(review.productId);
  return NextResponse.json(
    { success: true, message: published ? REVIEW_THANKS : REVIEW_HELD, review, published },
    { status: 201 },
  );
});
