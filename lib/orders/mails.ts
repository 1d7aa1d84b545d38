import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orderLines, type Order, type OrderStatus } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail/mail";
import { withoutLinks } from "@/lib/mail/user-text";
import { renderHtml, renderText, type EmailBlock, type EmailContent } from "@/lib/mail/templates/layout";
import { formatMoney } from "@/lib/money/money";
import { serverEnv } from "@/lib/config/env";
import type { BankTransferDetails } from "@/lib/payments/bank-transfer";
import { orderPageUrl } from "@/lib/orders/urls";
import {
  bankTransferBlocks,
  holdExpiredEmail,
  paymentReminderEmail,
  type PaymentDue,
} from "@/lib/mail/templates/bank-transfer";
import { formatPayBy, payByNotice } from "@/lib/orders/format";
import { isAwaitingTransfer } from "@/lib/orders/statuses";
import { DELIVERY_TIME } from "@/lib/delivery/config";
import { PROMISES, SITE } from "@/lib/config/site";
import { PAYMENT_METHOD_LABELS } from "@/lib/orders/types";

const plain = (cents: number) => formatMoney(cents).replace(/\u00a0/g, " ");

const orderUrl = (order: Order) => orderPageUrl(order, serverEnv().SITE_URL);

async function summaryBlocks(db: Db, order: Order): Promise<EmailBlock[]> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const blocks: EmailBlock[] = lines.map((l) => {
    const variant = Object.values(l.variation).join(", ");
    return { kind: "text", text: `${l.quantity} × ${l.name}${variant ? ` (${variant})` : ""}: ${plain(l.totalCents)}` };
  });
  blocks.push({ kind: "text", text: `Subtotal ${plain(order.subtotalCents)}` });
  if (order.discountCents > 0)
    blocks.push({
      kind: "text",
      text: `Discount${order.couponCode ? ` (${order.couponCode})` : ""} -${plain(order.discountCents)}`,
    });
  blocks.push({ kind: "text", text: `Delivery: free, within ${DELIVERY_TIME}` });
  blocks.push({ kind: "text", text: `Total ${plain(order.totalCents)} (VAT included: ${plain(order.vatCents)})` });
  const a = order.shipping;
  // The shopper typed these at checkout: they are repeated, but never as a link.
  const where = [
    `${a.firstName} ${a.lastName}`,
    a.streetAddress1,
    a.streetAddress2 ?? "",
    a.city,
    a.province,
    a.postcode,
  ];
  blocks.push({ kind: "small", text: `Delivering to ${where.map(withoutLinks).filter(Boolean).join(", ")}` });
  return blocks;
}

function paymentDue(order: Order, bank: BankTransferDetails): PaymentDue {
  return {
    orderNumber: order.number,
    amount: plain(order.totalCents),
    notice: order.payBy ? payByNotice(order.payBy) : null,
    bank,
  };
}

const greeting = (order: Order) => `Hi ${withoutLinks(order.billing.firstName) || "there"},`;

async function send(db: Db, order: Order, kind: string, subject: string, content: EmailContent) {
  await sendMail(db, { kind, to: order.email, subject, text: renderText(content), html: renderHtml(content) });
}

/**
 * The confirmation every order gets. A bank transfer waiting for its money carries the account
 * to pay into (`bank`), as WooCommerce's on-hold mail does.
 */
export async function sendOrderPlacedMail(db: Db, order: Order, bank: BankTransferDetails | null): Promise<void> {
  const onHold = bank !== null && isAwaitingTransfer(order);
  const blocks: EmailBlock[] = [
    {
      kind: "text",
      text: onHold
        ? `Thank you for your order ${order.number}. It is waiting for your payment.`
        : `Thank you for your order ${order.number}. Here is what you ordered.`,
    },
    ...(onHold ? bankTransferBlocks(paymentDue(order, bank)) : []),
    ...(await summaryBlocks(db, order)),
    { kind: "button", label: "View your order", href: orderUrl(order) },
    {
      kind: "small",
      text: `Every piece is made to order and delivered free within ${DELIVERY_TIME}. You may return it within ${PROMISES.returnDays} days of receiving it.`,
    },
  ];
  await send(
    db,
    order,
    onHold ? "order-on-hold" : "order-received",
    onHold ? `Order ${order.number}: our bank details` : `We have your order ${order.number}`,
    {
      preheader: onHold
        ? `Pay by EFT with reference ${order.number}`
        : `Order ${order.number}, ${plain(order.totalCents)}`,
      heading: onHold ? "Your order is waiting for payment" : "Thank you for your order",
      greeting: greeting(order),
      blocks,
    },
  );
}

const STATUS_MAIL: Partial<
  Record<OrderStatus, { kind: string; subject: (n: string) => string; heading: string; text: string }>
> = {
  processing: {
    kind: "order-paid",
    subject: (n) => `Payment received for order ${n}`,
    heading: "Payment received",
    text: "Your payment has reached us and your order is now in the workshop. We will phone you to book delivery.",
  },
  failed: {
    kind: "order-failed",
    subject: (n) => `Payment for order ${n} did not go through`,
    heading: "Your payment did not go through",
    text: "Your payment provider told us the payment failed, so nothing was taken. You are welcome to order again with another method.",
  },
  cancelled: {
    kind: "order-cancelled",
    subject: (n) => `Order ${n} was cancelled`,
    heading: "Your order was cancelled",
    text: "We did not receive payment for this order, so we have cancelled it and released the items. Nothing was taken.",
  },
};

