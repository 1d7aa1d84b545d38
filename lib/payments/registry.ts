import "server-only";
import { PAYMENT_METHODS, type PaymentMethod } from "@/lib/payments/methods";
import { bankTransferProvider } from "@/lib/payments/bank-transfer";
import { finChoiceProvider } from "@/lib/payments/finchoice/provider";
import { ozowProvider } from "@/lib/payments/ozow/provider";
import { payfastProvider } from "@/lib/payments/payfast/provider";
import { payJustNowProvider } from "@/lib/payments/payjustnow/provider";
import type { PaymentProvider } from "@/lib/payments/types";

const PROVIDERS: Record<PaymentMethod, PaymentProvider> = {
  payfast: payfastProvider,
  "bank-transfer": bankTransferProvider,
  finchoice: finChoiceProvider,
  payjustnow: payJustNowProvider,
  ozow: ozowProvider,
};

/** Every method's provider, in the checkout's order. */
export const paymentProviders: readonly PaymentProvider[] = PAYMENT_METHODS.map((method) => PROVIDERS[method]);

export function providerFor(method: PaymentMethod): PaymentProvider {
  return PROVIDERS[method];
}
