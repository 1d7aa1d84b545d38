import Link from "next/link";
import { OrderStatus } from "@/components/account/order-status";
import { formatMoney } from "@/lib/money/money";
import { formatOrderDate } from "@/lib/orders/format";
import type { ApiOrder } from "@/lib/orders/types";
import { accountOrderPath } from "@/lib/orders/urls";

/** The order list: a table from `sm` up, cards below it. */
export function OrderList({ orders }: { orders: ApiOrder[] }) {
  if (orders.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-ink/20 bg-white p-8 text-center" data-testid="no-orders">
        <p className="font-display text-xl text-ink">No orders yet</p>
        <p className="mt-2 text-sm text-stone-700">
          When you order a couch, ottoman or bed frame, you can follow it here.
        </p>
        <Link href="/product-category/couches" className="btn-primary mt-5">
          Browse couches
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3 sm:hidden" data-testid="order-cards">
        {orders.map((o) => (
          <li key={o.id} className="rounded-card border border-ink/10 bg-white p-4">
            <div className="flex items-center justify-between gap-3">
              <Link href={accountOrderPath(o.id)} className="font-semibold text-ink underline-offset-4 hover:underline">
                Order {o.number}
              </Link>
              <OrderStatus status={o.status} />
            </div>
            <p className="mt-1 text-sm text-stone-600">
              {formatOrderDate(o.date_created)} · {o.item_count} {o.item_count === 1 ? "item" : "items"}
            </p>
            <p className="mt-2 font-semibold text-ink">{formatMoney(Number(o.total))}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-hidden rounded-card border border-ink/10 bg-white sm:block">
        <table className="w-full text-left text-sm" data-testid="order-table">
          <thead className="bg-oat-50 text-xs uppercase tracking-wide text-stone-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Order
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Total
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10">
            {orders.map((o) => (
              <tr key={o.id} data-testid="order-row">
                <td className="px-4 py-3 font-semibold text-ink">{o.number}</td>
                <td className="px-4 py-3 text-stone-700">{formatOrderDate(o.date_created)}</td>
                <td className="px-4 py-3">
                  <OrderStatus status={o.status} />
                </td>
                <td className="px-4 py-3 text-right text-ink">
                  {formatMoney(Number(o.total))}
                  <span className="block text-xs text-stone-600">
                    {o.item_count} {o.item_count === 1 ? "item" : "items"}
                  </span>
                </td>
                <td className="px-4 py-3 text-right">
                  <Link
                    href={accountOrderPath(o.id)}
                    className="font-semibold text-olive-700 underline-offset-4 hover:underline"
                  >
                    View<span className="sr-only"> order {o.number}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
