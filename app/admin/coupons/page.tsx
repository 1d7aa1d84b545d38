import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import {
  AdminSkeleton,
  BUTTON,
  BUTTON_SECONDARY,
  EmptyState,
  INPUT,
  LABEL,
  PageHeader,
  Pagination,
  TABLE,
  TD,
  TH,
  TableScroll,
} from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/admin/guard";
import { listCoupons, type AdminCoupon } from "@/lib/admin/coupons";
import { couponListQuery } from "@/lib/admin/catalog-api";
import { listHref, type SearchParams } from "@/lib/admin/list-href";
import { getDb } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";

export const metadata: Metadata = { title: "Coupons" };

function offer(c: AdminCoupon): string {
  switch (c.kind) {
    case "percent":
      return `${c.amount}% off`;
    case "fixed_cart":
      return `${formatMoney(c.amount)} off the cart`;
    case "fixed_product":
      return `${formatMoney(c.amount)} off each item`;
    case "free_product":
      return "A free product";
  }
}

function state(c: AdminCoupon, now: Date): { label: string; tone: string } {
  if (!c.active) return { label: "Disabled", tone: "bg-oat-200 text-stone-700" };
  if (c.expiresAt && c.expiresAt <= now) return { label: "Ended", tone: "bg-oat-200 text-stone-700" };
  if (c.startsAt && c.startsAt > now) return { label: "Scheduled", tone: "bg-amber-100 text-amber-900" };
  if (c.usageLimit !== null && c.usedCount >= c.usageLimit)
    return { label: "Used up", tone: "bg-oat-200 text-stone-700" };
  return { label: "Live", tone: "bg-olive-50 text-olive-800" };
}

async function Coupons({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage();
  const raw = await searchParams;
  const parsed = couponListQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : { page: 1 };
  const list = await listCoupons(await getDb(), query);
  const now = new Date();
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
      <form
        method="get"
        role="search"
        aria-label="Find coupons"
        className="mb-5 grid gap-3 rounded-card border border-ink/10 bg-white p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <div>
          <label htmlFor="coupon-q" className={LABEL}>
            Search
          </label>
          <input
            id="coupon-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            placeholder="Code or description"
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor="coupon-state" className={LABEL}>
            Show
          </label>
          <select id="coupon-state" name="state" defaultValue={query.state ?? ""} className={INPUT}>
            <option value="">All coupons</option>
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
            <option value="automatic">Automatic</option>
            <option value="affiliate">Affiliate</option>
          </select>
        </div>
        <button type="submit" className={BUTTON_SECONDARY}>
          Filter
        </button>
      </form>
      {list.rows.length === 0 ? (
        <EmptyState>No coupons match.</EmptyState>
      ) : (
        <TableScroll label="Coupons">
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>Code</th>
                <th className={TH}>Offer</th>
                <th className={TH}>Status</th>
                <th className={TH}>Uses</th>
                <th className={TH}>Revenue</th>
              </tr>
            </thead>
            <tbody className="bg-white">
              {list.rows.map((c) => {
                const s = state(c, now);
                return (
                  <tr key={c.id} data-testid="coupon-row">
                    <td className={TD}>
                      <Link
                        href={`/admin/coupons/${c.id}`}
                        className="inline-flex min-h-6 items-center font-mono font-semibold text-olive-800 underline-offset-4 hover:underline"
                      >
                        {c.code}
                      </Link>
                      <span className="block text-xs text-stone-600">
                        {[c.automatic ? `Automatic (#${c.autoOrder})` : "", c.affiliate ? "Affiliate" : ""]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </td>
                    <td className={TD}>
                      {offer(c)}
                      {c.minSpendCents !== null ? (
                        <span className="block text-xs text-stone-600">over {formatMoney(c.minSpendCents)}</span>
                      ) : null}
                    </td>
                    <td className={TD}>
                      <span className={`rounded px-2 py-0.5 text-xs font-semibold ${s.tone}`}>{s.label}</span>
                    </td>
                    <td className={TD}>
                      {c.usedCount}
                      {c.usageLimit !== null ? ` of ${c.usageLimit}` : ""}
                    </td>
                    <td className={TD}>
                      {formatMoney(c.revenueCents)}
                      <span className="block text-xs text-stone-600">
                        {c.orders} paid {c.orders === 1 ? "order" : "orders"}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={list.page} pages={list.pageCount} href={(page) => listHref("/admin/coupons", raw, { page })} />
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
