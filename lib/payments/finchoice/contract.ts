import { hmacSha256Hex, safeEqual } from "@/lib/payments/crypto";

/*
 * FinChoice instalments: a SHOP-DEFINED contract. FinChoice publishes no merchant API or redirect
 * protocol (in public material its instalments are sold through PayJustNow), so this is our own,
 * modelled on PayJustNow's, for the stand-in and for a future integration. Confirm the real
 * protocol with FinChoice before going live and adapt this file.
 *
 * Every request from the shop and every answer from FinChoice is signed with the shared
 * FINCHOICE_SECRET:
 *   X-Merchant-Id: <merchant id>            (requests)
 *   X-Timestamp:   <unix seconds>           (requests and answers; refused when > 5 min off)
 *   X-Signature:   hex HMAC-SHA256(secret, "<timestamp>\n<METHOD>\n<path>\n<body>")   request
 *                  hex HMAC-SHA256(secret, "<timestamp>\n<body>")                      answer
 *
 * 1. POST {base}/api/v1/sessions  (JSON)
 *      { merchant_reference: "<order id>", order_number, amount: <cents>, currency: "ZAR",
 *        min_term_months: 3, max_term_months: 12, customer: { first_name, last_name, email,
 *        mobile_number (E.164), address: { address_line_1, address_line_2?, city, province,
 *        postal_code } }, items: [{ merchant_reference, quantity, description, unit_price }],
 *        confirmed_url, cancelled_url }
 *    -> 201 { data: { session_id, redirect_to, expires_at } }
 * 2. The shopper is redirected to redirect_to, chooses a term from min_term_months to max_term_months and applies.
 * 3. FinChoice sends the shopper (and, server to server with Accept: application/json, itself)
 *    to confirmed_url or cancelled_url with three query parameters appended:
 *      order=<merchant_reference>&session_id=<id>&token=<hex HMAC-SHA256(secret,
 *      "return\n<merchant_reference>\n<session_id>\n<confirmed|cancelled>")>
 *    A return proves nothing by itself: the shop checks the token, then asks (4).
 * 4. GET {base}/api/v1/sessions/{session_id}
 *    -> 200 { data: { session_id, merchant_reference, amount, currency, term_months,
 *                     status: APPROVED | PENDING | DECLINED | CANCELLED | EXPIRED } }
 *    APPROVED pays the order; PENDING (credit check) holds it; DECLINED fails it; CANCELLED and
 *    EXPIRED cancel it.
 */

export const FINCHOICE_MIN_MONTHS = 3;
export const FINCHOICE_MAX_MONTHS = 12;
export const FINCHOICE_CLOCK_SKEW_SECONDS = 300;

export type FinChoiceStatus = "APPROVED" | "PENDING" | "DECLINED" | "CANCELLED" | "EXPIRED";
export const FINCHOICE_STATUSES: FinChoiceStatus[] = ["APPROVED", "PENDING", "DECLINED", "CANCELLED", "EXPIRED"];
export type FinChoiceReturn = "confirmed" | "cancelled";

export const requestSignature = (secret: string, timestamp: string, method: string, path: string, body: string) =>
  hmacSha256Hex(secret, `${timestamp}\n${method.toUpperCase()}\n${path}\n${body}`);

export const answerSignature = (secret: string, timestamp: string, body: string) =>
  hmacSha256Hex(secret, `${timestamp}\n${body}`);

export const returnToken = (secret: string, merchantReference: string, sessionId: string, result: FinChoiceReturn) =>
  hmacSha256Hex(secret, `return\n${merchantReference}\n${sessionId}\n${result}`);

export function freshTimestamp(timestamp: string, now = Date.now()): boolean {
  return /^\d{1,12}$/.test(timestamp) && Math.abs(now / 1000 - Number(timestamp)) <= FINCHOICE_CLOCK_SKEW_SECONDS;
}

export function verifyReturnToken(
  secret: string,
  merchantReference: string,
  sessionId: string,
  result: FinChoiceReturn,
  token: string,
): boolean {
  return Boolean(token) && safeEqual(returnToken(secret, merchantReference, sessionId, result), token.toLowerCase());
}

/** The three parameters FinChoice appends to a return URL. */
export function returnQuery(
  secret: string,
  merchantReference: string,
  sessionId: string,
  result: FinChoiceReturn,
): URLSearchParams {
  return new URLSearchParams({
    order: merchantReference,
    session_id: sessionId,
    token: returnToken(secret, merchantReference, sessionId, result),
  });
}

/** Adds query parameters to a URL that may already have some (replacing those of the same name). */
export function withQuery(url: string, params: URLSearchParams): string {
  const u = new URL(url);
  params.forEach((v, k) => u.searchParams.set(k, v));
  return u.toString();
}
