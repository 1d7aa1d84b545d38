import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { payJustNowConfig, type PayJustNowConfig } from "@/lib/payments/config";
import { clip, providerCustomer } from "@/lib/payments/customer";
import { gatewayFetch, readJson } from "@/lib/payments/http";
import type { PaymentOrder, PaymentProvider, ReturnUrls, StartResult } from "@/lib/payments/types";
import { log } from "@/lib/observability/log";
import { INSTALMENT_WORDS, INTEREST_FREE_PAYMENTS } from "@/lib/money/instalments";

/*
 * PayJustNow's merchant API: a JSON checkout with HTTP Basic, then the
 * shopper pays on PayJustNow's page and PayJustNow calls our callback URL, which carries a
 * per-order secret slug (nothing is signed).
 */

export const payJustNowCallbackPath = (result: "confirmed" | "cancelled", slug: string) =>
  `/checkout/payjustnow/${result}/${encodeURIComponent(slug)}`;

export const basicAuth = (config: Pick<PayJustNowConfig, "merchantId" | "apiKey">) =>
  `Basic ${Buffer.from(`${config.merchantId}:${config.apiKey}`).toString("base64")}`;

export type PayJustNowCheckout = {
  customer: {
    first_name: string;
    last_name: string;
    email: string;
    mobile_number: string;
    address: { address_line_1: string; address_line_2?: string; city: string; province: string; postal_code: string };
  };
  order: {
    amount: number;
    merchant_reference: string;
    success_callback_url: string;
    fail_callback_url: string;
    items: Array<{ merchant_reference: string; quantity: number; description: string; unit_price: number }>;
  };
};

/** The checkout body: integer cents, an E.164 mobile, the province's full name. */
export function payJustNowCheckoutBody(order: PaymentOrder, urls: ReturnUrls): PayJustNowCheckout {
  return {
    customer: providerCustomer(order, "PayJustNow"),
    order: {
      amount: order.totalCents,
      merchant_reference: String(order.id),
      success_callback_url: `${urls.base}${payJustNowCallbackPath("confirmed", order.paymentSecret)}`,
      fail_callback_url: `${urls.base}${payJustNowCallbackPath("cancelled", order.paymentSecret)}`,
      items: order.lines.map((l) => ({
        merchant_reference: l.sku || clip(l.name, 50),
        quantity: l.quantity,
        description: clip(l.name, 200),
        unit_price: Math.round(l.unitPriceCents),
      })),
    },
  };
}

const CheckoutAnswer = z.object({
  data: z.object({ token: z.string().min(1), redirect_to: z.url(), expires_at: z.string().optional() }),
});

export const payJustNowProvider: PaymentProvider = {
  method: "payjustnow",
  label: "PayJustNow",
  description: `Pay in ${INTEREST_FREE_PAYMENTS} interest-free instalments: the first today, the rest over the next ${INSTALMENT_WORDS.interestFreeLater} months.`,
  async start(order: PaymentOrder, urls: ReturnUrls): Promise<StartResult> {
    const config = payJustNowConfig();
    const response = await gatewayFetch("PayJustNow", `${config.baseUrl}/api/v1/merchant/checkout`, {
      method: "POST",
      headers: { Authorization: basicAuth(config), "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payJustNowCheckoutBody(order, urls)),
    });
    const body = await readJson(response);
    const parsed = CheckoutAnswer.safeParse(body);
    if (!response.ok || !parsed.success) {
      // Not the answer itself: it may echo the customer's details.
      log.error(
        "payments",
        `PayJustNow checkout for order ${order.id} answered ${response.status}${parsed.success ? "" : " in an unexpected shape"}`,
      );
      throw new ApiError(
        502,
        "gateway_error",
        "PayJustNow could not start the payment; please try again or choose another method",
      );
    }
    return { kind: "redirect", url: parsed.data.data.redirect_to, reference: parsed.data.data.token };
  },
};
