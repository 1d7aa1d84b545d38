import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { OrderStatus } from "@/components/account/order-status";
import {
  AdminSkeleton,
  EmptyState,
  INPUT,
  LABEL,
  BUTTON,
  BUTTON_SECONDARY,
  PageHeader,
  Pagination,
  TABLE,
  TD,
  TH,
  TableScroll,
} from "@/components/admin/ui";
import { OverdueOrders } from "@/components/admin/overdue-orders";
import { requireStaffPage } from "@/lib/admin/guard";
import { getDb } from "@/lib/db/client";
import { listOrders, orderListQuery, ORDER_STATUSES, overdueOrders, type OrderListQuery } from "@/lib/admin/orders";
import { formatDateTime, listHref } from "@/lib/admin/format";
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "@/lib/orders/types";
import { PAYMENT_METHODS } from "@/lib/payments/methods";
import { formatMoney } from "@/lib/money/money";

export const metadata: Metadata = { title: "Orders" };

type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function readQuery(raw: SearchParams): {
  query: OrderListQuery;
  current: Record<string, string | undefined>;
  problem: string | null;
} {
  const current = Object.fromEntries(["q", "status", "method", "from", "to", "page"].map((k) => [k, first(raw[k])]));
  const parsed = orderListQuery.safeParse(current);
  if (parsed.success) return { query: parsed.data, current, problem: null };
  const issue = parsed.error.issues[0]!;
  return {
    query: { page: 1 },
    current: {},
    problem: `The filter ${String(issue.path[0])} ${issue.message}; showing every order.`,
  };
}

async function Orders({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage();
  const { query, current, problem } = readQuery(await searchParams);
  const db = await getDb();
  const [list, overdue] = await Promise.all([
    listOrders(db, query),
    query.status || query.q ? Promise.resolve([]) : overdueOrders(db),
  ]);
  const filtered = Boolean(query.q || query.status || query.method || query.from || query.to);
  const allCount = Object.values(list.counts).reduce((a, b) => a + b, 0);
  return (
    <>
      <PageHeader title="Orders" description={`${list.total} ${filtered ? "matching" : "in all"}, newest first.`} />
      {problem ? (
        <p role="alert" className="mb-4 rounded-md border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <nav aria-label="Orders by status" className="-mx-4 mb-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 whitespace-nowrap text-sm">
          <li>
            <Link
              href={listHref("/admin/orders", current, { status: undefined })}
              aria-current={!query.status ? "page" : undefined}
              className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 hover:border-ink/40 aria-[current=page]:border-olive-700 aria-[current=page]:bg-olive-700 aria-[current=page]:text-white"
            >
              All <span className="tabular-nums opacity-80">{allCount}</span>
            </Link>
          </li>
          {ORDER_STATUSES.map((s) => (
            <li key={s}>
              <Link
                href={listHref("/admin/orders", current, { status: s })}
                aria-current={query.status === s ? "page" : undefined}
                className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 hover:border-ink/40 aria-[current=page]:border-olive-700 aria-[current=page]:bg-olive-700 aria-[current=page]:text-white"
              >
                {ORDER_STATUS_LABELS[s]} <span className="tabular-nums opacity-80">{list.counts[s]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <form
        method="get"
        action="/admin/orders"
        role="search"
        aria-label="Find orders"
        className="mb-5 grid gap-3 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <div>
          <label htmlFor="orders-q" className={LABEL}>
            Search
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            placeholder="Order number, e-mail, name or phone"
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor="orders-status" className={LABEL}>
            Status
          </label>
          <select id="orders-status" name="status" defaultValue={query.status ?? ""} className={INPUT}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-method" className={LABEL}>
            Payment
          </label>
          <select id="orders-method" name="method" defaultValue={query.method ?? ""} className={INPUT}>
            <option value="">Any method</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-from" className={LABEL}>
            Placed from
          </label>
          <input id="orders-from" name="from" type="date" defaultValue={query.from ?? ""} className={INPUT} />
        </div>
        <div>
          <label htmlFor="orders-to" className={LABEL}>
            Placed to
          </label>
          <input id="orders-to" name="to" type="date" defaultValue={query.to ?? ""} className={INPUT} />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={BUTTON}>
            Filter
          </button>
          {filtered ? (
            <Link href="/admin/orders" className={BUTTON_SECONDARY}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>

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
          <ul className="grid gap-2 sm:hidden" aria-label="Orders">
            {list.rows.map((o) => (
              <li key={o.id} className="min-w-0 rounded-card border border-ink/10 bg-white p-3">
                <div className="flex items-center justify-between gap-2">
                  <Link
                    href={`/admin/orders/${o.id}`}
                    className="inline-flex min-h-8 items-center font-semibold text-olive-800 underline-offset-2 hover:underline"
                  >
                    {o.number}
                  </Link>
                  <OrderStatus status={o.status} />
                </div>
                <p className="mt-1 text-sm text-ink">
                  {o.name || o.email} · <span className="tabular-nums">{formatMoney(o.totalCents)}</span>
                </p>
                <p className="text-xs text-stone-600">
                  {formatDateTime(o.createdAt)} · {PAYMENT_METHOD_LABELS[o.paymentMethod]}
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden rounded-card border border-ink/10 bg-white sm:block">
            <TableScroll label="Orders">
              <table className={TABLE}>
                <thead>
                  <tr>
                    <th scope="col" className={TH}>
                      Order
                    </th>
                    <th scope="col" className={TH}>
                      Placed
                    </th>
                    <th scope="col" className={TH}>
                      Customer
                    </th>
                    <th scope="col" className={TH}>
                      Status
                    </th>
                    <th scope="col" className={TH}>
                      Payment
                    </th>
                    <th scope="col" className={`${TH} text-right`}>
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((o) => (
                    <tr key={o.id} className="hover:bg-oat-50">
                      <td className={TD}>
                        <Link
                          href={`/admin/orders/${o.id}`}
                          className="font-semibold text-olive-800 underline-offset-2 hover:underline"
                        >
                          {o.number}
                        </Link>
                        <span className="block text-xs text-stone-600">
                          {o.items} item{o.items === 1 ? "" : "s"}
                        </span>
                      </td>
                      <td className={`${TD} whitespace-nowrap text-stone-700`}>{formatDateTime(o.createdAt)}</td>
                      <td className={TD}>
                        <span className="block text-ink">{o.name || "—"}</span>
                        <span className="block text-xs text-stone-600">{o.email}</span>
                      </td>
                      <td className={TD}>
                        <OrderStatus status={o.status} />
                        {o.dispatchedAt && o.status === "processing" ? (
                          <span className="mt-1 block text-xs text-stone-600">Dispatched</span>
                        ) : null}
                      </td>
                      <td className={`${TD} text-stone-700`}>{PAYMENT_METHOD_LABELS[o.paymentMethod]}</td>
                      <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>
                        {formatMoney(o.totalCents)}
                        {o.refundedCents ? (
                          <span className="block text-xs text-danger">−{formatMoney(o.refundedCents)} refunded</span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </div>
          <Pagination
            page={list.page}
            pages={list.pages}
            href={(p) => listHref("/admin/orders", current, { page: p })}
          />
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
