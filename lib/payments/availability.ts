import "server-only";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { PROVIDER_CREDENTIALS, serverEnv } from "@/lib/config/env";
import { PAYMENT_METHODS, type PaymentMethod } from "@/lib/payments/methods";
import { PAYMENT_METHOD_LABELS } from "@/lib/orders/types";
import {
  bankAccountFrom,
  finChoiceConfig,
  ozowConfig,
  payfastConfig,
  payJustNowConfig,
  type MethodState,
} from "@/lib/payments/config";
import { readSetting } from "@/lib/settings/store";

/**
 * Which payment methods the shop can offer, and which it does. A gateway can take money once its
 * credentials are set (the environment: they are secrets); bank transfer once staff have saved the
 * account under Settings. Without them a method goes to its local test stand-in where stand-ins
 * are allowed (development, tests, PAYMENTS_ALLOW_STANDINS=1 in production) and is not offered
 * anywhere else. Of the methods it can offer, the shop offers those staff switched on under
 * Settings (all of them until staff choose).
 */
const GATEWAY_ON_STAND_IN: Record<Exclude<PaymentMethod, "bank-transfer">, () => boolean> = {
  payfast: () => payfastConfig().standIn,
  ozow: () => ozowConfig().standIn,
  payjustnow: () => payJustNowConfig().standIn,
  finchoice: () => finChoiceConfig().standIn,
};

const and = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");

function needsOf(method: PaymentMethod): string {
  if (method === "bank-transfer") return "a bank account, saved in the back office under Settings";
  const credentials = PROVIDER_CREDENTIALS.find((p) => p.method === method)!;
  return `${and([...credentials.together, ...(credentials.needs ?? [])])} in the environment`;
}

/** Whether a method without its configuration may go to its stand-in on this server. */
export function standInsAllowed(): boolean {
  const env = serverEnv();
  return env.NODE_ENV !== "production" || env.PAYMENTS_ALLOW_STANDINS;
}

/** Every method, in the checkout's order, with whether it can take money here and is offered. */
export async function paymentMethodStates(db: Db): Promise<MethodState[]> {
  const [bank, chosen] = await Promise.all([readSetting(db, "bankAccount"), readSetting(db, "paymentMethods")]);
  const bankDemo = bankAccountFrom(bank).demo;
  const on: readonly PaymentMethod[] = chosen?.offered ?? PAYMENT_METHODS;
  const allowed = standInsAllowed();
  return PAYMENT_METHODS.map((method) => {
    const standIn = method === "bank-transfer" ? bankDemo : GATEWAY_ON_STAND_IN[method]();
    const available = !standIn || allowed;
    return {
      method,
      label: PAYMENT_METHOD_LABELS[method],
      available,
      standIn,
      offered: available && on.includes(method),
      needs: needsOf(method),
    };
  });
}

/** The methods shoppers are offered, in the checkout's order. */
export async function offeredPaymentMethods(db: Db): Promise<PaymentMethod[]> {
  return (await paymentMethodStates(db)).filter((s) => s.offered).map((s) => s.method);
}

/** Refuses a method shoppers are not offered (switched off, or without its configuration here). */
export async function requireOffered(db: Db, method: PaymentMethod): Promise<void> {
  if ((await offeredPaymentMethods(db)).includes(method)) return;
  throw new ApiError(
    422,
    "payment_method_not_offered",
    `${PAYMENT_METHOD_LABELS[method]} is not available at the moment: please choose another way to pay`,
    { field: "paymentMethod" },
  );
}
