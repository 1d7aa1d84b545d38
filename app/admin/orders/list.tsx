import Link from "next/link";
import { OrderStatus } from "@/components/account/order-status";
import type { Column } from "@/components/admin/list/data-table";
import type { FilterField } from "@/lib/admin/list/filters";
import { labelledOptions, searchField } from "@/lib/admin/list/filters";
import type { OrderListRow } from "@/lib/admin/orders";
import { formatDateTime } from "@/lib/admin/format";
import { ORDER_STATUSES } from "@/lib/orders/statuses";
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "@/lib/orders/types";
import { PAYMENT_METHODS } from "@/lib/payments/methods";
import { formatMoney } from "@/lib/money/money";

export const ORDER_FILTERS: readonly FilterField[] = [
  searchField("orders-q", "Order number, e-mail, name or phone"),
  {
    kind: "select",
    name: "status",
    id: "orders-status",
    label: "Status",
    any: "Any status",
    options: labelledOptions(ORDER_STATUSES, ORDER_STATUS_LABELS),
  },
  {
    kind: "select",
    name: "method",
    id: "orders-method",
    label: "Payment",
    any: "Any method",
    options: labelledOptions(PAYMENT_METHODS, PAYMENT_METHOD_LABELS),
  },
  { kind: "date", name: "from", id: "orders-from", label: "Placed from" },
  { kind: "date", name: "to", id: "orders-to", label: "Placed to" },
];

const orderHref = (o: OrderListRow) => `/admin/orders/${o.id}`;

export const ORDER_COLUMNS: readonly Column<OrderListRow>[] = [
  {
    key: "number",
    header: "Order",
    cell: (o) => (
      <>
        <Link href={orderHref(o)} className="font-semibold text-olive-800 underline-offset-2 hover:underline">
          {o.number}
        </Link>
        <span className="block text-xs text-stone-600">
          {o.items} item{o.items === 1 ? "" : "s"}
        </span>
      </>
    ),
  },
  {
    key: "placed",
    header: "Placed",
    className: "whitespace-nowrap text-stone-700",
    cell: (o) => formatDateTime(o.createdAt),
  },
  {
    key: "customer",
    header: "Customer",
    cell: (o) => (
      <>
        <span className="block text-ink">{o.name || "—"}</span>
        <span className="block text-xs text-stone-600">{o.email}</span>
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    cell: (o) => (
      <>
        <OrderStatus status={o.status} />
        {o.dispatchedAt && o.status === "processing" ? (
          <span className="mt-1 block text-xs text-stone-600">Dispatched</span>
        ) : null}
      </>
    ),
  },
  {
    key: "payment",
    header: "Payment",
    className: "text-stone-700",
    cell: (o) => PAYMENT_METHOD_LABELS[o.paymentMethod],
  },
  {
    key: "total",
    header: "Total",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (o) => (
      <>
        {formatMoney(o.totalCents)}
        {o.refundedCents ? (
          <span className="block text-xs text-danger">−{formatMoney(o.refundedCents)} refunded</span>
        ) : null}
      </>
    ),
  },
];

/** The list on a phone: a card an order instead of the wide table. */
export function OrderCards({ rows }: { rows: readonly OrderListRow[] }) {
  return (
    <ul className="grid gap-2 sm:hidden" aria-label="Orders">
      {rows.map((o) => (
        <li key={o.id} className="min-w-0 rounded-card border border-ink/10 bg-white p-3">
          <div className="flex items-center justify-between gap-2">
            <Link
              href={orderHref(o)}
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
  );
}
