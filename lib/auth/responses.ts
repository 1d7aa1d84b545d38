import "server-only";
import { NextResponse } from "next/server";
import type { Customer } from "@/lib/db/schema";
import { setSessionCookie } from "@/lib/auth/session";
import { toCustomerResponse } from "@/lib/auth/accounts";
import type { SignInResponse } from "@/lib/auth/types";

/** Answers about a person are never stored by a browser or a shared cache. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** `{ customer, token }` with the same token as the session cookie (DESIGN.md). */
export function signedInResponse(customer: Customer, token: string, status = 200): NextResponse<SignInResponse> {
  const response = NextResponse.json({ customer: toCustomerResponse(customer), token }, { status, headers: NO_STORE });
  setSessionCookie(response, token);
  return response;
}

export function userAgent(request: Request): string {
  return request.headers.get("user-agent") ?? "";
}
