import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AdminSkeleton, BUTTON, PageHeader } from "@/components/admin/ui";
import { DataTable } from "@/components/admin/list/data-table";
import { FilterBar } from "@/components/admin/list/filter-bar";
import { Pager } from "@/components/admin/list/pager";
import { requireStaffPage } from "@/lib/admin/guard";
import { listCoupons } from "@/lib/admin/coupons";
import { couponListQuery } from "@/lib/admin/catalog-api";
import { parseListQuery, type SearchParams } from "@/lib/admin/list/query";
import { getDb } from "@/lib/db/client";
import { COUPON_FILTERS, couponColumns } from "./list";

export const metadata: Metadata = { title: "Coupons" };

const PATH = "/admin/coupons";

async function Coupons({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage("coupons");
  const { query, params } = parseListQuery(couponListQuery, await searchParams);
  const list = await listCoupons(await getDb(), query);
  return (
    <>
      <PageHeader
        title="Coupons"
        description="Uses count every order that took the code; revenue counts paid orders (processing or completed)."
        actions={
          <Link href="/admin/coupons/new" className={BUTTON}>
            New coupon
          </Link>
        }
      />
      <FilterBar
        label="Find coupons"
        fields={COUPON_FILTERS}
        values={query}
        grid="sm:grid-cols-[1fr_auto_auto] sm:items-end"
      />
      <DataTable
        label="Coupons"
        rows={list.rows}
        columns={couponColumns(new Date())}
        rowKey={(c) => c.id}
        row={{ testId: "coupon-row" }}
        empty="No coupons match."
      />
      <Pager page={list.page} pages={list.pageCount} path={PATH} params={params} />
    </>
  );
}

export default function CouponsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading coupons" />}>
      <Coupons searchParams={searchParams} />
    </Suspense>
  );
}
