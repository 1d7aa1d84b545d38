import "server-only";
import { lookup } from "node:dns/promises";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import type { OutcomeResult } from "@/lib/orders/payment-outcome";
import { parseRands } from "@/lib/payments/amounts";
import { payfastConfig, type PayfastConfig } from "@/lib/payments/config";
import { safeEqual } from "@/lib/payments/crypto";
import { gatewayFetch } from "@/lib/payments/http";
import { ipInRanges } from "@/lib/payments/ip";
import { attemptedWith } from "@/lib/orders/payment-attempts";
import { findOrder } from "@/lib/payments/orders";
import { applyOutcome } from "@/lib/payments/outcome";
import { itnParamString, itnSignature } from "@/lib/payments/payfast/signature";
import type { PaymentOutcome } from "@/lib/payments/types";
import { log } from "@/lib/observability/log";

/** PayFast's payment_status -> what it means for the order (WooCommerce's mapping). */
export const PAYFAST_STATUS_OUTCOME: Record<string, PaymentOutcome> = {
  COMPLETE: "paid",
  FAILED: "failed",
  PENDING: "on-hold",
  CANCELLED: "cancelled",
};

const REQUIRED = [
  "m_payment_id",
  "pf_payment_id",
  "payment_status",
  "amount_gross",
  "merchant_id",
  "signature",
] as const;

const refuse = (code: string, message: string) => new ApiError(400, code, message);

/** The body's pairs in the order received (the signature depends on it). */
export function parseItn(rawBody: string): Array<[string, string]> {
  const pairs = [...new URLSearchParams(rawBody).entries()];
  const keys = new Set(pairs.map(([k]) => k));
  const missing = REQUIRED.filter((k) => !keys.has(k));
  if (missing.length > 0) throw refuse("invalid_itn", `Not an ITN: ${missing.join(", ")} missing`);
  return pairs;
}

/* Addresses of PayFast's host names, kept for a few minutes so a burst of ITNs costs one lookup. */
const HOSTS_KEY = Symbol.for("kaya.payfast.hosts");
type HostCache = { at: number; ips: string[] };
const g = globalThis as typeof globalThis & { [HOSTS_KEY]?: Map<string, HostCache> };

async function resolveHosts(hosts: string[]): Promise<string[]> {
  const cache = (g[HOSTS_KEY] ??= new Map());
  const out: string[] = [];
  for (const host of hosts) {
    const hit = cache.get(host);
    if (hit && Date.now() - hit.at < 5 * 60_000) {
      out.push(...hit.ips);
      continue;
    }
    try {
      const ips = (await lookup(host, { all: true })).map((a) => a.address);
      cache.set(host, { at: Date.now(), ips });
      out.push(...ips);
    } catch {
      // A host that does not resolve adds nothing; the configured ranges still apply.
    }
  }
  return out;
}

export async function itnSourceAllowed(ip: string, config: PayfastConfig = payfastConfig()): Promise<boolean> {
  if (ipInRanges(ip, config.validIps)) return true;
  return config.validHosts.length > 0 && ipInRanges(ip, await resolveHosts(config.validHosts));
}

/** Step 5: PayFast itself confirms it sent this ITN. */
async function confirmWithPayfast(config: PayfastConfig, paramString: string): Promise<boolean> {
  const response = await gatewayFetch("PayFast validation", config.validateUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: paramString,
  });
  if (!response.ok) throw new ApiError(502, "gateway_error", `PayFast validation answered ${response.status}`);
  return (await response.text()).trim() === "VALID";
}

export type ItnVerdict = { outcome: PaymentOutcome | null; result: OutcomeResult | null };

/**
 * An Instant Transaction Notification, checked as PayFast's SDK and WooCommerce check it:
 * signature over the received pairs, source address, merchant,
 * order key and amount, then PayFast's own confirmation. Only then does it touch the order,
 * once per pf_payment_id and status. Throws a 400 ApiError for an ITN that fails a check.
 */
export async function handlePayfastItn(db: Db, rawBody: string, sourceIp: string): Promise<ItnVerdict> {
  const config = payfastConfig();
  const pairs = parseItn(rawBody);
  const field = (k: string) => pairs.find(([key]) => key === k)?.[1] ?? "";

  if (!safeEqual(itnSignature(pairs, config.passphrase), field("signature").toLowerCase())) {
    throw refuse("invalid_signature", "The ITN signature does not match");
  }
  if (!(await itnSourceAllowed(sourceIp, config))) {
    log.warn("payments", `PayFast ITN from ${sourceIp}, which is not an allowed source`);
    throw refuse("invalid_source", "The ITN did not come from PayFast");
  }
  if (field("merchant_id") !== config.merchantId) throw refuse("merchant_mismatch", "The ITN is for another merchant");

  const order = /^\d{1,10}$/.test(field("m_payment_id")) ? await findOrder(db, Number(field("m_payment_id"))) : null;
  if (!order || !(await attemptedWith(db, order, "payfast")))
    throw refuse("unknown_order", "The ITN names no PayFast order of this shop");
  if (!safeEqual(field("custom_str1"), order.orderKey))
    throw refuse("order_key_mismatch", "The ITN's order key does not match the order");

  const gross = parseRands(field("amount_gross"));
  // PayFast's epsilon (0.01): within it, the payment covers the order.
  if (gross === null || Math.abs(gross - order.totalCents) > 1) {
    throw refuse("amount_mismatch", `The ITN amount ${field("amount_gross")} is not the order total`);
  }

  if (!(await confirmWithPayfast(config, itnParamString(pairs)))) {
    throw refuse("not_confirmed", "PayFast did not confirm the ITN");
  }

  const outcome = PAYFAST_STATUS_OUTCOME[field("payment_status").toUpperCase()] ?? null;
  if (!outcome) {
    log.warn("payments", `PayFast ITN for order ${order.id} with status ${field("payment_status")}: nothing to do`);
    return { outcome: null, result: null };
  }
  const result = await applyOutcome(db, {
    orderId: order.id,
    provider: "payfast",
    providerReference: field("pf_payment_id"),
    outcome,
    amountCents: outcome === "paid" ? order.totalCents : gross,
    payload: Object.fromEntries(pairs.filter(([k]) => k !== "signature")),
  });
  if (!result.applied && result.reason === "amount_mismatch")
    throw refuse("amount_mismatch", "The ITN amount is not the order total");
  return { outcome, result };
}
