import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { OrderStatus } from "@/components/account/order-status";
import { OrderActions } from "@/components/admin/order-actions";
import { AdminSkeleton, Card, TABLE, TABLE_NARROW, TD, TH, TableScroll } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/admin/guard";
import { orderDetail } from "@/lib/admin/orders";
import { formatDateTime } from "@/lib/admin/format";
import { getDb } from "@/lib/db/client";
import type { Address } from "@/lib/db/schema";
import { formatMoney, VAT_RATE_PERCENT } from "@/lib/money/money";
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "@/lib/orders/types";
import { formatPayBy } from "@/lib/orders/format";
import { isAwaitingTransfer } from "@/lib/orders/statuses";

export const metadata: Metadata = { title: "Order" };

function AddressBlock({ a }: { a: Address }) {
  return (
    <address className="text-sm not-italic leading-6 text-ink">
      {[
        `${a.firstName} ${a.lastName}`,
        a.companyName,
        a.streetAddress1,
        a.streetAddress2,
        a.city,
        [a.province, a.postcode].filter(Boolean).join(" "),
        a.country,
      ]
        .filter(Boolean)
        .map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
    </address>
  );
}

function Row({ label, children, strong = false }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1.5 text-sm ${strong ? "border-t border-ink/10 pt-2 font-semibold" : ""}`}
    >
      <dt className="text-stone-700">{label}</dt>
      <dd className="tabular-nums text-ink">{children}</dd>
    </div>
  );
}

async function OrderView({ params }: { params: Promise<{ id: string }> }) {
  await requireStaffPage("orders");
  const raw = (await params).id;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const detail = id ? await orderDetail(await getDb(), id) : null;
  if (!detail) notFound();
  const { order, lines, events, history, refunds, customer } = detail;
  const left = order.totalCents - order.refundedCents;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/admin/orders" className="text-olive-800 underline-offset-2 hover:underline">
          ← Orders
        </Link>
      </nav>
      <header className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl text-ink sm:text-3xl">Order {order.number}</h1>
        <OrderStatus status={order.status} />
        {order.dispatchedAt && order.status === "processing" ? (
          <span className="rounded-full bg-olive-50 px-2.5 py-0.5 text-xs font-semibold text-olive-800 ring-1 ring-inset ring-olive-700/30">
            Dispatched
          </span>
        ) : null}
        <p className="w-full text-sm text-stone-600">
          Placed {formatDateTime(order.createdAt)} · {PAYMENT_METHOD_LABELS[order.paymentMethod]} ·{" "}
          <span className="tabular-nums">{formatMoney(order.totalCents)}</span>
        </p>
      </header>

      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_360px]">
        <div className="grid min-w-0 content-start gap-5">
          <Card title="Items">
            <TableScroll label="Items">
              <table className={TABLE_NARROW}>
                <thead>
                  <tr>
                    <th scope="col" className={TH}>
                      Item
                    </th>
                    <th scope="col" className={`${TH} text-right`}>
                      Qty
                    </th>
                    <th scope="col" className={`${TH} hidden text-right sm:table-cell`}>
                      Price
                    </th>
                    <th scope="col" className={`${TH} text-right`}>
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l) => (
                    <tr key={l.id}>
                      <td className={TD}>
                        <span className="block font-medium text-ink">{l.name}</span>
                        <span className="block text-xs text-stone-600">
                          {[
                            Object.entries(l.variation)
                              .map(([k, v]) => `${k}: ${v}`)
                              .join(", "),
                            l.sku && `SKU ${l.sku}`,
                          ]
                            .filter(Boolean)
                            .join(" · ")}
                        </span>
                      </td>
                      <td className={`${TD} text-right tabular-nums`}>{l.quantity}</td>
                      <td className={`${TD} hidden whitespace-nowrap text-right tabular-nums sm:table-cell`}>
                        {formatMoney(l.unitPriceCents)}
                      </td>
                      <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>{formatMoney(l.totalCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <dl className="mt-3 ml-auto max-w-xs">
              <Row label="Subtotal">{formatMoney(order.subtotalCents)}</Row>
              {order.discountCents ? (
                <Row label={`Discount${order.couponCode ? ` (${order.couponCode})` : ""}`}>
                  −{formatMoney(order.discountCents)}
                </Row>
              ) : null}
              <Row label="Delivery">{order.shippingCents ? formatMoney(order.shippingCents) : "Free"}</Row>
              <Row label="Total" strong>
                {formatMoney(order.totalCents)}
              </Row>
              <Row label={`VAT included (${VAT_RATE_PERCENT}%)`}>{formatMoney(order.vatCents)}</Row>
              {order.refundedCents ? <Row label="Refunded">−{formatMoney(order.refundedCents)}</Row> : null}
            </dl>
          </Card>

          <div className="grid gap-5 md:grid-cols-3">
            <Card title="Customer">
              <p className="text-sm text-ink">{`${order.billing.firstName} ${order.billing.lastName}`}</p>
              <p className="text-sm">
                <a href={`mailto:${order.email}`} className="break-all text-olive-800 underline underline-offset-2">
                  {order.email}
                </a>
              </p>
              <p className="text-sm">
                <a
                  href={`tel:${order.phone.replace(/\s+/g, "")}`}
                  className="text-olive-800 underline underline-offset-2"
                >
                  {order.phone}
                </a>
              </p>
              <p className="mt-1 text-xs text-stone-600">
                {customer ? "Has an account" : "Guest checkout"}
                {order.marketingConsent ? " · agreed to marketing" : ""}
              </p>
            </Card>
            <Card title="Delivery address">
              <AddressBlock a={order.shipping} />
            </Card>
            <Card title="Billing address">
              <AddressBlock a={order.billing} />
            </Card>
          </div>

          <Card title="Payment">
            <dl className="grid gap-1 text-sm sm:grid-cols-2">
              <div>
                <dt className="inline text-stone-700">Method: </dt>
                <dd className="inline">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
              </div>
              <div>
                <dt className="inline text-stone-700">Paid: </dt>
                <dd className="inline">{order.paidAt ? formatDateTime(order.paidAt) : "Not yet"}</dd>
              </div>
              {order.payBy && !order.paidAt ? (
                <div>
                  <dt className="inline text-stone-700">Pay by: </dt>
                  <dd className="inline">{formatPayBy(order.payBy)}</dd>
                </div>
              ) : null}
              {order.paymentReference ? (
                <div>
                  <dt className="inline text-stone-700">Provider reference: </dt>
                  <dd className="inline break-all">{order.paymentReference}</dd>
                </div>
              ) : null}
              {order.trackingNote ? (
                <div className="sm:col-span-2">
                  <dt className="inline text-stone-700">Tracking: </dt>
                  <dd className="inline">{order.trackingNote}</dd>
                </div>
              ) : null}
            </dl>
            <h3 className="mt-4 mb-2 font-sans text-sm font-semibold text-ink">Messages from the payment provider</h3>
            {events.length === 0 ? (
              <p className="text-sm text-stone-600">None yet.</p>
            ) : (
              <TableScroll label="Payment events">
                <table className={TABLE}>
                  <thead>
                    <tr>
                      <th scope="col" className={TH}>
                        When
                      </th>
                      <th scope="col" className={TH}>
                        From
                      </th>
                      <th scope="col" className={TH}>
                        Outcome
                      </th>
                      <th scope="col" className={TH}>
                        Reference
                      </th>
                      <th scope="col" className={`${TH} text-right`}>
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {events.map((e) => (
                      <tr key={e.id}>
                        <td className={`${TD} whitespace-nowrap`}>{formatDateTime(e.createdAt)}</td>
                        <td className={TD}>{PAYMENT_METHOD_LABELS[e.provider]}</td>
                        <td className={TD}>{e.status}</td>
                        <td className={`${TD} break-all text-xs`}>{e.providerReference}</td>
                        <td className={`${TD} text-right tabular-nums`}>{formatMoney(e.amountCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </Card>

          {refunds.length ? (
            <Card title="Refunds">
              <ul className="grid gap-2 text-sm">
                {refunds.map((r) => (
                  <li key={r.id} className="flex flex-wrap justify-between gap-2 border-b border-ink/5 pb-2">
                    <span>
                      <span className="font-semibold tabular-nums">{formatMoney(r.amountCents)}</span> · {r.reason}
                    </span>
                    <span className="text-xs text-stone-600">
                      {formatDateTime(r.at)}
                      {r.by ? ` · ${r.by}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>

        <div className="grid min-w-0 content-start gap-5">
          <Card title="Actions">
            <OrderActions
              order={{
                id: order.id,
                number: order.number,
                status: order.status,
                bankTransferAwaiting: isAwaitingTransfer(order),
                dispatched: Boolean(order.dispatchedAt),
                paid: Boolean(order.paidAt),
                refundable: (left / 100).toFixed(2),
                restocked: Boolean(order.restockedAt),
              }}
            />
          </Card>
          <Card title="History">
            <ol className="grid gap-3 text-sm" aria-label="Status history">
              <li className="border-l-2 border-oat-300 pl-3">
                <span className="block font-medium text-ink">Placed</span>
                <span className="block text-xs text-stone-600">
                  {formatDateTime(order.createdAt)} · by the customer
                </span>
              </li>
              {history.map((h) => (
                <li key={h.id} className="border-l-2 border-olive-700/60 pl-3">
                  <span className="block font-medium text-ink">
                    {h.from && h.from !== h.to
                      ? `${ORDER_STATUS_LABELS[h.from]} → ${ORDER_STATUS_LABELS[h.to]}`
                      : ORDER_STATUS_LABELS[h.to]}
                  </span>
                  {h.note ? <span className="block text-stone-700">{h.note}</span> : null}
                  <span className="block text-xs text-stone-600">
                    {formatDateTime(h.at)} · {h.by ?? "the shop"}
                  </span>
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
    </>
  );
}

export default function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the order" />}>
      <OrderView params={params} />
    </Suspense>
  );
}
