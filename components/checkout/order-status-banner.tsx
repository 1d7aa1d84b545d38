import type { ReactNode } from "react";
import type { ApiOrder } from "@/lib/orders/types";
import type { AttemptOutcome } from "@/lib/orders/payment-attempts";
import { CopyButton } from "@/components/checkout/copy-button";
import type { BankTransferDetails } from "@/lib/payments/bank-transfer";
import { formatMoney } from "@/lib/money/money";
import { durationWords, formatOrderDate, formatPayBy, payByNotice } from "@/lib/orders/format";
import { PENDING_LIFETIME_MINUTES } from "@/lib/orders/order-limits";
import { isAwaitingTransfer } from "@/lib/orders/statuses";
import { DELIVERY_TIME } from "@/lib/delivery/config";

const COPY: Record<ApiOrder["status"], { title: string; text: string; tone: "good" | "wait" | "bad" }> = {
  processing: {
    title: "Thank you, your order is confirmed",
    text: `Your payment has reached us and your order is in the workshop. We will phone you to book delivery within ${DELIVERY_TIME}.`,
    tone: "good",
  },
  completed: {
    title: "Your order is complete",
    text: "Your order has been delivered. We hope it feels like home.",
    tone: "good",
  },
  "on-hold": {
    title: "Your order is waiting for payment",
    text: "We start making your order as soon as your payment reaches us.",
    tone: "wait",
  },
  pending: {
    title: "We are waiting to hear from your payment provider",
    text: "This usually takes a few seconds. This page updates by itself.",
    tone: "wait",
  },
  failed: {
    title: "Your payment did not go through",
    text: "Nothing was taken. You are welcome to place your order again with another payment method.",
    tone: "bad",
  },
  cancelled: {
    title: "This order was cancelled",
    text: `Payment was cancelled or not received within ${durationWords(PENDING_LIFETIME_MINUTES)}, so the items went back into stock. Nothing was taken.`,
    tone: "bad",
  },
  refunded: {
    title: "This order was refunded",
    text: "Your refund has been paid back to the account you paid from.",
    tone: "bad",
  },
};

const TONES = {
  good: "border-success/30 bg-success/5",
  wait: "border-amber-600/30 bg-amber-50",
  bad: "border-danger/30 bg-danger/5",
};

/** A bank transfer cancelled at its deadline says so (its deadline, while it waits, is beside the bank details). */
function copyFor(order: ApiOrder): (typeof COPY)[ApiOrder["status"]] {
  const copy = COPY[order.status];
  // Dispatched, it has left the workshop: the page no longer says it is being made.
  if (order.status === "processing" && order.date_dispatched) {
    return {
      title: "Your order is on its way",
      text: [
        `It left our workshop on ${formatOrderDate(order.date_dispatched)}.`,
        order.tracking_note && /[.!?]$/.test(order.tracking_note)
          ? order.tracking_note
          : order.tracking_note && `${order.tracking_note}.`,
        "We will phone you before we deliver.",
      ]
        .filter(Boolean)
        .join(" "),
      tone: "good",
    };
  }
  if (order.payment_method === "bank-transfer" && order.pay_by && order.status === "cancelled" && !order.date_paid) {
    return {
      ...copy,
      text: `Your payment did not reach us by ${formatPayBy(order.pay_by)}, so the items went back into stock. If you have paid, please contact us and we will sort it out.`,
    };
  }
  return copy;
}

/** What a pending order's page says, from what its provider last said about the payment. */
export type PendingView = {
  attempt: AttemptOutcome | null;
  provider: string;
  holdUntil: string;
  /** The waiting text (it says more once the wait is long) and the choices, built by the page. */
  waiting: ReactNode;
  choices: ReactNode;
};

function pendingCopy(view: PendingView): (typeof COPY)[ApiOrder["status"]] {
  const hold = `Your order still holds your items until ${view.holdUntil}: try again with the same or another payment method, or go back to your cart.`;
  if (view.attempt === "cancelled")
    return { title: "You cancelled the payment", text: `Nothing was taken. ${hold}`, tone: "wait" };
  if (view.attempt === "failed")
    return {
      title: "Your payment did not go through",
      text: `${view.provider} did not take the payment, so nothing was taken. ${hold}`,
      tone: "bad",
    };
  return { title: `We are waiting to hear from ${view.provider}`, text: "", tone: "wait" };
}

export function OrderStatusBanner({
  order,
  bank,
  pending,
  otherWays,
}: {
  order: ApiOrder;
  bank: BankTransferDetails | null;
  pending?: PendingView | null;
  /** For a bank transfer still awaited: Try again with another method, and Back to cart. */
  otherWays?: ReactNode;
}) {
  const view = order.status === "pending" && pending ? pending : null;
  const copy = view ? pendingCopy(view) : copyFor(order);
  const ended = view && (view.attempt === "cancelled" || view.attempt === "failed");
  const awaiting = isAwaitingTransfer({
    status: order.status,
    paidAt: order.date_paid,
    paymentMethod: order.payment_method,
  });
  return (
    <section
      className={`rounded-card border p-5 sm:p-6 ${TONES[copy.tone]}`}
      data-testid="order-status-banner"
      data-status={order.status}
      data-attempt={view?.attempt ?? undefined}
    >
      <p className="text-sm font-medium text-stone-700">Order {order.number}</p>
      <h1 className="mt-1 text-2xl text-ink sm:text-3xl">{copy.title}</h1>
      {copy.text ? <p className="mt-2 max-w-2xl text-stone-700">{copy.text}</p> : null}
      {view ? (ended ? view.choices : view.waiting) : null}
      {bank && awaiting ? (
        <div className="mt-5 rounded-md border border-ink/10 bg-white p-4" data-testid="bank-details">
          <h2 className="font-sans text-base font-semibold tracking-normal">Our bank details</h2>
          <p className="mt-1 text-sm text-stone-600">
            Pay {formatMoney(Number(order.total))} by EFT and use your order number as the reference.
          </p>
          {order.pay_by ? (
            <p className="mt-1 text-sm font-medium text-ink" data-testid="bank-pay-by">
              {payByNotice(order.pay_by)}
            </p>
          ) : null}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
            <dt className="text-stone-600">Account name</dt>
            <dd className="font-medium">{bank.accountName}</dd>
            <dt className="text-stone-600">Bank</dt>
            <dd className="font-medium">{bank.bankName}</dd>
            <dt className="text-stone-600">Account number</dt>
            <dd className="flex flex-wrap items-center gap-x-3 gap-y-1 font-medium tabular-nums">
              <span data-testid="bank-account-number">{bank.accountNumber}</span>
              <CopyButton value={bank.accountNumber} label="Account number" />
            </dd>
            <dt className="text-stone-600">Branch code</dt>
            <dd className="font-medium tabular-nums">{bank.branchCode}</dd>
            <dt className="text-stone-600">Reference</dt>
            <dd className="flex flex-wrap items-center gap-x-3 gap-y-1 font-semibold text-ink">
              <span data-testid="bank-reference">{bank.reference}</span>
              <CopyButton value={bank.reference} label="Reference" />
            </dd>
          </dl>
          {bank.demo ? (
            <p className="mt-3 text-xs text-stone-600">
              These are demonstration details: this shop has no bank account configured yet.
            </p>
          ) : null}
        </div>
      ) : null}
      {awaiting ? otherWays : null}
    </section>
  );
}
