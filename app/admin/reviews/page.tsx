import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import {
  AdminSkeleton,
  EmptyState,
  INPUT,
  LABEL,
  BUTTON_SECONDARY,
  PageHeader,
  Pagination,
} from "@/components/admin/ui";
import { ActionButton } from "@/components/admin/catalog/action-button";
import { ReviewReply } from "@/components/admin/catalog/review-reply";
import { Stars } from "@/components/reviews/stars";
import { requireStaffPage } from "@/lib/admin/guard";
import { listAdminReviews, type AdminReview } from "@/lib/admin/reviews";
import { reviewListQuery } from "@/lib/admin/catalog-api";
import { listHref, type SearchParams } from "@/lib/admin/list-href";
import { reviewModeration } from "@/lib/reviews/moderation";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Reviews" };

const TABS = [
  { state: undefined, label: "All" },
  { state: "new", label: "New" },
  { state: "published", label: "Published" },
  { state: "hidden", label: "Hidden" },
] as const;

const dateTime = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

function status(r: AdminReview): { label: string; tone: string } {
  if (r.published) return { label: "Published", tone: "bg-olive-50 text-olive-800" };
  if (r.moderatedAt) return { label: "Hidden", tone: "bg-oat-200 text-stone-700" };
  return { label: "Waiting", tone: "bg-amber-100 text-amber-900" };
}

function ReviewItem({ review }: { review: AdminReview }) {
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
        {review.verifiedBuyer ? " · Verified buyer" : ""} · {dateTime.format(review.createdAt)} · on{" "}
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

async function Reviews({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage();
  const raw = await searchParams;
  const parsed = reviewListQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : { page: 1 };
  const list = await listAdminReviews(await getDb(), query);
  const hold = reviewModeration() === "hold";
  return (
    <>
      <PageHeader
        title="Reviews"
        description={
          hold
            ? "New reviews wait here until someone publishes them (REVIEWS_MODERATION=hold)."
            : "New reviews show in the shop at once (REVIEWS_MODERATION=publish); hide any that should not."
        }
      />
      <nav aria-label="Review states" className="mb-4 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Link
            key={t.label}
            href={listHref("/admin/reviews", raw, { state: t.state, page: undefined })}
            aria-current={query.state === t.state ? "page" : undefined}
            className="inline-flex min-h-11 items-center rounded-full border border-ink/15 bg-white px-4 text-sm font-medium text-ink hover:border-olive-700 aria-[current=page]:border-olive-800 aria-[current=page]:bg-olive-800 aria-[current=page]:text-white"
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <form
        method="get"
        role="search"
        aria-label="Find reviews"
        className="mb-5 grid gap-3 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        {query.state ? <input type="hidden" name="state" value={query.state} /> : null}
        <div>
          <label htmlFor="review-q" className={LABEL}>
            Search
          </label>
          <input
            id="review-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            placeholder="Words, name, e-mail or product"
            className={INPUT}
          />
        </div>
        <button type="submit" className={BUTTON_SECONDARY}>
          Search
        </button>
      </form>
      {list.rows.length === 0 ? (
        <EmptyState>No reviews here.</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {list.rows.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </ul>
      )}
      <Pagination page={list.page} pages={list.pageCount} href={(page) => listHref("/admin/reviews", raw, { page })} />
    </>
  );
}

export default function ReviewsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading reviews" />}>
      <Reviews searchParams={searchParams} />
    </Suspense>
  );
}
