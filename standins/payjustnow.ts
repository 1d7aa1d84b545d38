import { z } from "zod";
import { PROVINCES } from "@/lib/forms/provinces";
import { formatMoney } from "@/lib/money/money";
import { STANDIN_CREDENTIALS } from "@/lib/payments/config";
import { errorPage, expiredPage, gatewayPage } from "@/standins/page";
import { callShop, json, newId, seeOther, webAddress, type StandInContext } from "@/standins/runtime";

/*
 * A stand-in of PayJustNow's merchant API: POST
 * /api/v1/merchant/checkout with HTTP Basic and the documented body, a pay page, and on Pay a
 * server-side GET of success_callback_url?token=…&status=SUCCESS whose JSON names the
 * return_url the shopper is then sent to (Cancel: fail_callback_url with status=FAILED).
 */

const GATEWAY = "PayJustNow (test gateway)";
const CHECKOUT = "payjustnow-checkout";

const cents = z.number().int().min(1);
export const PayJustNowCheckoutSchema = z.object({
  customer: z.object({
    first_name: z.string().trim().min(1),
    last_name: z.string().trim().min(1),
    email: z.email(),
    mobile_number: z.string().regex(/^\+[1-9]\d{7,14}$/, "must be E.164, e.g. +27821234567"),
    address: z.object({
      address_line_1: z.string().trim().min(1),
      address_line_2: z.string().optional(),
      city: z.string().trim().min(1),
      province: z.enum(PROVINCES, { message: "must be a province's full name, e.g. Western Cape" }),
      postal_code: z.string().regex(/^\d{4}$/, "must be 4 digits"),
    }),
  }),
  order: z.object({
    amount: cents,
    merchant_reference: z.string().trim().min(1),
    success_callback_url: z.url({ protocol: /^https?$/ }),
    fail_callback_url: z.url({ protocol: /^https?$/ }),
    items: z
      .array(
        z.object({
          merchant_reference: z.string().min(1),
          quantity: z.number().int().min(1),
          description: z.string().min(1),
          unit_price: z.number().int().min(0),
        }),
      )
      .min(1),
  }),
});
type Checkout = z.infer<typeof PayJustNowCheckoutSchema> & { token: string; status: "PENDING" | "PAID" | "FAILED" };

function authorised(header: string | null): boolean {
  const config = STANDIN_CREDENTIALS.payjustnow;
  const m = /^Basic\s+(.+)$/i.exec(header ?? "");
  if (!m) return false;
  return Buffer.from(m[1]!, "base64").toString("utf8") === `${config.merchantId}:${config.apiKey}`;
}

/** POST /api/v1/merchant/checkout */
export async function payJustNowCheckout(ctx: StandInContext, request: Request): Promise<Response> {
  if (!authorised(request.headers.get("authorization"))) return json({ message: "Unauthenticated." }, 401);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ message: "The body must be JSON." }, 400);
  }
  const parsed = PayJustNowCheckoutSchema.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string[]> = Object.create(null);
    for (const issue of parsed.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
    return json({ message: "The given data was invalid.", errors }, 422);
  }
  // An outage on demand, for the shop's tests of a failed hand-off: a customer whose e-mail
  // address starts with "gateway-down" meets PayJustNow down for maintenance.
  if (parsed.data.customer.email.toLowerCase().startsWith("gateway-down"))
    return json({ message: "Service Unavailable." }, 503);
  const token = newId(20);
  ctx.memory.remember<Checkout>(CHECKOUT, token, { ...parsed.data, token, status: "PENDING" });
  return json({
    data: {
      token,
      expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
      redirect_to: `${ctx.baseUrl}/payjustnow/pay?token=${token}`,
    },
  });
}

/** GET /pay?token=…: the shopper's page. */
export function payJustNowPayPage(ctx: StandInContext, token: string): Response {
  const checkout = ctx.memory.recall<Checkout>(CHECKOUT, token);
  if (!checkout || checkout.status !== "PENDING") return expiredPage(GATEWAY, "checkout", ctx.shopUrl);
  const total = checkout.order.amount;
  const instalment = Math.ceil(total / 3);
  return gatewayPage({
    gateway: GATEWAY,
    heading: "Pay with PayJustNow",
    intro:
      "This page stands in for PayJustNow. Pay tells the shop the payment succeeded, as PayJustNow's server would.",
    rows: [
      ["Customer", `${checkout.customer.first_name} ${checkout.customer.last_name}`],
      ["Order", checkout.order.merchant_reference],
      ["Total", formatMoney(total)],
      ["Today", formatMoney(instalment)],
      ["Then", `2 × ${formatMoney(instalment)} monthly, interest-free`],
    ],
    action: `${ctx.baseUrl}/payjustnow/pay`,
    hidden: { token },
  });
}

const appendQuery = (url: string, params: Record<string, string>) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};

/** POST /pay: Pay or Cancel. PayJustNow's server calls the shop, then the shopper follows return_url. */
export async function payJustNowComplete(ctx: StandInContext, form: Record<string, string>): Promise<Response> {
  const token = form.token ?? "";
  const checkout = ctx.memory.recall<Checkout>(CHECKOUT, token);
  if (!checkout || checkout.status !== "PENDING") return expiredPage(GATEWAY, "checkout", ctx.shopUrl);
  const paid = form.action === "pay";
  checkout.status = paid ? "PAID" : "FAILED";
  const callback = paid
    ? appendQuery(checkout.order.success_callback_url, { token, status: "SUCCESS" })
    : appendQuery(checkout.order.fail_callback_url, { token, status: "FAILED" });
  const answer = await callShop(callback, { method: "GET", headers: { Accept: "application/json" } });
  let reply: { token?: unknown; return_url?: unknown } | null = null;
  try {
    reply = JSON.parse(answer.text);
  } catch {
    reply = null;
  }
  const returnUrl = webAddress(typeof reply?.return_url === "string" ? reply.return_url : undefined);
  if (!answer.ok || !reply || reply.token !== token || !returnUrl) {
    checkout.status = "PENDING";
    return errorPage(
      GATEWAY,
      "The shop did not accept the callback",
      [`The callback answered ${answer.status || answer.error}; it must answer JSON { token, return_url }.`],
      502,
      { href: ctx.shopUrl, label: "Back to the shop" },
      answer.text,
    );
  }
  return seeOther(returnUrl);
}
