import Link from "next/link";
import { OrderStatus } from "@/components/account/order-status";
import { ProductPicture } from "@/components/product/product-picture";
import { formatMoney } from "@/lib/money/money";
import { formatOrderDate } from "@/lib/orders/format";
import { PAYMENT_METHOD_LABELS, type ApiAddress, type ApiOrder } from "@/lib/orders/types";

function Address({ title, address }: { title: string; address: ApiAddress }) {
  const lines = [
    `${address.first_name} ${address.last_name}`.trim(),
    address.company,
    address.address_1,
    address.address_2,
    [address.city, address.postcode].filter(Boolean).join(" "),
    address.state,
    address.country,
  ].filter(Boolean);
  return (
    <div className="rounded-card border border-ink/10 bg-white p-5">
      <h2 className="font-sans text-sm font-semibold tracking-normal text-ink">{title}</h2>
      <address className="mt-2 text-sm not-italic leading-relaxed text-stone-700">
        {lines.map((l) => (
          <span key={l} className="block">
            {l}
          </span>
        ))}
        {address.phone ? <span className="mt-2 block">{address.phone}</span> : null}
        {address.email ? <span className="block break-all">{address.email}</span> : null}
      </address>
    </div>
  );
}

/** `checkout`: on the order page after buying, where the page's own heading names the order. */
export function OrderDetail({ order, context = "account" }: { order: ApiOrder; context?: "account" | "checkout" }) {
  const Title = context === "checkout" ? "h2" : "h1";
  const money = (cents: string) => formatMoney(Number(cents));
  return (
    <article data-testid="order-detail">
      {context === "account" ? (
        <Link
          href="/my-account/orders"
          className="text-sm font-medium text-olive-700 underline-offset-4 hover:underline"
        >
          ← All orders
        </Link>
      ) : null}
      <header className="mt-3 flex flex-wrap items-center gap-3">
        <Title className={context === "checkout" ? "text-2xl text-ink" : "text-3xl text-ink sm:text-4xl"}>
          Order {order.number}
        </Title>
        <OrderStatus status={order.status} />
      </header>
      <p className="mt-2 text-sm text-stone-700">
        Placed on {formatOrderDate(order.date_created)} · {/* Never "paid" before the money has reached us. */}
        {order.date_paid ? "paid with" : "payment method:"} {PAYMENT_METHOD_LABELS[order.payment_method]}
      </p>

      <section aria-labelledby="order-items" className="mt-8 rounded-card border border-ink/10 bg-white">
        <h2 id="order-items" className="sr-only">
          Items
        </h2>
        <ul className="divide-y divide-ink/10">
          {order.line_items.map((l) => (
            <li key={l.id} className="flex gap-4 p-4 sm:p-5" data-testid="order-line">
              {l.picture.src ? (
                <ProductPicture
                  src={l.picture.src}
                  alt=""
                  width={l.picture.width}
                  height={l.picture.height}
                  sizes="96px"
                  className="h-18 w-24 shrink-0 rounded-md bg-oat-100 object-cover"
                />
              ) : null}
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">
                  {l.slug ? (
                    <Link href={`/product/${l.slug}`} className="underline-offset-4 hover:underline">
                      {l.name}
                    </Link>
                  ) : (
                    l.name
                  )}
                </p>
                {Object.keys(l.variation).length > 0 ? (
                  <p className="mt-0.5 text-sm text-stone-600">
                    {Object.entries(l.variation)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join(" · ")}
                  </p>
                ) : null}
                <p className="mt-0.5 text-sm text-stone-600">
                  Quantity {l.quantity} × {money(l.price)}
                </p>
              </div>
              <p className="shrink-0 font-semibold text-ink">{money(l.total)}</p>
            </li>
          ))}
        </ul>
        <dl className="space-y-2 border-t border-ink/10 bg-oat-50 p-4 text-sm sm:p-5">
          <div className="flex justify-between">
            <dt className="text-stone-700">Subtotal</dt>
            <dd className="text-ink">{money(order.subtotal)}</dd>
          </div>
          {Number(order.discount_total) > 0 ? (
            <div className="flex justify-between">
              <dt className="text-stone-700">Discount{order.coupon_code ? ` (${order.coupon_code})` : ""}</dt>
              <dd className="text-terracotta-700">−{money(order.discount_total)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt className="text-stone-700">Delivery</dt>
            <dd className="text-ink">{Number(order.shipping_total) > 0 ? money(order.shipping_total) : "Free"}</dd>
          </div>
          <div className="flex justify-between border-t border-ink/10 pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd data-testid="order-total">{money(order.total)}</dd>
          </div>
          <div className="flex justify-between text-xs text-stone-600">
            <dt>VAT included</dt>
            <dd>{money(order.total_tax)}</dd>
          </div>
          {order.refunds.map((r, i) => (
            <div key={i} className="flex justify-between gap-4 border-t border-ink/10 pt-2" data-testid="order-refund">
              <dt className="min-w-0 text-stone-700">
                Refunded on {formatOrderDate(r.date)}
                <span className="block text-xs text-stone-600">{r.reason}</span>
              </dt>
              <dd className="shrink-0 text-ink">−{money(r.amount)}</dd>
            </div>
          ))}
        </dl>
      </section>

      {order.date_dispatched ? (
        <section
          aria-labelledby="order-dispatch"
          className="mt-6 rounded-card border border-ink/10 bg-white p-5"
          data-testid="order-dispatch"
        >
          <h2 id="order-dispatch" className="font-sans text-sm font-semibold tracking-normal text-ink">
            On its way
          </h2>
          <p className="mt-2 text-sm text-stone-700">Left our workshop on {formatOrderDate(order.date_dispatched)}.</p>
          {order.tracking_note ? <p className="mt-1 text-sm text-ink">{order.tracking_note}</p> : null}
        </section>
      ) : null}

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Address title="Delivery address" address={order.shipping} />
        <Address title="Billing address" address={order.billing} />
      </div>
    </article>
  );
}
