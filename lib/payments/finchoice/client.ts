import "server-only";
import { ApiError } from "@/lib/api/errors";
import { finChoiceConfig, type FinChoiceConfig } from "@/lib/payments/config";
import { safeEqual } from "@/lib/payments/crypto";
import { answerSignature, freshTimestamp, requestSignature } from "@/lib/payments/finchoice/contract";
import { gatewayFetch } from "@/lib/payments/http";
import { log } from "@/lib/observability/log";

/** One signed call to FinChoice (contract.ts); the answer is believed only with a valid signature. */
export async function finChoiceCall(
  method: "GET" | "POST",
  path: string,
  body: unknown,
  config: FinChoiceConfig = finChoiceConfig(),
): Promise<{ status: number; data: unknown }> {
  const url = new URL(`${config.baseUrl}${path}`);
  const text = body === undefined ? "" : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await gatewayFetch("FinChoice", url.toString(), {
    method,
    headers: {
      Accept: "application/json",
      ...(text ? { "Content-Type": "application/json" } : {}),
      "X-Merchant-Id": config.merchantId,
      "X-Timestamp": timestamp,
      "X-Signature": requestSignature(config.secret, timestamp, method, url.pathname, text),
    },
    body: text || undefined,
  });
  const answer = await response.text();
  const at = response.headers.get("x-timestamp") ?? "";
  const signature = response.headers.get("x-signature") ?? "";
  if (!freshTimestamp(at) || !safeEqual(answerSignature(config.secret, at, answer), signature.toLowerCase())) {
    log.error("payments", `FinChoice ${method} ${url.pathname} answered ${response.status} without a valid signature`);
    throw new ApiError(502, "gateway_error", "FinChoice's answer could not be verified");
  }
  let data: unknown = null;
  try {
    data = answer ? JSON.parse(answer) : null;
  } catch {
    throw new ApiError(502, "gateway_error", "FinChoice's answer is not JSON");
  }
  return { status: response.status, data };
}
