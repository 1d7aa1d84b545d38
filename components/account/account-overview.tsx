import Link from "next/link";
import { OrderStatus } from "@/components/account/order-status";
import { accountOrderPath } from "@/lib/orders/urls";
import { formatMoney } from "@/lib/money/money";
import { formatOrderDate } from "@/lib/orders/format";
import type { CustomerResponse } from "@/lib/auth/types";
import type { ApiOrder } from "@/lib/orders/types";
import { DELIVERY_TIME } from "@/lib/delivery/config";

function Card({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <section className="flex flex-col rounded-card border border-ink/10 bg-white p-5">
      <h2 className="font-sans text-sm font-semibold tracking-normal text-ink">{title}</h2>
      <div className="mt-2 flex-1 text-sm leading-relaxed text-stone-700">{children}</div>
      {action ? <div className="mt-4 text-sm font-semibold">{action}</div> : null}
    </section>
  );
}

export function AccountOverview({ customer, orders }: { customer: CustomerResponse; orders: ApiOrder[] }) {
  const s = customer.shipping;
  const place = [s.city, s.state, s.postcode].filter(Boolean).join(", ");
  const recent = orders.slice(0, 3);
  return (
    <div data-testid="account-overview">
      <h1 className="text-3xl text-ink sm:text-4xl">Hello, {s.first_name}</h1>
      <p className="mt-2 max-w-prose leading-relaxed text-stone-700">
        From here you can follow your orders and change your password. Anything else? Our team is a message away.
      </p>
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        <Card title="Your details">
          <p className="text-ink" data-testid="account-name">
            {s.first_name} {s.last_name}
          </p>
          <p className="break-all">{s.email}</p>
          {s.phone ? <p>{s.phone}</p> : null}
        </Card>
        <Card title="Delivery area">
          <p>{place || "We will ask for your delivery address at checkout."}</p>
          <p>{s.country}</p>
        </Card>
        <Card
          title="Recent orders"
          action={
            <Link href="/my-account/orders" className="text-olive-700 underline-offset-4 hover:underline">
              All orders
            </Link>
          }
        >
          {recent.length === 0 ? (
            <p>No orders yet. Free delivery nationwide, within {DELIVERY_TIME}, when you are ready.</p>
          ) : (
            <ul className="divide-y divide-ink/10">
              {recent.map((o) => (
                <li key={o.id} className="flex items-center justify-between gap-3 py-2.5">
                  <span>
                    <Link
                      href={accountOrderPath(o.id)}
                      className="font-semibold text-ink underline-offset-4 hover:underline"
                    >
                      {o.number}
                    </Link>
                    <span className="block text-xs text-stone-600">{formatOrderDate(o.date_created)}</span>
                  </span>
                  <span className="flex flex-col items-end gap-1">
                    <span className="text-ink">{formatMoney(Number(o.total))}</span>
                    <OrderStatus status={o.status} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card
          title="Password"
          action={
            <Link href="/my-account/change-password" className="text-olive-700 underline-offset-4 hover:underline">
              Change password
            </Link>
          }
        >
          <p>Changing it logs out every other device that is signed in to your account.</p>
        </Card>
      </div>
    </div>
  );
}
