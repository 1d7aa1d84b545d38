import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { clip, providerCustomer } from "@/lib/payments/customer";
import { finChoiceCall } from "@/lib/payments/finchoice/client";
import { FINCHOICE_MAX_MONTHS, FINCHOICE_MIN_MONTHS } from "@/lib/payments/finchoice/contract";
import type { PaymentOrder, PaymentProvider, ReturnUrls, StartResult } from "@/lib/payments/types";
import { log } from "@/lib/observability/log";
import { INSTALMENT_WORDS } from "@/lib/money/instalments";

export const finChoiceReturnUrl = (base: string, result: "confirmed" | "cancelled", orderId: number) =>
  `${base}/checkout/finchoice/${result}?order=${orderId}`;

/** The session request of the shop-defined contract (contract.ts, step 1). */
export function finChoiceSessionBody(order: PaymentOrder, urls: ReturnUrls) {
  return {
    merchant_reference: String(order.id),
    order_number: order.number,
    amount: order.totalCents,
    currency: "ZAR",
    min_term_months: FINCHOICE_MIN_MONTHS,
    max_term_months: FINCHOICE_MAX_MONTHS,
    customer: providerCustomer(order, "FinChoice"),
    items: order.lines.map((l) => ({
      merchant_reference: l.sku || clip(l.name, 50),
      quantity: l.quantity,
      description: clip(l.name, 200),
      unit_price: Math.round(l.unitPriceCents),
    })),
    confirmed_url: finChoiceReturnUrl(urls.base, "confirmed", order.id),
    cancelled_url: finChoiceReturnUrl(urls.base, "cancelled", order.id),
  };
}

const SessionAnswer = z.object({
  data: z.object({ session_id: z.string().min(1).max(200), redirect_to: z.url(), expires_at: z.string().optional() }),
});

export const finChoiceProvider: PaymentProvider = {
  method: "finchoice",
  label: "FinChoice",
  description: `Buy now, pay later: spread the cost over ${INSTALMENT_WORDS.term}, subject to FinChoice's credit approval.`,
  async start(order: PaymentOrder, urls: ReturnUrls): Promise<StartResult> {
    const { status, data } = await finChoiceCall("POST", "/api/v1/sessions", finChoiceSessionBody(order, urls));
    const parsed = SessionAnswer.safeParse(data);
    if (status !== 201 || !parsed.success) {
      // Not the answer itself: it may echo the customer's details.
      log.error(
        "payments",
        `FinChoice session for order ${order.id} answered ${status}${parsed.success ? "" : " in an unexpected shape"}`,
      );
      throw new ApiError(
        502,
        "gateway_error",
        "FinChoice could not start the application; please try again or choose another method",
      );
    }
    return { kind: "redirect", url: parsed.data.data.redirect_to, reference: parsed.data.data.session_id };
  },
};
