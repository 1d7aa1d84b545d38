import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { cookies } from "next/headers";
import { ForgetOrderKey } from "@/components/checkout/forget-order-key";
import { orderKeyFrom } from "@/lib/auth/guards";
import { OrderDetail } from "@/components/account/order-detail";
import { OrderStatusBanner } from "@/components/checkout/order-status-banner";
import { AwaitingProvider, PaymentChoices } from "@/components/checkout/payment-choices";
import { PurchaseEvent } from "@/components/checkout/purchase-event";
import { currentCustomer } from "@/lib/auth/current";
import { getDb } from "@/lib/db/client";
import { orderForViewer } from "@/lib/orders/customer-orders";
import { bankTransferDetails } from "@/lib/payments/bank-transfer";
import { offeredPaymentMethods } from "@/lib/payments/availability";
import type { PaymentMethod } from "@/lib/payments/methods";
import { pageMetadata } from "@/lib/seo/metadata";
import { checkoutOrderPath } from "@/lib/orders/urls";
import { COOKIE } from "@/lib/http/cookie-names";
import { WhatsAppLink } from "@/components/ui/whatsapp-link";
import { SITE } from "@/lib/config/site";
import { latestAttempt, latestAttemptStart } from "@/lib/orders/payment-attempts";
import { PENDING_LIFETIME_MINUTES } from "@/lib/orders/order-limits";
import { durationWords, formatHoldUntil } from "@/lib/orders/format";
import { paymentProviders, providerFor } from "@/lib/payments/registry";
import type { ApiOrder } from "@/lib/orders/types";
import { isAwaitingTransfer } from "@/lib/orders/statuses";
import type { Db } from "@/lib/db/client";

type Props = { params: Promise<{ orderId: string }>; searchParams: Promise<{ key?: string | string[] }> };

/** The order key stays out of the head: the canonical link keeps whitelisted parameters only. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const { orderId } = await params;
  return pageMetadata({ title: "Your order", path: checkoutOrderPath(orderId), noindex: true });
}

export default function OrderPage(props: Props) {
  return (
    <div className="container-page max-w-4xl py-8 lg:py-12">
      <Suspense
        fallback={<div className="h-96 animate-pulse rounded-card bg-oat-100" aria-label="Loading your order" />}
      >
        <OrderBody {...props} />
      </Suspense>
    </div>
  );
}

/** A guest sees the order with its key in the link; a customer sees their own. */
async function OrderBody({ params, searchParams }: Props) {
  await connection();
  const [{ orderId }, { key }, signedIn, jar] = await Promise.all([params, searchParams, currentCustomer(), cookies()]);
  const db = await getDb();
  const orderKey = orderKeyFrom(key, jar.get(COOKIE.orderKey)?.value);
  const order = await orderForViewer(db, orderId, { customerId: signedIn?.customer.id, key: orderKey });
  if (!order) notFound();
  const offered = await offeredPaymentMethods(db);
  const pending = order.status === "pending" ? await pendingView(db, order, orderKey, offered) : null;
  const bank =
    order.payment_method === "bank-transfer" ? await bankTransferDetails(db, { number: order.number }) : null;
  const bought = order.status === "processing" || order.status === "on-hold" || order.status === "completed";
  return (
    <div className="space-y-8">
      <ForgetOrderKey />
      <OrderStatusBanner order={order} bank={bank} pending={pending} otherWays={otherWays(order, orderKey, offered)} />
      {bought ? (
        <PurchaseEvent
          orderNumber={order.number}
          valueCents={Number(order.total)}
          taxCents={Number(order.total_tax)}
          coupon={order.coupon_code}
          items={order.line_items.map((l) => ({
            id: String(l.variation_id ?? l.product_id),
            name: l.name,
            priceCents: Number(l.price),
            quantity: l.quantity,
            variant: Object.values(l.variation).join(" / ") || undefined,
          }))}
        />
      ) : null}
      <OrderDetail order={order} context="checkout" />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 text-sm text-stone-600">
        <p>
          Questions about your order? Reply to your confirmation e-mail,{" "}
          <Link href="/info/contact-us" className="underline">
            contact us
          </Link>{" "}
          or chat with us.
        </p>
        <WhatsAppLink message={`Hello ${SITE.name}, I have a question about my order ${order.number}.`} />
      </div>
    </div>
  );
}

/**
 * A bank transfer not yet made may still be paid another way (the same order, its stock still
 * held) or go back to the cart, as a cancelled card payment may.
 */
function otherWays(order: ApiOrder, keyInLink: string | null, offered: readonly PaymentMethod[]) {
  if (!isAwaitingTransfer({ status: order.status, paidAt: order.date_paid, paymentMethod: order.payment_method }))
    return null;
  const methods = paymentProviders
    .filter((p) => p.method !== "bank-transfer" && offered.includes(p.method))
    .map((p) => ({ method: p.method, label: p.label }));
  if (methods.length === 0) return null;
  return (
    <PaymentChoices
      orderId={order.id}
      orderKey={keyInLink}
      current={methods[0]!.method}
      methods={methods}
      legend="Rather pay another way?"
      note={`Paying another way ends the wait for your transfer: the order then holds your items for ${durationWords(PENDING_LIFETIME_MINUTES)} while you pay.`}
    />
  );
}

/**
 * A pending order's page follows its latest payment attempt: waiting (then, after a while,
 * what to do), or cancelled or failed at the gateway with Try again and Back to cart.
 */
async function pendingView(db: Db, order: ApiOrder, keyInLink: string | null, offered: readonly PaymentMethod[]) {
  const [attempt, started] = await Promise.all([latestAttempt(db, order.id), latestAttemptStart(db, order.id)]);
  const provider = providerFor(attempt?.provider ?? order.payment_method).label;
  const placed = new Date(order.date_created);
  const holdUntil = formatHoldUntil(started && started > placed ? started : placed, PENDING_LIFETIME_MINUTES);
  const choices = (
    <PaymentChoices
      orderId={order.id}
      orderKey={keyInLink}
      current={offered.includes(order.payment_method) ? order.payment_method : (offered[0] ?? order.payment_method)}
      methods={paymentProviders
        .filter((p) => offered.includes(p.method))
        .map((p) => ({ method: p.method, label: p.label }))}
    />
  );
  return {
    attempt: attempt?.outcome ?? null,
    provider,
    holdUntil,
    choices,
    waiting: (
      <AwaitingProvider provider={provider} holdUntil={holdUntil}>
        {choices}
      </AwaitingProvider>
    ),
  };
}
