import {
  finChoiceApply,
  finChoiceApplyPage,
  finChoiceCreateSession,
  finChoiceSessionStatus,
} from "@/standins/finchoice";
import { ozowComplete, ozowGetTransaction, ozowPay } from "@/standins/ozow";
import { errorPage, escapeHtml, TEST_BANNER } from "@/standins/page";
import { payfastComplete, payfastProcess, payfastValidate } from "@/standins/payfast";
import { payJustNowCheckout, payJustNowComplete, payJustNowPayPage } from "@/standins/payjustnow";
import { firstOf, formPairs, Memory, type StandInContext } from "@/standins/runtime";

/*
 * The gateways' stand-ins as one fetch-style handler: the same paths under `baseUrl` as each
 * provider serves under its own host (PayFast's /eng/process, Ozow's pay page and
 * GetTransaction, PayJustNow's merchant API, FinChoice's session API), each behind its
 * provider's name. server.ts serves it over HTTP; the payment tests call it in-process.
 */

type Handler = (ctx: StandInContext, request: Request, url: URL, params: string[]) => Response | Promise<Response>;
type Route = { path: string; methods: Partial<Record<string, Handler>>; what: string };

const form = async (request: Request) => firstOf(await formPairs(request));

/** Every path the stand-ins serve, with the methods each answers. */
export const STANDIN_ROUTES: Route[] = [
  {
    path: "/payfast/eng/process",
    what: "PayFast checkout",
    methods: { POST: async (ctx, request) => payfastProcess(ctx, await formPairs(request)) },
  },
  {
    path: "/payfast/eng/process/complete",
    what: "PayFast Pay and Cancel",
    methods: { POST: async (ctx, request) => payfastComplete(ctx, await form(request)) },
  },
  {
    path: "/payfast/eng/query/validate",
    what: "PayFast ITN validation",
    methods: { POST: async (ctx, request) => payfastValidate(ctx, await request.text()) },
  },
  {
    path: "/ozow",
    what: "Ozow pay page (form post, or a query string as Ozow's plugin sends)",
    methods: {
      POST: async (ctx, request) => ozowPay(ctx, await form(request)),
      GET: async (ctx, request) => ozowPay(ctx, await form(request)),
    },
  },
  {
    path: "/ozow/complete",
    what: "Ozow Pay and Cancel",
    methods: { POST: async (ctx, request) => ozowComplete(ctx, await form(request)) },
  },
  {
    path: "/ozow/api/GetTransaction",
    what: "Ozow GetTransaction",
    methods: { GET: (ctx, request, url) => ozowGetTransaction(ctx, url.searchParams, request.headers.get("apikey")) },
  },
  {
    path: "/payjustnow/api/v1/merchant/checkout",
    what: "PayJustNow checkout API",
    methods: { POST: (ctx, request) => payJustNowCheckout(ctx, request) },
  },
  {
    path: "/payjustnow/pay",
    what: "PayJustNow pay page, Pay and Cancel",
    methods: {
      GET: (ctx, _request, url) => payJustNowPayPage(ctx, url.searchParams.get("token") ?? ""),
      POST: async (ctx, request) => payJustNowComplete(ctx, await form(request)),
    },
  },
  {
    path: "/finchoice/api/v1/sessions",
    what: "FinChoice session API",
    methods: { POST: (ctx, request) => finChoiceCreateSession(ctx, request) },
  },
  {
    path: "/finchoice/api/v1/sessions/{id}",
    what: "FinChoice status call",
    methods: { GET: (ctx, request, _url, [id]) => finChoiceSessionStatus(ctx, request, id!) },
  },
  {
    path: "/finchoice/apply",
    what: "FinChoice application page, Pay and Cancel",
    methods: {
      GET: (ctx, _request, url) => finChoiceApplyPage(ctx, url.searchParams.get("session") ?? ""),
      POST: async (ctx, request) => finChoiceApply(ctx, await form(request)),
    },
  },
];

const compiled = STANDIN_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, "([^/]+)")}$`),
}));

function decoded(parts: string[]): string[] | null {
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
}

function indexPage(ctx: StandInContext): Response {
  const list = STANDIN_ROUTES.map(
    (r) =>
      `<li><code>${Object.keys(r.methods).join(", ")} ${escapeHtml(ctx.baseUrl + r.path)}</code>: ${escapeHtml(r.what)}</li>`,
  ).join("");
  const html = `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>${TEST_BANNER}</title></head><body style="font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5"><h1>${TEST_BANNER}</h1><p>Local stand-ins of the shop's payment gateways, for the demo and the tests. The shop sends shoppers here when a payment method has no credentials.</p><ul>${list}</ul></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

export type StandIns = {
  baseUrl: string;
  handle: (request: Request) => Promise<Response>;
  /** What the stand-ins remember, for tests that play a gateway's part directly. */
  memory: Memory;
};

/** The stand-ins served at `baseUrl` (their own address); `shopUrl` is only for links back. */
export function createStandIns(options: { baseUrl: string; shopUrl: string }): StandIns {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, "");
  const ctx: StandInContext = { memory: new Memory(), baseUrl, shopUrl: options.shopUrl.replace(/\/+$/, "") };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path =
      url.pathname.startsWith(`${prefix}/`) || url.pathname === prefix
        ? url.pathname.slice(prefix.length).replace(/(.)\/+$/, "$1") || "/"
        : null;
    if (path === "/" && (request.method === "GET" || request.method === "HEAD")) return indexPage(ctx);
    for (const { route, pattern } of path ? compiled : []) {
      const match = pattern.exec(path!);
      if (!match) continue;
      const handler = route.methods[request.method];
      if (!handler)
        return new Response("Method Not Allowed", {
          status: 405,
          headers: { Allow: Object.keys(route.methods).join(", "), "Content-Type": "text/plain" },
        });
      const params = decoded(match.slice(1));
      if (!params)
        return errorPage("Test gateway", "The address is malformed", [`${url.pathname} has a broken %-escape.`], 400);
      try {
        return await handler(ctx, request, url, params);
      } catch (err) {
        console.error(`[standins] ${request.method} ${url.pathname} failed`, err);
        return errorPage(
          "Test gateway",
          "The test gateway failed",
          [err instanceof Error ? err.message : String(err)],
          500,
        );
      }
    }
    return errorPage(
      "Test gateway",
      "There is no test gateway here",
      [`${request.method} ${url.pathname} is not a stand-in's address.`],
      404,
      { href: ctx.shopUrl, label: "Back to the shop" },
    );
  }

  return { baseUrl, handle, memory: ctx.memory };
}
