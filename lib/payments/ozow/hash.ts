import { sha512Hex } from "@/lib/payments/crypto";

/*
 * Ozow's SHA-512 hashes: the values of fixed fields, in a fixed
 * order, concatenated with no separator, then the private key, all lower-cased. An absent
 * optional field adds nothing.
 */

/** The payment request's fields in HashCheck order (1-17; the rarely used 18-26 are not sent). */
export const OZOW_REQUEST_FIELDS = [
  "SiteCode",
  "CountryCode",
  "CurrencyCode",
  "Amount",
  "TransactionReference",
  "BankReference",
  "Optional1",
  "Optional2",
  "Optional3",
  "Optional4",
  "Optional5",
  "Customer",
  "CancelUrl",
  "ErrorUrl",
  "SuccessUrl",
  "NotifyUrl",
  "IsTest",
] as const;

/** The response (redirect and notification) fields in Hash order. */
export const OZOW_RESPONSE_FIELDS = [
  "SiteCode",
  "TransactionId",
  "TransactionReference",
  "Amount",
  "Status",
  "Optional1",
  "Optional2",
  "Optional3",
  "Optional4",
  "Optional5",
  "CurrencyCode",
  "IsTest",
  "StatusMessage",
] as const;

type Fields = Record<string, string | undefined>;

export const ozowHashInput = (order: readonly string[], fields: Fields, privateKey: string) =>
  (order.map((k) => fields[k] ?? "").join("") + privateKey).toLowerCase();

export function ozowRequestHash(fields: Fields, privateKey: string): string {
  return sha512Hex(ozowHashInput(OZOW_REQUEST_FIELDS, fields, privateKey));
}

/** A response without IsTest is hashed as "false", as Ozow's plugin does. */
export function ozowResponseHash(fields: Fields, privateKey: string): string {
  return sha512Hex(ozowHashInput(OZOW_RESPONSE_FIELDS, { ...fields, IsTest: fields.IsTest || "false" }, privateKey));
}
