import type { ReviewInput } from "@/lib/reviews/input";
import type { DashboardReviews, PublicReview } from "@/lib/reviews/types";

/** A failed call as the client reports it: the status the shop's clients expect and the server's message. */
export class ReviewCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ReviewCallError";
  }
}

type ErrorBody = { status?: number; message?: string; data?: { status?: number } } | null;

/** A 409, or 401 in `data.status`, is reported as a 401 with the server's message. */
export function reviewCreateError(httpStatus: number, body: ErrorBody): ReviewCallError {
  const message = body?.message || "Sorry, we could not save your review. Please try again.";
  if (httpStatus === 409 || body?.data?.status === 401) return new ReviewCallError(401, message);
  return new ReviewCallError(httpStatus, message);
}

/** What the shop said to a new review: its message, and whether the review is on the pages yet. */
export type ReviewCreated = { message: string; review: PublicReview; published: boolean };

export async function postReview(input: Record<keyof ReviewInput, string | number>): Promise<ReviewCreated> {
  const res = await fetch("/api/review-create", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = (await res.json().catch(() => null)) as ({ message: string; review: PublicReview; published?: boolean } & ErrorBody) | null;
  if (!res.ok || !body?.review) throw reviewCreateError(res.status, body);
  return { message: body.message, review: body.review, published: body.published !== false };
}

export async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

export const reviewsUrl = (productId: number) => `/api/stamped?productId=${productId}`;
export const DASHBOARD_URL = "/api/reviews-dashboard";
export type { DashboardReviews };