/** A status change the customer should hear about. */
export async function sendOrderStatusMail(db: Db, order: Order, from: OrderStatus): Promise<void> {
  const mail = STATUS_MAIL[order.status];
  if (!mail || order.status === from) return;
  await send(db, order, mail.kind, mail.subject(order.number), {
    preheader: mail.heading,
    heading: mail.heading,
    greeting: greeting(order),
    blocks: [
      { kind: "text", text: mail.text },
      ...(await summaryBlocks(db, order)),
      { kind: "button", label: "View your order", href: orderUrl(order) },
    ],
  });
}

async function orderMail(db: Db, order: Order) {
  return {
    to: order.email,
    firstName: withoutLinks(order.billing.firstName),
    orderUrl: orderUrl(order),
    summary: await summaryBlocks(db, order),
  };
}

/** The one reminder before an unpaid bank-transfer order is cancelled (the expiry job claims it first). */
export async function sendPaymentReminderMail(
  db: Db,
  order: Order & { payBy: Date },
  bank: BankTransferDetails,
): Promise<void> {
  await sendMail(
    db,
    paymentReminderEmail({ ...paymentDue(order, bank), notice: payByNotice(order.payBy) }, await orderMail(db, order)),
  );
}

/** Tells the customer their unpaid bank-transfer order was cancelled at its deadline. */
export async function sendHoldExpiredMail(db: Db, order: Order & { payBy: Date }): Promise<void> {
  await sendMail(
    db,
    holdExpiredEmail(
      { orderNumber: order.number, amount: plain(order.totalCents), payBy: formatPayBy(order.payBy) },
      await orderMail(db, order),
    ),
  );
}

export type StaffUpdate =
  | { kind: "dispatched"; trackingNote: string }
  | { kind: "completed" }
  | { kind: "cancelled"; note: string }
  | { kind: "refunded"; amountCents: number; reason: string; full: boolean };

function staffUpdateContent(
  order: Order,
  update: StaffUpdate,
): { kind: string; subject: string; heading: string; text: string[] } {
  switch (update.kind) {
    case "dispatched":
      return {
        kind: "order-dispatched",
        subject: `Order ${order.number} is on its way`,
        heading: "Your order is on its way",
        text: [
          "Your order has left our workshop. Our delivery team will phone you before they arrive.",
          ...(update.trackingNote ? [`Delivery details: ${update.trackingNote}`] : []),
        ],
      };
    case "completed":
      return {
        kind: "order-completed",
        subject: `Order ${order.number} is complete`,
        heading: "Your order is complete",
        text: [
          `Your order has been delivered. We hope it feels like home. You may return it within ${PROMISES.returnDays} days of receiving it.`,
        ],
      };
    case "cancelled":
      return {
        kind: "order-cancelled",
        subject: `Order ${order.number} was cancelled`,
        heading: "Your order was cancelled",
        text: [
          "We have cancelled this order and released the items.",
          ...(update.note ? [update.note] : []),
          ...(order.paidAt
            ? ["Anything you paid for it will be refunded to you; we will e-mail you when it is."]
            : ["Nothing was taken."]),
        ],
      };
    case "refunded":
      return {
        kind: "order-refunded",
        subject: `A refund for order ${order.number}`,
        heading: update.full ? "Your order was refunded" : "Part of your order was refunded",
        text: [
          `We have refunded ${plain(update.amountCents)} to you${update.reason ? `: ${update.reason}` : "."}`,
          "It reaches your account the way you paid, usually within 5 to 10 working days.",
        ],
      };
  }
}

/** The e-mail for a change staff made that the customer should hear about. */
export async function sendStaffUpdateMail(db: Db, order: Order, update: StaffUpdate): Promise<void> {
  const mail = staffUpdateContent(order, update);
  await send(db, order, mail.kind, mail.subject, {
    preheader: mail.heading,
    heading: mail.heading,
    greeting: greeting(order),
    blocks: [
      ...mail.text.map((text) => ({ kind: "text" as const, text })),
      ...(await summaryBlocks(db, order)),
      { kind: "button", label: "View your order", href: orderUrl(order) },
    ],
  });
}

/**
 * The shop's own news of a new order, to its inbox (SITE.email, where low-stock alerts go): once
 * a shopper's order is paid, or placed to be paid by transfer (a payment to watch for). An order
 * staff move on by hand (a transfer confirmed) is news to nobody.
 */
export async function sendShopNewOrderMail(db: Db, order: Order, from: OrderStatus): Promise<void> {
  const news = from === "pending" && (order.status === "processing" || order.status === "on-hold");
  if (!news) return;
  const awaiting = order.status === "on-hold";
  const who = [order.billing.firstName, order.billing.lastName].map(withoutLinks).filter(Boolean).join(" ");
  const intro = `${who || order.email} ordered for ${plain(order.totalCents)} with ${PAYMENT_METHOD_LABELS[order.paymentMethod]}: ${
    awaiting ? "the transfer is not in yet (confirm it in the back office when it arrives)" : "paid"
  }.`;
  const adminUrl = `${serverEnv().SITE_URL}/admin/orders/${order.id}`;
  const content: EmailContent = {
    preheader: intro,
    heading: awaiting ? `New order ${order.number}, awaiting transfer` : `New order ${order.number}, paid`,
    greeting: "Hello,",
    blocks: [
      { kind: "text", text: intro },
      ...(await summaryBlocks(db, order)),
      { kind: "button", label: "Open the order", href: adminUrl },
    ],
  };
  await sendMail(db, {
    kind: SHOP_NEW_ORDER_KIND,
    to: SITE.email,
    subject: `New order ${order.number}: ${plain(order.totalCents)}${awaiting ? " (awaiting transfer)" : ""}`,
    text: renderText(content),
    html: renderHtml(content),
  });
}

export const SHOP_NEW_ORDER_KIND = "shop-new-order";
