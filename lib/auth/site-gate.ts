import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { NextResponse } from "next/server";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { addressKey, rateLimited, release, reserve, type Limit } from "@/lib/security/rate-limit";
import { cookieSecure, sessionSecret } from "@/lib/auth/session";
import { COOKIE } from "@/lib/http/cookie-names";
import { serverEnv } from "@/lib/config/env";
import { unproxied } from "@/lib/routing/proxy-scope";

/**
 * The site password gate. With SITE_PASSWORD set, a visitor sees only the Site Login screen until
 * they give it; passing sets a signed cookie that names an expiry and is bound to the password, so
 * changing SITE_PASSWORD locks everyone out again.
 */
export const GATE_DAYS = 30;
export const GATE_PATH = "/site-login";
export const GATE_FAILED_MESSAGE = "Incorrect password";

export function sitePassword(): string | null {
  return serverEnv().SITE_PASSWORD ?? null;
}

export function gateEnabled(): boolean {
  return Boolean(serverEnv().SITE_PASSWORD);
}

const digest = (s: string) => createHash("sha256").update(s).digest();

function signature(expires: number, password: string): string {
  return createHmac("sha256", sessionSecret())
    .update(`site-gate:${expires}:`)
    .update(digest(password))
    .digest("base64url");
}

export function checkSitePassword(candidate: string): boolean {
  const password = sitePassword();
  return password !== null && timingSafeEqual(digest(candidate), digest(password));
}

export function gateCookieValue(now = Date.now()): string {
  const password = sitePassword();
  if (!password) throw new Error("SITE_PASSWORD is not set");
  const expires = Math.floor(now / 1000) + GATE_DAYS * 86_400;
  return `${expires}.${signature(expires, password)}`;
}

export function gatePassed(value: string | undefined, now = Date.now()): boolean {
  const password = sitePassword();
  if (!password) return true;
  const m = value ? /^(\d{1,12})\.([\w-]{20,100})$/.exec(value) : null;
  if (!m) return false;
  const expires = Number(m[1]);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(signature(expires, password));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function setGateCookie(response: NextResponse): void {
  response.cookies.set(COOKIE.gate, gateCookieValue(), {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure(),
    path: "/",
    maxAge: GATE_DAYS * 86_400,
  });
}

/** Calls the gate itself lets through: the gate's own form, and the probes of a balancer. */
export const GATE_OPEN_CALLS = ["/api/register", "/api/healthz", "/api/readyz"] as const;

/**
 * Paths that stay reachable behind the gate: the calls above, and every path the proxy never sees
 * (lib/routing/proxy-scope.ts), payment providers' notifications and returns among them.
 */
export function gateExempt(pathname: string): boolean {
  return (GATE_OPEN_CALLS as readonly string[]).includes(pathname) || unproxied(pathname);
}

/** Wrong gate passwords per address; passing is not counted, so one office can pass many times. */
export const GATE_LIMIT: Limit = { limit: 20, windowSeconds: 15 * 60 };

/** A password-only POST to /api/register is the gate form. */
export function isGateAttempt(params: Record<string, unknown>): params is { password: string } {
  return gateEnabled() && typeof params.password === "string" && params.email === undefined;
}

export async function attemptGate(db: Db, candidate: string, ip: string): Promise<void> {
  const key = addressKey("site-gate", ip);
  const tries = await reserve(db, key, GATE_LIMIT);
  if (!tries.allowed) throw rateLimited("password attempts", tries.retryAfter);
  if (!checkSitePassword(candidate)) throw new ApiError(401, "wrong_password", GATE_FAILED_MESSAGE);
  await release(db, key);
}

export const siteLocked = () => new ApiError(401, "site_locked", "This site is password protected.");
