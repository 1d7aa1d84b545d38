import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import type { Order } from "@/lib/db/schema";
import type { OutcomeResult } from "@/lib/orders/payment-outcome";
import { finChoiceConfig } from "@/lib/payments/config";
import { finChoiceCall } from "@/lib/payments/finchoice/client";
import {
  FINCHOICE_STATUSES,
  verifyReturnToken,
  type FinChoiceReturn,
  type FinChoiceStatus,
} from "@/lib/payments/finchoice/contract";
import { findOrder } from "@/lib/payments/orders";
import { attemptedWith, knownAttemptReference } from "@/lib/orders/payment-attempts";
import { applyOutcome } from "@/lib/payments/outcome";
import type { PaymentOutcome } from "@/lib/payments/types";

export const FINCHOICE_STATUS_OUTCOME: Record<FinChoiceStatus, PaymentOutcome> = {
  APPROVED: "paid",
  PENDING: "on-hold",
  DECLINED: "failed",
  CANCELLED: "cancelled",
  EXPIRED: "cancelled",
};

const SessionStatus = z.object({
  data: z.object({
    session_id: z.string(),
    merchant_reference: z.string(),
    amount: z.number().int(),
    status: z.enum(FINCHOICE_STATUSES as [FinChoiceStatus, ...FinChoiceStatus[]]),
    term_months: z.number().int().nullable().optional(),
  }),
});

export type FinChoiceReturnInput = { result: FinChoiceReturn; order: string; sessionId: string; token: string };
export type FinChoiceVerdict = { order: Order; outcome: PaymentOutcome; result: OutcomeResult };

/**
 * A return from FinChoice (contract.ts, steps 3-4). The signed token must match, the session
 * must be the one started for this order, and then FinChoice's own status call, not the
 * return, decides what happens to the order.
 */
export async function handleFinChoiceReturn(db: Db, input: FinChoiceReturnInput): Promise<FinChoiceVerdict> {
  const config = finChoiceConfig();
  if (!/^\d{1,10}$/.test(input.order) || !input.sessionId || input.sessionId.length > 200) {
    throw new ApiError(400, "invalid_return", "The return is missing its order or session");
  }
  if (!verifyReturnToken(config.secret, input.order, input.sessionId, input.result, input.token)) {
    throw new ApiError(403, "invalid_token", "The return's token is not valid");
  }
  const order = await findOrder(db, Number(input.order));
  if (!order || !(await attemptedWith(db, order, "finchoice")))
    throw new ApiError(404, "unknown_order", "No FinChoice order has this reference");
  if (!(await knownAttemptReference(db, order, "finchoice", input.sessionId))) {
    throw new ApiError(403, "session_mismatch", "The session does not belong to this order");
  }

  const { status, data } = await finChoiceCall(
    "GET",
    `/api/v1/sessions/${encodeURIComponent(input.sessionId)}`,
    undefined,
    config,
  );
  const parsed = SessionStatus.safeParse(data);
  if (status !== 200 || !parsed.success)
    throw new ApiError(502, "gateway_error", "FinChoice did not say how the application went");
  const session = parsed.data.data;
  if (session.session_id !== input.sessionId || session.merchant_reference !== String(order.id)) {
    throw new ApiError(502, "gateway_error", "FinChoice answered about another application");
  }
  if (session.amount !== order.totalCents)
    throw new ApiError(400, "amount_mismatch", "FinChoice approved another amount than the order total");

  const outcome = FINCHOICE_STATUS_OUTCOME[session.status];
  const result = await applyOutcome(db, {
    orderId: order.id,
    provider: "finchoice",
    providerReference: input.sessionId,
    outcome,
    amountCents: session.amount,
    payload: { ...session, via: input.result },
  });
  return { order: result.order ?? order, outcome, result };
}
