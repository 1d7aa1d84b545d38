import { z } from "zod";
import { PROVINCES } from "@/lib/forms/provinces";
import { formatMoney } from "@/lib/money/money";
import { INSTALMENT_MONTH_OPTIONS, instalmentEstimate } from "@/lib/money/instalments";
import { STANDIN_CREDENTIALS } from "@/lib/payments/config";
import { safeEqual } from "@/lib/payments/crypto";
import {
  answerSignature,
  FINCHOICE_MAX_MONTHS,
  FINCHOICE_MIN_MONTHS,
  freshTimestamp,
  requestSignature,
  returnQuery,
  withQuery,
  type FinChoiceStatus,
} from "@/lib/payments/finchoice/contract";
import { errorPage, escapeHtml, expiredPage, gatewayPage } from "@/standins/page";
import { callShop, newId, seeOther, type StandInContext } from "@/standins/runtime";

/*
 * A stand-in of FinChoice under the shop-defined contract (lib/payments/finchoice/contract.ts):
 * signed session API, an application page with a 3-12 month term, and returns carrying a signed
 * token, announced to the shop server to server before the shopper is sent there.
 */

const GATEWAY = "FinChoice (test gateway)";
const SESSION = "finchoice-session";

const SessionRequest = z.object({
  merchant_reference: z.string().min(1),
  order_number: z.string().optional(),
  amount: z.number().int().min(1),
  currency: z.literal("ZAR"),
  min_term_months: z.number().int().min(FINCHOICE_MIN_MONTHS).max(FINCHOICE_MAX_MONTHS).optional(),
  max_term_months: z.number().int().min(FINCHOICE_MIN_MONTHS).max(FINCHOICE_MAX_MONTHS).optional(),
  customer: z.object({
    first_name: z.string().min(1),
    last_name: z.string().min(1),
    email: z.email(),
    mobile_number: z.string().regex(/^\+27\d{9}$/),
    address: z.object({
      address_line_1: z.string().min(1),
      address_line_2: z.string().optional(),
      city: z.string().min(1),
      province: z.enum(PROVINCES),
      postal_code: z.string().regex(/^\d{4}$/),
    }),
  }),
  items: z
    .array(
      z.object({
        merchant_reference: z.string(),
        quantity: z.number().int().min(1),
        description: z.string(),
        unit_price: z.number().int().min(0),
      }),
    )
    .min(1),
  confirmed_url: z.url({ protocol: /^https?$/ }),
  cancelled_url: z.url({ protocol: /^https?$/ }),
});

type Session = z.infer<typeof SessionRequest> & {
  session_id: string;
  status: FinChoiceStatus;
  term_months: number | null;
};

/** A JSON answer signed as the contract says. */
function signed(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
      "X-Timestamp": timestamp,
      "X-Signature": answerSignature(STANDIN_CREDENTIALS.finchoice.secret, timestamp, text),
    },
  });
}

function authentic(request: Request, body: string): boolean {
  const config = STANDIN_CREDENTIALS.finchoice;
  const timestamp = request.headers.get("x-timestamp") ?? "";
  const signature = request.headers.get("x-signature") ?? "";
  if (request.headers.get("x-merchant-id") !== config.merchantId || !freshTimestamp(timestamp)) return false;
  return safeEqual(
    requestSignature(config.secret, timestamp, request.method, new URL(request.url).pathname, body),
    signature.toLowerCase(),
  );
}

/** POST /api/v1/sessions */
export async function finChoiceCreateSession(ctx: StandInContext, request: Request): Promise<Response> {
  const text = await request.text();
  if (!authentic(request, text)) return signed({ message: "Invalid signature" }, 401);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return signed({ message: "The body must be JSON" }, 400);
  }
  const parsed = SessionRequest.safeParse(json);
  if (!parsed.success)
    return signed(
      {
        message: "Invalid session request",
        errors: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
      },
      422,
    );
  const session_id = `fc_${newId(16)}`;
  ctx.memory.remember<Session>(SESSION, session_id, {
    ...parsed.data,
    session_id,
    status: "PENDING",
    term_months: null,
  });
  return signed(
    {
      data: {
        session_id,
        redirect_to: `${ctx.baseUrl}/finchoice/apply?session=${session_id}`,
        expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
      },
    },
    201,
  );
}

