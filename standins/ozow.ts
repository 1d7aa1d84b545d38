import { createHash, randomUUID } from "node:crypto";
import { formatMoney } from "@/lib/money/money";
import { STANDIN_CREDENTIALS } from "@/lib/payments/config";
import { OZOW_REQUEST_FIELDS, OZOW_RESPONSE_FIELDS } from "@/lib/payments/ozow/hash";
import { expiredPage, gatewayPage, notifyShop, refusedRequestPage } from "@/standins/page";
import { json, newId, seeOther, webAddress, type StandInContext } from "@/standins/runtime";

/*
 * A stand-in of Ozow's pay page and GetTransaction: the request's
 * HashCheck is checked, Pay posts a hashed Complete notification to NotifyUrl and sends the
 * shopper to SuccessUrl, Cancel does the same with Cancelled and CancelUrl, and GetTransaction
 * (ApiKey header) answers from what it recorded. Hashes are computed here apart from the shop's
 * (the fields' order is Ozow's, read from the shop's list).
 */

const GATEWAY = "Ozow (test gateway)";
const SESSION = "ozow-session";
const TRANSACTION = "ozow-transaction";

const sha512 = (s: string) => createHash("sha512").update(s, "utf8").digest("hex");

export function standInOzowHash(
  order: readonly string[],
  fields: Record<string, string | undefined>,
  privateKey: string,
): string {
  let text = "";
  for (const key of order) text += fields[key] ?? "";
  return sha512(`${text}${privateKey}`.toLowerCase());
}

type Session = { fields: Record<string, string> };
export type StandInTransaction = {
  transactionId: string;
  siteCode: string;
  transactionReference: string;
  bankReference: string;
  currencyCode: string;
  amount: number;
  status: "Complete" | "Cancelled";
  statusMessage: string;
  isTest: boolean;
  createdDate: string;
  paymentDate: string | null;
};

/** The pay page: the browser posts (or, like Ozow's plugin, redirects with) the request. */
export function ozowPay(ctx: StandInContext, fields: Record<string, string>): Response {
  const config = STANDIN_CREDENTIALS.ozow;
  const problems: string[] = [];
  for (const k of [
    "SiteCode",
    "CountryCode",
    "CurrencyCode",
    "Amount",
    "TransactionReference",
    "BankReference",
    "CancelUrl",
    "ErrorUrl",
    "SuccessUrl",
    "IsTest",
    "HashCheck",
  ]) {
    if (!fields[k]) problems.push(`${k} is required`);
  }
  if (fields.SiteCode && fields.SiteCode !== config.siteCode) problems.push("SiteCode: unknown site");
  if (fields.Amount && !/^\d+\.\d{2}$/.test(fields.Amount)) problems.push("Amount must be a decimal with two places");
  if (fields.BankReference && !/^[A-Za-z0-9 -]{1,20}$/.test(fields.BankReference))
    problems.push("BankReference: at most 20 letters, digits, spaces or dashes");
  for (const k of ["CancelUrl", "ErrorUrl", "SuccessUrl", "NotifyUrl"]) {
    if ((fields[k] ?? "").length > 150) problems.push(`${k} is longer than 150 characters`);
    else if (fields[k] && !webAddress(fields[k])) problems.push(`${k} must be an http(s) address`);
  }
  if (fields.IsTest && !/^(true|false)$/i.test(fields.IsTest)) problems.push("IsTest must be true or false");
  if (
    fields.HashCheck &&
    standInOzowHash(OZOW_REQUEST_FIELDS, fields, config.privateKey) !== fields.HashCheck.toLowerCase()
  )
    problems.push("HashCheck does not match");
  if (problems.length > 0) return refusedRequestPage(GATEWAY, problems, fields.ErrorUrl);

  const session = newId();
  ctx.memory.remember<Session>(SESSION, session, { fields });
  return gatewayPage({
    gateway: GATEWAY,
    heading: "Pay with Ozow",
    intro: "This page stands in for Ozow's instant EFT. Pay sends the shop a hashed notification, as Ozow would.",
    rows: [
      ["Pay to", fields.SiteCode!],
      ["Reference", fields.BankReference!],
      ...(fields.Customer ? ([["Customer", fields.Customer]] as Array<[string, string]>) : []),
      ["Amount", formatMoney(Math.round(Number(fields.Amount) * 100))],
    ],
    action: `${ctx.baseUrl}/ozow/complete`,
    hidden: { session },
  });
}

