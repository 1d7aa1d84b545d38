import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, PageHeader } from "@/components/admin/ui";
import { CardList } from "@/components/admin/list/data-table";
import { FilterBar } from "@/components/admin/list/filter-bar";
import { ListTabs } from "@/components/admin/list/list-tabs";
import { Pager } from "@/components/admin/list/pager";
import { requireStaffPageContext } from "@/lib/admin/guard";
import { auditListRead } from "@/lib/admin/audit";
import { listAdminReviews } from "@/lib/admin/reviews";
import { reviewListQuery } from "@/lib/admin/catalog-api";
import { listHref } from "@/lib/admin/list/href";
import { parseListQuery, type SearchParams } from "@/lib/admin/list/query";
import { reviewModeration } from "@/lib/reviews/moderation";
import { REVIEW_FILTERS, REVIEW_TABS, ReviewItem } from "./list";

export const metadata: Metadata = { title: "Reviews" };

const PATH = "/admin/reviews";

async function Reviews({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireStaffPageContext("reviews");
  const { query, params } = parseListQuery(reviewListQuery, await searchParams);
  const list = await listAdminReviews(ctx.db, query);
  await auditListRead(ctx, { list: "reviews", filter: { ...query, page: list.page }, rows: list.rows.length });
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
      <ListTabs
        label="Review states"
        tabs={REVIEW_TABS.map((t) => ({
          label: t.label,
          href: listHref(PATH, params, { state: t.state }),
          current: query.state === t.state,
        }))}
      />
      <FilterBar
        label="Find reviews"
        fields={REVIEW_FILTERS}
        values={query}
        hidden={{ state: query.state }}
        submit="Search"
        grid="sm:grid-cols-[1fr_auto] sm:items-end"
      />
      <CardList rows={list.rows} empty="No reviews here.">
        {(r) => <ReviewItem key={r.id} review={r} />}
      </CardList>
      <Pager page={list.page} pages={list.pageCount} path={PATH} params={params} />
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
