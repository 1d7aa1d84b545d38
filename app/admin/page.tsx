import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AdminSkeleton, Card, PageHeader, Stat } from "@/components/admin/ui";
import { RevenueChart } from "@/components/admin/revenue-chart";
import { requireStaffPage } from "@/lib/admin/guard";
import { dashboard } from "@/lib/admin/dashboard";
import { formatDateTime } from "@/lib/admin/format";
import { getDb } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";
import { serverEnv } from "@/lib/config/env";

export const metadata: Metadata = { title: "Dashboard" };

async function Dashboard() {
  const staff = await requireStaffPage("dashboard");
  const threshold = serverEnv().LOW_STOCK_THRESHOLD;
  const d = await dashboard(await getDb(), { lowStockThreshold: threshold });
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`${staff.name === staff.email ? "" : `Good to see you, ${staff.name.split(" ")[0]}. `}Figures are for South African days.`}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Orders today" value={d.today.orders} href="/admin/orders" />
        <Stat
          label="Takings today"
          value={<span className="tabular-nums">{formatMoney(d.today.revenueCents)}</span>}
          note="Paid orders, less refunds"
        />
        <Stat
          label="On hold"
          value={d.onHold}
          href="/admin/orders?status=on-hold"
          note={d.overdue ? `${d.overdue} overdue` : "Waiting for payment"}
        />
        <Stat
          label="Processing"
          value={d.processing}
          href="/admin/orders?status=processing"
          note="Paid, in the workshop"
        />
      </div>

      <div className="mt-5 grid gap-5 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card title="Takings, last 30 days" className="self-start">
          <RevenueChart days={d.days} />
        </Card>
        <div className="grid min-w-0 content-start gap-5">
          <Card
            title="Low stock"
            actions={
              <Link
                href="/admin/products?stock=low"
                className="text-sm font-semibold text-olive-800 underline underline-offset-2"
              >
                All
              </Link>
            }
          >
            {d.lowStock.total === 0 ? (
              <p className="text-sm text-stone-600">Nothing is under {threshold} in stock.</p>
            ) : (
              <ul className="grid gap-1.5 text-sm">
                {d.lowStock.items.map((i) => (
                  <li key={`${i.productId}-${i.option}`} className="flex justify-between gap-3">
                    <span className="min-w-0">
                      {i.name}
                      {i.option ? <span className="block text-xs text-stone-600">{i.option}</span> : null}
                    </span>
                    <span
                      className={`shrink-0 tabular-nums font-semibold ${i.stock === 0 ? "text-danger" : "text-ink"}`}
                    >
                      {i.stock === 0 ? "Sold out" : `${i.stock} left`}
                    </span>
                  </li>
                ))}
                {d.lowStock.total > d.lowStock.items.length ? (
                  <li className="text-xs text-stone-600">and {d.lowStock.total - d.lowStock.items.length} more</li>
                ) : null}
              </ul>
            )}
          </Card>
          <Card
            title="Reviews"
            actions={
              <Link href="/admin/reviews" className="text-sm font-semibold text-olive-800 underline underline-offset-2">
                All
              </Link>
            }
          >
            <p className="text-sm text-ink">
              <strong className="tabular-nums">{d.reviewsAwaiting}</strong> waiting for approval ·{" "}
              <strong className="tabular-nums">{d.reviewsLastWeek}</strong> new this week
            </p>
            {d.latestReviews.length ? (
              <ul className="mt-3 grid gap-2 text-sm">
                {d.latestReviews.map((r) => (
                  <li key={r.id} className="border-t border-ink/5 pt-2">
                    <span className="block font-medium text-ink">
                      <span aria-label={`${r.rating} out of 5 stars`}>{"★".repeat(r.rating)}</span> {r.title}
                    </span>
                    <span className="block text-xs text-stone-600">
                      {r.name} on {r.product} · {formatDateTime(r.createdAt)}
                      {r.published ? "" : " · not published"}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </Card>
        </div>
      </div>
    </>
  );
}

export default function DashboardPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the dashboard" />}>
      <Dashboard />
    </Suspense>
  );
}