/** The response variables, in Ozow's order, with their Hash. */
export function ozowResponse(tx: StandInTransaction, request: Record<string, string>): Array<[string, string]> {
  const values: Record<string, string> = {
    SiteCode: tx.siteCode,
    TransactionId: tx.transactionId,
    TransactionReference: tx.transactionReference,
    Amount: tx.amount.toFixed(2),
    Status: tx.status,
    Optional1: request.Optional1 ?? "",
    Optional2: request.Optional2 ?? "",
    Optional3: request.Optional3 ?? "",
    Optional4: request.Optional4 ?? "",
    Optional5: request.Optional5 ?? "",
    CurrencyCode: tx.currencyCode,
    IsTest: tx.isTest ? "true" : "false",
    StatusMessage: tx.statusMessage,
  };
  const pairs = OZOW_RESPONSE_FIELDS.map((k) => [k, values[k]!] as [string, string]);
  pairs.push(["Hash", standInOzowHash(OZOW_RESPONSE_FIELDS, values, STANDIN_CREDENTIALS.ozow.privateKey)]);
  return pairs;
}

/** Pay or Cancel: record the transaction, notify the shop, send the shopper back. */
export async function ozowComplete(ctx: StandInContext, form: Record<string, string>): Promise<Response> {
  const session = ctx.memory.recall<Session>(SESSION, form.session ?? "");
  if (!session) return expiredPage(GATEWAY, "payment", ctx.shopUrl);
  ctx.memory.forget(SESSION, form.session!);
  const f = session.fields;
  const paid = form.action === "pay";
  const tx: StandInTransaction = {
    transactionId: randomUUID(),
    siteCode: f.SiteCode!,
    transactionReference: f.TransactionReference!,
    bankReference: f.BankReference!,
    currencyCode: f.CurrencyCode!,
    amount: Number(f.Amount),
    status: paid ? "Complete" : "Cancelled",
    statusMessage: paid ? "Test payment completed" : "Cancelled by the customer",
    isTest: /^true$/i.test(f.IsTest ?? ""),
    createdDate: new Date().toISOString(),
    paymentDate: paid ? new Date().toISOString() : null,
  };
  ctx.memory.remember(TRANSACTION, tx.transactionId, tx);
  const response = ozowResponse(tx, f);
  const next = paid ? f.SuccessUrl! : f.CancelUrl!;
  if (f.NotifyUrl) {
    const refused = await notifyShop(GATEWAY, f.NotifyUrl, new URLSearchParams(response).toString(), "NotifyUrl", next);
    if (refused) return refused;
  }
  const url = new URL(next);
  for (const [k, v] of response) url.searchParams.set(k, v);
  return seeOther(url.toString());
}

/** GET {api}/GetTransaction?siteCode&transactionId&isTest with the ApiKey header. */
export function ozowGetTransaction(ctx: StandInContext, query: URLSearchParams, apiKey: string | null): Response {
  const config = STANDIN_CREDENTIALS.ozow;
  if (apiKey !== config.apiKey) return json({ errorMessage: "Invalid ApiKey" }, 401);
  if (query.get("siteCode") !== config.siteCode) return json({ errorMessage: "Unknown siteCode" }, 400);
  const tx = ctx.memory.recall<StandInTransaction>(TRANSACTION, query.get("transactionId") ?? "");
  if (!tx) return json({ errorMessage: "Transaction not found" }, 404);
  return json({
    transactionId: tx.transactionId,
    merchantCode: tx.siteCode,
    siteCode: tx.siteCode,
    transactionReference: tx.transactionReference,
    bankReference: tx.bankReference,
    currencyCode: tx.currencyCode,
    amount: tx.amount,
    status: tx.status,
    statusMessage: tx.statusMessage,
    isTest: tx.isTest,
    createdDate: tx.createdDate,
    paymentDate: tx.paymentDate,
  });
}
