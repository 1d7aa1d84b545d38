import type { Address } from "@/lib/db/schema";
import type { PaymentMethod } from "@/lib/payments/methods";

/** What a provider needs to know about an order to take payment for it. */
export type PaymentOrder = {
  id: number;
  number: string;
  orderKey: string;
  /** Per-order secret for callbacks that carry no signature (PayJustNow's slug). */
  paymentSecret: string;
  totalCents: number;
  email: string;
  phone: string;
  billing: Address;
  shipping: Address;
  lines: Array<{ name: string; sku: string; quantity: number; unitPriceCents: number }>;
};

/** What the browser must do next to pay (POST /api/checkout answers with one of these). */
export type PaymentStart =
  /** A signed form the browser posts to the gateway (PayFast, Ozow). */
  | { kind: "form"; action: string; fields: Array<[string, string]> }
  /** A page to go to (PayJustNow's redirect_to, FinChoice's session). */
  | { kind: "redirect"; url: string }
  /** Nothing to pay online: show the order (bank transfer). */
  | { kind: "order-page" };

export type StartResult = PaymentStart & {
  /** Stored on the order: the provider's token or transaction reference for this payment. */
  reference?: string;
};

/** Absolute URLs the provider sends the shopper and its notifications back to. */
export type ReturnUrls = {
  /** The shop's public base URL, e.g. https://kaya-living.co.za */
  base: string;
  /** The order page with its key: where a shopper lands after paying or cancelling. */
  orderPage: string;
  /** The shop's name for this payment attempt (an order may be tried more than once). */
  attempt?: string;
};

export interface PaymentProvider {
  readonly method: PaymentMethod;
  readonly label: string;
  /** One sentence for the checkout page. */
  readonly description: string;
  start(order: PaymentOrder, urls: ReturnUrls): Promise<StartResult>;
}

/** What a verified provider message means for an order (lib/orders/payment-outcome.ts acts on it). */
export type PaymentOutcome = "paid" | "failed" | "cancelled" | "on-hold";
