import { renderHtml, renderText, type EmailBlock, type EmailContent } from "@/lib/mail/templates/layout";
import type { Message } from "@/lib/mail/mail";

export const PAYMENT_REMINDER_KIND = "order-payment-reminder";
export const HOLD_EXPIRED_KIND = "order-hold-expired";

/** What a customer needs to pay a bank-transfer order, already written out for reading. */
export type PaymentDue = {
  orderNumber: string;
  /** "R 12 999,00" */
  amount: string;
  /** The deadline sentence: "Please pay by Friday, 14 March 2025, or the order is cancelled." */
  notice: string | null;
  bank: { accountName: string; bankName: string; accountNumber: string; branchCode: string };
};

/** The account to pay into, the reference and the deadline: in the order e-mail and the reminder. */
export function bankTransferBlocks(due: PaymentDue): EmailBlock[] {
  const b = due.bank;
  return [
    {
      kind: "text",
      text: "Please pay by EFT into our account below, using your order number as the reference. We start making your order as soon as the money reaches us.",
    },
    { kind: "code", label: "Payment reference", code: due.orderNumber },
    {
      kind: "text",
      text: `Account name: ${b.accountName}\nBank: ${b.bankName}\nAccount number: ${b.accountNumber}\nBranch code: ${b.branchCode}\nAmount: ${due.amount}`,
    },
    ...(due.notice ? [{ kind: "text", text: due.notice } as const] : []),
  ];
}

type OrderMail = { to: string; firstName: string; orderUrl: string; summary: EmailBlock[] };

function message(kind: string, to: string, subject: string, content: EmailContent): Message {
  return { kind, to, subject, text: renderText(content), html: renderHtml(content) };
}

/** Sent once, a while before an unpaid bank-transfer order is cancelled. */
export function paymentReminderEmail(due: PaymentDue & { notice: string }, mail: OrderMail): Message {
  return message(PAYMENT_REMINDER_KIND, mail.to, `Reminder: order ${due.orderNumber} is waiting for your payment`, {
    preheader: due.notice,
    heading: "Your order is still waiting for payment",
    greeting: `Hi ${mail.firstName.trim() || "there"},`,
    blocks: [
      {
        kind: "text",
        text: `We have not received your payment of ${due.amount} for order ${due.orderNumber} yet, and we are holding its items for you until then.`,
      },
      ...bankTransferBlocks(due),
      {
        kind: "small",
        text: "Already paid? Thank you: a transfer can take a day or two to reach us, and we will let you know when it has.",
      },
      ...mail.summary,
      { kind: "button", label: "View your order", href: mail.orderUrl },
    ],
  });
}

/** Sent once, when an unpaid bank-transfer order is cancelled at its deadline. */
export function holdExpiredEmail(
  due: Pick<PaymentDue, "orderNumber" | "amount"> & { payBy: string },
  mail: OrderMail,
): Message {
  return message(HOLD_EXPIRED_KIND, mail.to, `Order ${due.orderNumber} was cancelled`, {
    preheader: `We did not receive payment by ${due.payBy}`,
    heading: "Your order was cancelled",
    greeting: `Hi ${mail.firstName.trim() || "there"},`,
    blocks: [
      {
        kind: "text",
        text: `We did not receive your payment of ${due.amount} for order ${due.orderNumber} by ${due.payBy}, so we have cancelled the order and released its items.`,
      },
      {
        kind: "text",
        text: "If you have paid in the meantime, reply to this e-mail and we will either restore your order or refund you in full. You are welcome to order again at any time.",
      },
      ...mail.summary,
      { kind: "button", label: "View your order", href: mail.orderUrl },
    ],
  });
}