/** GET /api/v1/sessions/{id} */
export function finChoiceSessionStatus(ctx: StandInContext, request: Request, id: string): Response {
  if (!authentic(request, "")) return signed({ message: "Invalid signature" }, 401);
  const s = ctx.memory.recall<Session>(SESSION, id);
  if (!s) return signed({ message: "Unknown session" }, 404);
  return signed({
    data: {
      session_id: s.session_id,
      merchant_reference: s.merchant_reference,
      amount: s.amount,
      currency: s.currency,
      term_months: s.term_months,
      status: s.status,
    },
  });
}

/** GET /apply?session=…: the application page, with the term to choose. */
export function finChoiceApplyPage(ctx: StandInContext, id: string): Response {
  const s = ctx.memory.recall<Session>(SESSION, id);
  if (!s || s.status !== "PENDING") return expiredPage(GATEWAY, "application", ctx.shopUrl);
  const min = s.min_term_months ?? FINCHOICE_MIN_MONTHS;
  const max = s.max_term_months ?? FINCHOICE_MAX_MONTHS;
  const options = INSTALMENT_MONTH_OPTIONS.filter((m) => m >= min && m <= max)
    .map(
      (m) =>
        `<option value="${m}"${m === max ? " selected" : ""}>${m} months — about ${escapeHtml(formatMoney(instalmentEstimate(s.amount, m).monthlyCents))} a month</option>`,
    )
    .join("");
  return gatewayPage({
    gateway: GATEWAY,
    heading: "Buy now, pay later with FinChoice",
    intro:
      "This page stands in for FinChoice under the shop's own contract. Pay approves the application at once; no credit check is made.",
    rows: [
      ["Applicant", `${s.customer.first_name} ${s.customer.last_name}`],
      ["Order", s.order_number ?? s.merchant_reference],
      ["Amount", formatMoney(s.amount)],
    ],
    action: `${ctx.baseUrl}/finchoice/apply`,
    hidden: { session: id },
    controls: `<label for="term">Repayment term</label><select id="term" name="term">${options}</select>`,
  });
}

/** POST /apply: Pay (approve) or Cancel. The shop hears first, server to server; then the shopper goes back. */
export async function finChoiceApply(ctx: StandInContext, form: Record<string, string>): Promise<Response> {
  const s = ctx.memory.recall<Session>(SESSION, form.session ?? "");
  if (!s || s.status !== "PENDING") return expiredPage(GATEWAY, "application", ctx.shopUrl);
  const paid = form.action === "pay";
  const term = Number(form.term);
  s.status = paid ? "APPROVED" : "CANCELLED";
  s.term_months = paid
    ? Number.isInteger(term) && term >= FINCHOICE_MIN_MONTHS && term <= FINCHOICE_MAX_MONTHS
      ? term
      : FINCHOICE_MAX_MONTHS
    : null;
  const result = paid ? "confirmed" : "cancelled";
  const back = withQuery(
    paid ? s.confirmed_url : s.cancelled_url,
    returnQuery(STANDIN_CREDENTIALS.finchoice.secret, s.merchant_reference, s.session_id, result),
  );
  const answer = await callShop(back, { method: "GET", headers: { Accept: "application/json" } });
  if (!answer.ok) {
    return errorPage(
      GATEWAY,
      "The shop did not accept the result",
      [`The return URL answered ${answer.status || answer.error}`],
      502,
      { href: back, label: "Continue to the shop" },
      answer.text,
    );
  }
  return seeOther(back);
}
