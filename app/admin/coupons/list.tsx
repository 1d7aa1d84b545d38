import Link from "next/link";
import type { Column } from "@/components/admin/list/data-table";
import type { AdminCoupon } from "@/lib/admin/coupons";
import { choices, searchField, type FilterField } from "@/lib/admin/list/filters";
import { formatMoney } from "@/lib/money/money";
import { couponLife, type CouponLife } from "@/lib/coupons/rules";

export const COUPON_FILTERS: readonly FilterField[] = [
  searchField("coupon-q", "Code or description"),
  {
    kind: "select",
    name: "state",
    id: "coupon-state",
    label: "Show",
    any: "All coupons",
    options: choices([
      ["active", "Active"],
      ["disabled", "Disabled"],
      ["automatic", "Automatic"],
      ["affiliate", "Affiliate"],
    ]),
  },
];

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

const STATES: Record<CouponLife, { label: string; tone: string }> = {
  disabled: { label: "Disabled", tone: "bg-oat-200 text-stone-700" },
  ended: { label: "Ended", tone: "bg-oat-200 text-stone-700" },
  scheduled: { label: "Scheduled", tone: "bg-amber-100 text-amber-900" },
  "used-up": { label: "Used up", tone: "bg-oat-200 text-stone-700" },
  live: { label: "Live", tone: "bg-olive-50 text-olive-800" },
};

/** The coupons' table; a coupon's state is read at `now`, once for the whole page. */
export const couponColumns = (now: Date): readonly Column<AdminCoupon>[] => [
  {
    key: "code",
    header: "Code",
    cell: (c) => (
      <>
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
      </>
    ),
  },
  {
    key: "offer",
    header: "Offer",
    cell: (c) => (
      <>
        {offer(c)}
        {c.minSpendCents !== null ? (
          <span className="block text-xs text-stone-600">over {formatMoney(c.minSpendCents)}</span>
        ) : null}
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    cell: (c) => {
      const s = STATES[couponLife(c, now)];
      return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${s.tone}`}>{s.label}</span>;
    },
  },
  {
    key: "uses",
    header: "Uses",
    cell: (c) => `${c.usedCount}${c.usageLimit !== null ? ` of ${c.usageLimit}` : ""}`,
  },
  {
    key: "revenue",
    header: "Revenue",
    cell: (c) => (
      <>
        {formatMoney(c.revenueCents)}
        <span className="block text-xs text-stone-600">
          {c.orders} paid {c.orders === 1 ? "order" : "orders"}
        </span>
      </>
    ),
  },
];
