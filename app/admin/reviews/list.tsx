import Link from "next/link";
import { ActionButton } from "@/components/admin/catalog/action-button";
import { ReviewReply } from "@/components/admin/catalog/review-reply";
import { Stars } from "@/components/reviews/stars";
import type { AdminReview } from "@/lib/admin/reviews";
import { searchField } from "@/lib/admin/list/filters";
import { formatDateTime } from "@/lib/admin/format";

export const REVIEW_FILTERS = [searchField("review-q", "Words, name, e-mail or product")];

export const REVIEW_TABS = [
  { state: undefined, label: "All" },
  { state: "new", label: "New" },
  { state: "published", label: "Published" },
  { state: "hidden", label: "Hidden" },
] as const;

function status(r: AdminReview): { label: string; tone: string } {
  if (r.published) return { label: "Published", tone: "bg-olive-50 text-olive-800" };
  if (r.moderatedAt) return { label: "Hidden", tone: "bg-oat-200 text-stone-700" };
  return { label: "Waiting", tone: "bg-amber-100 text-amber-900" };
}

export function ReviewItem({ review }: { review: AdminReview }) {
  const s = status(review);
  const titleId = `review-${review.id}-title`;
  return (
    <li
      className="min-w-0 rounded-card border border-ink/10 bg-white p-4 shadow-sm sm:p-5"
      data-testid="admin-review"
      data-review-id={review.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Stars rating={review.rating} size={14} />
          <h2 id={titleId} className="mt-1 font-sans text-base font-semibold text-ink">
            {review.title}
          </h2>
        </div>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${s.tone}`} data-testid="review-status">
          {s.label}
        </span>
      </div>
      <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-stone-700">{review.message}</p>
      <p className="mt-2 text-xs text-stone-600">
        {review.name} · {review.email}
        {review.verifiedBuyer ? " · Verified buyer" : ""} · {formatDateTime(review.createdAt)} · on{" "}
        <Link href={`/product/${review.productSlug}`} className="text-olive-800 underline underline-offset-4">
          {review.productName}
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {review.published ? null : (
          <ActionButton
            path={`/api/admin/reviews/${review.id}`}
            params={{ action: "publish" }}
            label="Publish"
            look="primary"
            describedBy={titleId}
          />
        )}
        {review.published || !review.moderatedAt ? (
          <ActionButton
            path={`/api/admin/reviews/${review.id}`}
            params={{ action: "hide" }}
            label="Hide"
            look="danger"
            describedBy={titleId}
          />
        ) : null}
      </div>
      <div className="mt-4 border-t border-ink/10 pt-3">
        <ReviewReply key={review.reply ?? ""} reviewId={review.id} reply={review.reply} />
      </div>
    </li>
  );
}
