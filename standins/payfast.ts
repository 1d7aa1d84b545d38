import { createHash, randomInt } from "node:crypto";
import { formatMoney } from "@/lib/money/money";
import { STANDIN_CREDENTIALS } from "@/lib/payments/config";
import { PAYFAST_FIELD_ORDER } from "@/lib/payments/payfast/signature";
import { expiredPage, gatewayPage, notifyShop, refusedRequestPage } from "@/standins/page";
import { firstOf, newId, seeOther, webAddress, type Memory, type StandInContext } from "@/standins/runtime";

/*
 * A stand-in of PayFast's redirect gateway: /eng/process checks the
 * form's signature the way PayFast does, Pay sends a signed ITN to notify_url and then the
 * shopper to return_url, Cancel sends the shopper to cancel_url, and /eng/query/validate answers
 * VALID only for ITNs it sent. Its signature code is written apart from the shop's on purpose,
 * so that a round trip between the two tests both.
 */

const GATEWAY = "PayFast (test gateway)";
const SESSION = "payfast-session";
const ISSUED = "payfast-itn";

/** PHP urlencode, byte by byte: letters, digits and -_. stay; a space is "+"; the rest is %XX. */
export function standInUrlencode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.-]/.test(c)) out += c;
    else if (c === " ") out += "+";
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const md5 = (s: string) => createHash("md5").update(s, "utf8").digest("hex");
const passphrasePart = (passphrase: string) =>
  passphrase.trim() ? `&passphrase=${standInUrlencode(passphrase.trim())}` : "";

/** How PayFast signs a checkout form: documented order, blank values left out, passphrase last. */
export function standInFormSignature(fields: Record<string, string>, passphrase: string): string {
  const parts: string[] = [];
  for (const key of PAYFAST_FIELD_ORDER) {
    const v = (fields[key] ?? "").trim();
    if (v !== "") parts.push(`${key}=${standInUrlencode(v)}`);
  }
  return md5(parts.join("&") + passphrasePart(passphrase));
}

/** How PayFast signs an ITN: every pair in the order sent, blanks included. */
export function standInItnSignature(
  pairs: Array<[string, string]>,
  passphrase: string,
): { paramString: string; signature: string } {
  const paramString = pairs.map(([k, v]) => `${k}=${standInUrlencode(v)}`).join("&");
  return { paramString, signature: md5(paramString + passphrasePart(passphrase)) };
}

type Session = { fields: Record<string, string> };

function problemsWith(fields: Record<string, string>): string[] {
  const config = STANDIN_CREDENTIALS.payfast;
  const problems: string[] = [];
  for (const k of ["merchant_id", "merchant_key", "amount", "item_name", "signature"])
    if (!fields[k]?.trim()) problems.push(`${k} is required`);
  if (fields.merchant_id && fields.merchant_id !== config.merchantId) problems.push("merchant_id: unknown merchant");
  if (fields.merchant_key && fields.merchant_key !== config.merchantKey)
    problems.push("merchant_key does not match the merchant");
  if (fields.amount && !/^\d+\.\d{2}$/.test(fields.amount))
    problems.push("amount must have two decimals, e.g. 1299.00");
  else if (fields.amount && Number(fields.amount) < 5) problems.push("amount must be at least R5.00");
  if (fields.signature && standInFormSignature(fields, config.passphrase) !== fields.signature.toLowerCase()) {
    problems.push("Generated signature does not match submitted signature.");
  }
  return problems;
}

/** POST /eng/process: the checkout form arrives from the shopper's browser. */
export function payfastProcess(ctx: StandInContext, pairs: Array<[string, string]>): Response {
  const fields = firstOf(pairs);
  const problems = problemsWith(fields);
  if (problems.length > 0) return refusedRequestPage(GATEWAY, problems, fields.cancel_url);
  const session = newId();
  ctx.memory.remember<Session>(SESSION, session, { fields });
  const cents = Math.round(Number(fields.amount) * 100);
  return gatewayPage({
    gateway: GATEWAY,
    heading: "Pay with PayFast",
    intro:
      "This page stands in for PayFast's checkout. Pay sends the shop a signed payment notification, as PayFast would.",
    rows: [
      ["Merchant", fields.merchant_id!],
      ["Item", fields.item_name!],
      ...(fields.item_description ? ([["Description", fields.item_description]] as Array<[string, string]>) : []),
      ["Amount", formatMoney(cents)],
    ],
    action: `${ctx.baseUrl}/payfast/eng/process/complete`,
    hidden: { session },
  });
}

/** The ITN PayFast would send for this payment, in PayFast's field order. */
export function buildItn(
  fields: Record<string, string>,
  status: "COMPLETE" | "FAILED" | "CANCELLED" | "PENDING",
): Array<[string, string]> {
  const grossCents = Math.round(Number(fields.amount) * 100);
  const feeCents = Math.round(grossCents * 0.035) + 200;
  const rand = (c: number) =>
    `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;
  const pairs: Array<[string, string]> = [
    ["m_payment_id", fields.m_payment_id ?? ""],
    ["pf_payment_id", String(randomInt(1_000_000, 9_999_999))],
    ["payment_status", status],
    ["item_name", fields.item_name ?? ""],
    ["item_description", fields.item_description ?? ""],
    ["amount_gross", rand(grossCents)],
    ["amount_fee", rand(-feeCents)],
    ["amount_net", rand(grossCents - feeCents)],
  ];
  for (let i = 1; i <= 5; i++) pairs.push([`custom_str${i}`, fields[`custom_str${i}`] ?? ""]);
  for (let i = 1; i <= 5; i++) pairs.push([`custom_int${i}`, fields[`custom_int${i}`] ?? ""]);
  pairs.push(
    ["name_first", fields.name_first ?? ""],
    ["name_last", fields.name_last ?? ""],
    ["email_address", fields.email_address ?? ""],
    ["merchant_id", fields.merchant_id ?? ""],
  );
  return pairs;
}

/** Signs an ITN and remembers it, so /eng/query/validate can vouch for it. */
export function issueItn(memory: Memory, pairs: Array<[string, string]>): string {
  const { paramString, signature } = standInItnSignature(pairs, STANDIN_CREDENTIALS.payfast.passphrase);
  memory.remember(ISSUED, md5(paramString), true);
  return `${paramString}&signature=${signature}`;
}

/** POST /eng/process/complete: the shopper pressed Pay or Cancel. */
export async function payfastComplete(ctx: StandInContext, form: Record<string, string>): Promise<Response> {
  const session = ctx.memory.recall<Session>(SESSION, form.session ?? "");
  if (!session) return expiredPage(GATEWAY, "payment", ctx.shopUrl);
  ctx.memory.forget(SESSION, form.session!);
  const { fields } = session;
  const back = webAddress(fields.return_url) ?? ctx.shopUrl;
  if (form.action !== "pay") return seeOther(webAddress(fields.cancel_url) ?? back);
  if (fields.notify_url) {
    const itn = issueItn(ctx.memory, buildItn(fields, "COMPLETE"));
    const refused = await notifyShop(GATEWAY, fields.notify_url, itn, "notify_url", back);
    if (refused) return refused;
  }
  return seeOther(back);
}

/** POST /eng/query/validate: VALID only for a parameter string this stand-in sent. */
export function payfastValidate(ctx: StandInContext, rawBody: string): Response {
  const valid = rawBody.length > 0 && ctx.memory.recall<boolean>(ISSUED, md5(rawBody)) === true;
  return new Response(valid ? "VALID" : "INVALID", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
