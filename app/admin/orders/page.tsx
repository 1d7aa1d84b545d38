import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, EmptyState, PageHeader } from "@/components/admin/ui";
import { DataTable } from "@/components/admin/list/data-table";
import { FilterBar } from "@/components/admin/list/filter-bar";
import { ListTabs } from "@/components/admin/list/list-tabs";
import { Pager } from "@/components/admin/list/pager";
import { OverdueOrders } from "@/components/admin/overdue-orders";
import { ExportForm } from "@/components/admin/export-form";
import { requireStaffPageContext } from "@/lib/admin/guard";
import { auditListRead } from "@/lib/admin/audit";
import { listOrders, orderListQuery, overdueOrders } from "@/lib/admin/orders";
import { listHref } from "@/lib/admin/list/href";
import { filtersOf, parseListQuery, type SearchParams } from "@/lib/admin/list/query";
import { ORDER_STATUSES } from "@/lib/orders/statuses";
import { formatDateTime } from "@/lib/admin/format";
import { ORDER_STATUS_LABELS } from "@/lib/orders/types";
import { formatMoney } from "@/lib/money/money";
import { ORDER_COLUMNS, ORDER_FILTERS, OrderCards } from "./list";

export const metadata: Metadata = { title: "Orders" };

const PATH = "/admin/orders";

async function Orders({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireStaffPageContext("orders");
  const { query, params, problem } = parseListQuery(orderListQuery, await searchParams);
  const [list, overdue] = await Promise.all([
    listOrders(ctx.db, query),
    query.status || query.q ? Promise.resolve([]) : overdueOrders(ctx.db),
  ]);
  // One entry for the page, the overdue orders above the list counted with it.
  await auditListRead(ctx, {
    list: "orders",
    filter: { ...query, page: list.page },
    rows: new Set([...list.rows, ...overdue].map((o) => o.id)).size,
  });
  const filter = filtersOf(query);
  const filtered = Object.values(filter).some(Boolean);
  const allCount = Object.values(list.counts).reduce((a, b) => a + b, 0);
  const statusTab = (status: (typeof ORDER_STATUSES)[number] | undefined, label: string, count: number) => ({
    label,
    count,
    href: listHref(PATH, params, { status }),
    current: query.status === status,
  });
  return (
    <>
      <PageHeader
        title="Orders"
        description={`${list.total} ${filtered ? "matching" : "in all"}, newest first.`}
        actions={<ExportForm list="orders" filter={filter} count={list.total} />}
      />
      {problem ? (
        <p role="alert" className="mb-4 rounded-md border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
          {problem}; showing every order.
        </p>
      ) : null}
      <ListTabs
        label="Orders by status"
        tabs={[
          statusTab(undefined, "All", allCount),
          ...ORDER_STATUSES.map((s) => statusTab(s, ORDER_STATUS_LABELS[s], list.counts[s])),
        ]}
      />
      <FilterBar
        label="Find orders"
        action={PATH}
        fields={ORDER_FILTERS}
        values={query}
        grid="sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] lg:items-end"
        clear={{ href: PATH, shown: filtered }}
      />
      {overdue.length ? (
        <OverdueOrders
          orders={overdue.map((o) => ({
            id: o.id,
            number: o.number,
            name: o.name,
            total: formatMoney(o.totalCents),
            placed: formatDateTime(o.createdAt),
          }))}
        />
      ) : null}
      {list.rows.length === 0 ? (
        <EmptyState>{filtered ? "No orders match these filters." : "No orders yet."}</EmptyState>
      ) : (
        <>
          <OrderCards rows={list.rows} />
          <DataTable
            label="Orders"
            rows={list.rows}
            columns={ORDER_COLUMNS}
            rowKey={(o) => o.id}
            row={{ className: "hover:bg-oat-50" }}
            framed
            className="hidden sm:block"
          />
          <Pager page={list.page} pages={list.pages} path={PATH} params={params} />
        </>
      )}
    </>
  );
}

export default function OrdersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading orders" />}>
      <Orders searchParams={searchParams} />
    </Suspense>
  );
}
