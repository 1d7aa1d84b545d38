import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import type { OutcomeResult } from "@/lib/orders/payment-outcome";
import { parseRands } from "@/lib/payments/amounts";
import { ozowConfig, type OzowConfig } from "@/lib/payments/config";
import { safeEqual } from "@/lib/payments/crypto";
import { gatewayFetch, readJson } from "@/lib/payments/http";
import { attemptedWith } from "@/lib/orders/payment-attempts";
import { findOrder } from "@/lib/payments/orders";
import { applyOutcome } from "@/lib/payments/outcome";
import { ozowResponseHash } from "@/lib/payments/ozow/hash";
import type { PaymentOutcome } from "@/lib/payments/types";
import { log } from "@/lib/observability/log";

const refuse = (code: string, message: string) => new ApiError(400, code, message);

type Fields = Record<string, string>;

/** What Ozow's GetTransaction says about one transaction (the fields the check compares). */
export type OzowTransaction = { transactionReference: string; amountCents: number | null; status: string };

export async function getOzowTransaction(
  config: OzowConfig,
  transactionId: string,
  isTest: string,
): Promise<OzowTransaction | null> {
  const url = new URL(`${config.apiUrl}/GetTransaction`);
  url.searchParams.set("siteCode", config.siteCode);
  url.searchParams.set("transactionId", transactionId);
  url.searchParams.set("isTest", isTest);
  const response = await gatewayFetch("Ozow GetTransaction", url.toString(), {
    headers: { Accept: "application/json", ApiKey: config.apiKey },
  });
  if (!response.ok) return null;
  const body = await readJson(response);
  const tx = (Array.isArray(body) ? body[0] : body) as Record<string, unknown> | null | undefined;
  if (!tx || typeof tx !== "object") return null;
  return {
    transactionReference: String(tx.transactionReference ?? ""),
    amountCents:
      parseRands(String(tx.amount ?? "")) ?? (typeof tx.amount === "number" ? Math.round(tx.amount * 100) : null),
    status: String(tx.status ?? ""),
  };
}

export type OzowVerdict = { outcome: PaymentOutcome; result: OutcomeResult };

/**
 * Ozow's notification, handled as Ozow's own plugin does: the Hash
 * must match, and so must the site, order and amount; Cancelled and Error fail the order, a
 * Complete is confirmed by GetTransaction (amount, status and reference) and then pays it unless
 * it was a test payment; every other status leaves the order on hold for staff. Duplicates
 * change nothing.
 */
export async function handleOzowNotification(db: Db, fields: Fields): Promise<OzowVerdict> {
  const config = ozowConfig();
  for (const k of ["SiteCode", "TransactionId", "TransactionReference", "Amount", "Status", "Hash"]) {
    if (!fields[k]) throw refuse("invalid_notification", `Not an Ozow notification: ${k} missing`);
  }
  if (!safeEqual(ozowResponseHash(fields, config.privateKey), fields.Hash!.toLowerCase())) {
    throw refuse("invalid_signature", "The notification hash does not match");
  }
  if (fields.SiteCode !== config.siteCode) throw refuse("merchant_mismatch", "The notification is for another site");
  const order = /^\d{1,10}$/.test(fields.TransactionReference!)
    ? await findOrder(db, Number(fields.TransactionReference))
    : null;
  if (!order || !(await attemptedWith(db, order, "ozow")))
    throw refuse("unknown_order", "The notification names no Ozow order of this shop");
  const amount = parseRands(fields.Amount!);
  if (amount !== order.totalCents)
    throw refuse("amount_mismatch", `The notification amount ${fields.Amount} is not the order total`);

  const status = fields.Status!;
  const isTest = fields.IsTest || "false";
  let outcome: PaymentOutcome;
  let note = "";
  switch (status.toLowerCase()) {
    case "cancelled":
      outcome = "cancelled";
      break;
    case "error":
      outcome = "failed";
      break;
    case "complete": {
      const tx = await getOzowTransaction(config, fields.TransactionId!, isTest);
      if (!tx) throw new ApiError(502, "gateway_error", "Ozow GetTransaction gave no answer");
      if (
        tx.amountCents !== amount ||
        tx.status !== status ||
        tx.transactionReference !== fields.TransactionReference
      ) {
        outcome = "on-hold";
        note = `GetTransaction disagrees: ${JSON.stringify(tx)}`;
      } else if (isTest.toLowerCase() === "true") {
        outcome = "on-hold";
        note = "A test payment: Ozow's test mode moves no money";
      } else {
        outcome = "paid";
      }
      break;
    }
    default:
      outcome = "on-hold";
      note = `Ozow status ${status}`;
  }
  if (note) log.warn("payments", `Ozow transaction ${fields.TransactionId} for order ${order.id}: ${note}`);
  const payload: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([k]) => k !== "Hash"));
  const result = await applyOutcome(db, {
    orderId: order.id,
    provider: "ozow",
    providerReference: fields.TransactionId!,
    outcome,
    amountCents: amount,
    payload: note ? { ...payload, note } : payload,
  });
  return { outcome, result };
}
