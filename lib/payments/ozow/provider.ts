import "server-only";
import { ozowConfig } from "@/lib/payments/config";
import { rands } from "@/lib/payments/amounts";
import { clip } from "@/lib/payments/customer";
import { toE164Phone } from "@/lib/forms/phone";
import { OZOW_REQUEST_FIELDS, ozowRequestHash } from "@/lib/payments/ozow/hash";
import type { PaymentOrder, PaymentProvider, ReturnUrls, StartResult } from "@/lib/payments/types";

export const OZOW_NOTIFY_PATH = "/api/payments/ozow/notify";
export const OZOW_RETURN_PATH = "/api/payments/ozow/return";

/**
 * Where Ozow sends the shopper back. Ozow may post its response variables there, which a page
 * cannot take, so a small handler receives them and redirects to the order page.
 */
export function ozowReturnUrl(order: Pick<PaymentOrder, "id" | "orderKey">, base: string): string {
  return `${base}${OZOW_RETURN_PATH}?order=${order.id}&key=${encodeURIComponent(order.orderKey)}`;
}

/** The payment request's fields in hash order, before HashCheck. */
export function ozowFields(order: PaymentOrder, urls: ReturnUrls): Record<string, string> {
  const config = ozowConfig();
  const back = ozowReturnUrl(order, urls.base);
  return {
    SiteCode: config.siteCode,
    CountryCode: "ZA",
    CurrencyCode: "ZAR",
    Amount: rands(order.totalCents),
    TransactionReference: String(order.id),
    // Letters, digits, spaces and dashes only, at most 20.
    BankReference: order.number.replace(/[^A-Za-z0-9 -]/g, "").slice(0, 20),
    Optional1: clip(order.number, 50),
    Customer: clip(`${order.billing.firstName} ${order.billing.lastName}`, 100),
    CancelUrl: back,
    ErrorUrl: back,
    SuccessUrl: back,
    NotifyUrl: `${urls.base}${OZOW_NOTIFY_PATH}`,
    IsTest: config.isTest ? "true" : "false",
  };
}

export const ozowProvider: PaymentProvider = {
  method: "ozow",
  label: "Ozow",
  description: "Instant EFT: pay straight from your bank account by signing in to your own bank, with no card needed.",
  async start(order: PaymentOrder, urls: ReturnUrls): Promise<StartResult> {
    const config = ozowConfig();
    const fields = ozowFields(order, urls);
    const form: Array<[string, string]> = OZOW_REQUEST_FIELDS.filter((k) => fields[k] !== undefined).map((k) => [
      k,
      fields[k]!,
    ]);
    form.push(["HashCheck", ozowRequestHash(fields, config.privateKey)]);
    // Sent after the hash and outside it, as Ozow's plugin does.
    const mobile = toE164Phone(order.phone);
    if (mobile) form.push(["CustomerCellphoneNumber", `0${mobile.slice(3)}`]);
    return { kind: "form", action: config.payUrl, fields: form };
  },
};
