import "server-only";
import { payfastConfig } from "@/lib/payments/config";
import { SITE } from "@/lib/config/site";
import { rands } from "@/lib/payments/amounts";
import { clip, nationalMobile } from "@/lib/payments/customer";
import { signedCheckoutForm } from "@/lib/payments/payfast/signature";
import { payfastCancelUrl } from "@/lib/payments/payfast/cancel";
import type { PaymentOrder, PaymentProvider, ReturnUrls, StartResult } from "@/lib/payments/types";

export const PAYFAST_NOTIFY_PATH = "/api/payments/payfast/notify";

/** The checkout form's fields, before signing. */
export function payfastFields(order: PaymentOrder, urls: ReturnUrls): Record<string, string> {
  const config = payfastConfig();
  const items = order.lines.map((l) => (l.quantity > 1 ? `${l.quantity} x ${l.name}` : l.name)).join(", ");
  return {
    merchant_id: config.merchantId,
    merchant_key: config.merchantKey,
    // The order page checks the status itself; a return is never taken as proof of payment.
    return_url: urls.orderPage,
    // A cancel marks only this attempt cancelled (PayFast sends no notification for it).
    cancel_url: urls.attempt ? payfastCancelUrl(urls.base, order, urls.attempt) : urls.orderPage,
    notify_url: `${urls.base}${PAYFAST_NOTIFY_PATH}`,
    name_first: clip(order.billing.firstName, 100),
    name_last: clip(order.billing.lastName, 100),
    email_address: clip(order.email, 100),
    cell_number: nationalMobile(order.phone) ?? "",
    m_payment_id: String(order.id),
    amount: rands(order.totalCents),
    item_name: clip(`${SITE.name} order ${order.number}`, 100),
    item_description: clip(items, 255),
    custom_str1: order.orderKey,
    custom_str2: order.number,
    ...(urls.attempt ? { custom_str3: urls.attempt } : {}),
  };
}

export const payfastProvider: PaymentProvider = {
  method: "payfast",
  label: "PayFast",
  description: "Pay by card, instant EFT or Mobicred on PayFast's secure page; you come straight back to your order.",
  async start(order: PaymentOrder, urls: ReturnUrls): Promise<StartResult> {
    const config = payfastConfig();
    return {
      kind: "form",
      action: config.processUrl,
      fields: signedCheckoutForm(payfastFields(order, urls), config.passphrase),
    };
  },
};
