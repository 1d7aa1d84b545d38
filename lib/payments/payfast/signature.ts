import { md5Hex } from "@/lib/payments/crypto";

/*
 * PayFast's MD5 signatures. Two rules differ between the
 * checkout form and the ITN, and both matter:
 *  - form: only whitelisted keys, in the documented order, blank values skipped;
 *  - ITN: every received pair, in received order, blank values kept, `signature` left out.
 * Both append `&passphrase=…` when the merchant has one.
 */

/** The documented field order of the checkout form (and the SDK's whitelist). */
export const PAYFAST_FIELD_ORDER = [
  "merchant_id",
  "merchant_key",
  "return_url",
  "cancel_url",
  "notify_url",
  "notify_method",
  "name_first",
  "name_last",
  "email_address",
  "cell_number",
  "m_payment_id",
  "amount",
  "item_name",
  "item_description",
  "custom_int1",
  "custom_int2",
  "custom_int3",
  "custom_int4",
  "custom_int5",
  "custom_str1",
  "custom_str2",
  "custom_str3",
  "custom_str4",
  "custom_str5",
  "email_confirmation",
  "confirmation_address",
  "currency",
  "payment_method",
  "subscription_type",
  "billing_date",
  "recurring_amount",
  "frequency",
  "cycles",
  "subscription_notify_email",
  "subscription_notify_webhook",
  "subscription_notify_buyer",
] as const;

/**
 * PHP's urlencode, which PayFast's signatures are defined by: upper-case hex, a space as "+",
 * and !'()*~ encoded too. Plain encodeURIComponent leaves those five alone and writes a space
 * as %20, the classic cause of "signature mismatch" in Node.
 */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

const withPassphrase = (s: string, passphrase: string) =>
  passphrase.trim() ? `${s}&passphrase=${phpUrlencode(passphrase.trim())}` : s;

/** The checkout form's parameter string (without passphrase): documented order, blanks skipped. */
export function checkoutParamString(fields: Record<string, string | undefined>): string {
  const parts: string[] = [];
  for (const key of PAYFAST_FIELD_ORDER) {
    const value = fields[key]?.trim();
    if (value) parts.push(`${key}=${phpUrlencode(value)}`);
  }
  return parts.join("&");
}

export function checkoutSignature(fields: Record<string, string | undefined>, passphrase: string): string {
  return md5Hex(withPassphrase(checkoutParamString(fields), passphrase));
}

/**
 * The checkout form as posted: the documented fields in signature order, blanks left out, then
 * the signature (the docs want the hidden inputs in the same order as the signature).
 */
export function signedCheckoutForm(
  fields: Record<string, string | undefined>,
  passphrase: string,
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const key of PAYFAST_FIELD_ORDER) {
    const value = fields[key]?.trim();
    if (value) out.push([key, value]);
  }
  out.push(["signature", checkoutSignature(fields, passphrase)]);
  return out;
}

/** The ITN's parameter string: every pair as received, blanks kept, the signature left out. */
export function itnParamString(pairs: Array<[string, string]>): string {
  return pairs
    .filter(([k]) => k !== "signature")
    .map(([k, v]) => `${k}=${phpUrlencode(v)}`)
    .join("&");
}

export function itnSignature(pairs: Array<[string, string]>, passphrase: string): string {
  return md5Hex(withPassphrase(itnParamString(pairs), passphrase));
}
