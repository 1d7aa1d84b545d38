import "server-only";
import { NextResponse } from "next/server";
import type { Customer } from "@/lib/db/schema";
import { setSessionCookie } from "@/lib/auth/session";
import { toCustomerResponse } from "@/lib/auth/accounts";
import { setDeviceCookie } from "@/lib/auth/login-throttle";
import type { RefreshResponse, SignInResponse } from "@/lib/auth/types";

/** Answers about a person are never stored by a browser or a shared cache. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/**
 * `{ customer, token }` with the same token as the session cookie, and this browser marked as one
 * the customer signs in from (so others' failed sign-ins never lock it out).
 */
export function signedInResponse(customer: Customer, token: string, status = 200): NextResponse<SignInResponse> {
  const response = NextResponse.json({ customer: toCustomerResponse(customer), token }, { status, headers: NO_STORE });
  setSessionCookie(response, token);
  setDeviceCookie(response, customer);
  return response;
}

/**
 * A renewed session: the cookie always, the token in the body only for a caller that sent one as
 * a parameter. A browser lives on the httpOnly cookie, so a script injected into a page can renew
 * a visitor's session but never read it.
 */
export function refreshedResponse(
  customer: Customer,
  token: string,
  tokenInBody: boolean,
): NextResponse<RefreshResponse> {
  const body: RefreshResponse = tokenInBody
    ? { customer: toCustomerResponse(customer), token }
    : { customer: toCustomerResponse(customer) };
  const response = NextResponse.json(body, { headers: NO_STORE });
  setSessionCookie(response, token);
  return response;
}

export function userAgent(request: Request): string {
  return request.headers.get("user-agent") ?? "";
}
