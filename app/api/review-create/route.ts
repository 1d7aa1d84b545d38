import { NextResponse } from "next/server";
import { readParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { invalid } from "@/lib/forms/api-error";
import { getDb } from "@/lib/db/client";
import { enforce } from "@/lib/security/rate-limit";
import { REVIEW_LIMIT, REVIEW_THANKS, checkReview } from "@/lib/reviews/input";
import { createReview } from "@/lib/reviews/queries";
import { invalidateReviews } from "@/lib/reviews/cache";

/**
 * SPEC section 7: name, email, title, message, rating, productId. A second review of one product
 * from one address is a 409 with the reason in `message` (the client shows it, SPEC section 8).
 */
export const POST = route(async (request) => {
  const db = await getDb();
  await enforce(db, `review-create:${clientIp(request.headers)}`, REVIEW_LIMIT, "reviews");
  const checked = checkReview(await readParams(request));
  if (!checked.ok) throw invalid(checked.error);
  const review = await createReview(db, checked.value);
  invalidateReviews(review.productId);
  return NextResponse.json({ success: true, message: REVIEW_THANKS, review }, { status: 201 });
});
