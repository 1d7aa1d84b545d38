import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/lib/db/client";
import { errorResponse } from "@/lib/api/handler";
import { cookieSecure, readSession } from "@/lib/auth/session";
import { GATE_PATH, gateExempt, gatePassed, siteLocked } from "@/lib/auth/site-gate";
import { orderForViewer } from "@/lib/orders/customer-orders";
import { COOKIE } from "@/lib/http/cookie-names";
import { can } from "@/lib/admin/roles";
import { capabilityForAdminPath } from "@/lib/admin/paths";
import { adminRecordMissing } from "@/lib/admin/records";

/** The proxy's checks for accounts and the site gate; proxy.ts decides their order. */

/** Account pages that need a session. The order page has its own rule. */
export const ACCOUNT_PAGE = /^\/my-account(?:\/(?:orders|change-password))?\/?$/;

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const notFound = (request: NextRequest) =>
  NextResponse.rewrite(new URL(`/_not-found${request.nextUrl.pathname}`, request.url), { status: 404 });

function toLogin(request: NextRequest): NextResponse {
  const login = new URL("/login", request.url);
  login.searchParams.set("next", request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.redirect(login);
  if (request.cookies.has(COOKIE.session)) response.cookies.delete(COOKIE.session);
  return response;
}

/**
 * With the gate on: the Site Login screen in place of every page, and a 401 for every call, until
 * the visitor holds the gate cookie. Returns null when the request may go on.
 */
export function siteGate(request: NextRequest): NextResponse | null {
  const { pathname } = request.nextUrl;
  if (gateExempt(pathname)) return null;
  const passed = gatePassed(request.cookies.get(COOKIE.gate)?.value);
  if (pathname === GATE_PATH) return passed ? NextResponse.redirect(new URL("/", request.url)) : null;
  if (passed) return null;
  if (pathname.startsWith("/api/")) return errorResponse(siteLocked());
  // The address stays as typed, so passing the gate and reloading shows the page that was asked for.
  const response = NextResponse.rewrite(new URL(GATE_PATH, request.url));
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}

/** Without the gate its screen does not exist. */
export function gateScreenWithoutGate(request: NextRequest): NextResponse | null {
  return request.nextUrl.pathname === GATE_PATH ? notFound(request) : null;
}

export async function accountGuard(request: NextRequest): Promise<NextResponse> {
  const token = request.cookies.get(COOKIE.session)?.value;
  if (token && (await readSession(await getDb(), token))) return NextResponse.next();
  return toLogin(request);
}

const ORDER_KEY_MAX_AGE = 60 * 60 * 24 * 30;

/**
 * An order page is for its owner or a holder of its key; anyone else gets a real 404. A key from
 * the link is kept in a cookie scoped to that one order page, and the page then takes the key out
 * of its address, so the address that analytics, the pixel, error reports and later Referer
 * headers see carries no secret.
 */
export async function orderGuard(
  request: NextRequest,
  rawSlug: string,
  opts: { loginWithoutKey?: boolean } = {},
): Promise<NextResponse> {
  const slug = safeDecode(rawSlug);
  if (slug === null) return notFound(request);
  const token = request.cookies.get(COOKIE.session)?.value;
  const linkKey = request.nextUrl.searchParams.get("key");
  const key = linkKey ?? request.cookies.get(COOKIE.orderKey)?.value ?? null;
  const db = await getDb();
  const signedIn = token ? await readSession(db, token) : null;
  if (!signedIn && !key) return opts.loginWithoutKey === false ? notFound(request) : toLogin(request);
  const order = await orderForViewer(db, slug, { customerId: signedIn?.customer.id, key });
  if (!order) return notFound(request);
  const response = NextResponse.next();
  if (linkKey) {
    response.cookies.set(COOKIE.orderKey, linkKey, {
      httpOnly: true,
      sameSite: "lax",
      secure: cookieSecure(),
      path: request.nextUrl.pathname.replace(/\/+$/, ""),
      maxAge: ORDER_KEY_MAX_AGE,
    });
  }
  return response;
}

/** The key a page may use: from its link, or the cookie the guard set when the link was opened. */
export function orderKeyFrom(query: string | string[] | undefined, cookie: string | undefined): string | null {
  if (typeof query === "string") return query;
  return cookie ?? null;
}

/**
 * The back office is for staff: someone signed out is sent to sign in (and back); a customer, and
 * staff below the page's role, get the ordinary 404, so nothing tells them it exists. Its pages
 * are never indexed or stored.
 */
export async function adminGuard(request: NextRequest): Promise<NextResponse> {
  const token = request.cookies.get(COOKIE.session)?.value;
  const db = await getDb();
  const signedIn = token ? await readSession(db, token) : null;
  // Nobody signed in (a session that ended, or after Log out): the sign-in page, and back here.
  if (!signedIn) return toLogin(request);
  if (!can(signedIn.customer.role, capabilityForAdminPath(request.nextUrl.pathname))) return notFound(request);
  if (await adminRecordMissing(db, request.nextUrl.pathname)) return notFound(request);
  const response = NextResponse.next();
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}
