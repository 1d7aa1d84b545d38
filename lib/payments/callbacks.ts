import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/handler";
import { log } from "@/lib/observability/log";

/** A provider's server calling back wants JSON; a person's browser wants a page. */
export function wantsJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refused callback: the contract's error body for a provider, a short page for a person. */
export function callbackError(request: Request, err: unknown): Response {
  const apiError = err instanceof ApiError ? err : new ApiError(500, "internal_error", "Internal Server Error");
  if (!(err instanceof ApiError)) log.error("payments", `callback ${new URL(request.url).pathname} failed`, err);
  if (wantsJson(request)) return errorResponse(apiError);
  const html = `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Payment link not valid</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1>This payment link is not valid</h1><p>${escapeHtml(apiError.message)}.</p><p>If you paid, your order page will show it shortly; otherwise please contact us.</p><p><a href="/">Back to the shop</a></p></main></body></html>`;
  return new NextResponse(html, {
    status: apiError.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
