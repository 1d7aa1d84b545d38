import { ApiCallError, callApi } from "@/lib/http/api-client";
import type { DashboardReviews, PublicReview } from "@/lib/reviews/types";

/** A second review of a product (409), or 401 in `data.status`, is reported as a 401 with the server's message. */
export function reviewCreateError(error: ApiCallError): ApiCallError {
  if (error.status !== 409 && error.status !== 401) return error;
  return new ApiCallError(error.message, 401, error.code, error.fields, error.data);
}

/** What the shop said to a new review: its message, and whether the review is on the pages yet. */
export type ReviewCreated = { message: string; review: PublicReview; published: boolean };

/** Sends the form as written; the server checks it and names the field it refuses. */
export async function postReview(input: Record<string, unknown>): Promise<ReviewCreated> {
  try {
    const body = await callApi<{ message: string; review: PublicReview; published?: boolean }>(
      "POST",
      "/api/review-create",
      input,
    );
    return { message: body.message, review: body.review, published: body.published !== false };
  } catch (err) {
    throw err instanceof ApiCallError ? reviewCreateError(err) : err;
  }
}

export const reviewsUrl = (productId: number) => `/api/stamped?productId=${productId}`;
export const DASHBOARD_URL = "/api/reviews-dashboard";
export type { DashboardReviews };
