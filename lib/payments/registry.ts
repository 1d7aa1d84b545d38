import "server-only";
import type { PaymentMethod } from "@/lib/db/schema";
import { bankTransferProvider } from "@/lib/payments/bank-transfer";
import { finChoiceProvider } from "@/lib/payments/finchoice/provider";
import { ozowProvider } from "@/lib/payments/ozow/provider";
import { payfastProvider } from "@/lib/payments/payfast/provider";
import { payJustNowProvider } from "@/lib/payments/payjustnow/provider";
import type { PaymentProvider } from "@/lib/payments/types";

/** The five methods in the order the checkout shows them (SPEC section 1). */
export const paymentProviders: readonly PaymentProvider[] = [payfastProvider, bankTransferProvider, finChoiceProvider, payJustNowProvider, ozowProvider];

export const PAYMENT_METHODS = paymentProviders.map((p) => p.method) as readonly PaymentMethod[];

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

export function providerFor(method: PaymentMethod): PaymentProvider {
  const provider = paymentProviders.find((p) => p.method === method);
  if (!provider) throw new Error(`No payment provider for ${method}`);
  return provider;
}
