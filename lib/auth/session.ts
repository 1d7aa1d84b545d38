import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, gt, isNull, ne, or } from "drizzle-orm";
import { sealData, unsealData } from "iron-session";
import type { NextRequest, NextResponse } from "next/server";
import type { Db } from "@/lib/db/client";
import { customers, sessions, type Customer, type Session } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { COOKIE } from "@/lib/http/cookie-names";
import { serverEnv } from "@/lib/config/env";

/**
 * Sessions are database rows named by a sealed, httpOnly cookie (iron-session). The same seal is
 * the contract's `token` parameter. Any app process can read it; revoking the row ends it.
 */
export const SESSION_DAYS = 30;
const DEV_SECRET = "kaya-living-development-secret-not-for-production-use";

export function sessionSecret(): string {
  const env = serverEnv();
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.NODE_ENV !== "production" || env.KAYA_ALLOW_DEV_SECRET) return DEV_SECRET;
  // The embedded database is one process by design, so a secret kept beside it serves every
  // request; `npm run shop` on a fresh machine then works without setup and without a known secret.
  if (!env.DATABASE_URL) return embeddedSecret(path.join(path.dirname(path.resolve(env.PGLITE_DIR)), "session-secret"));
  throw new Error(
    "SESSION_SECRET is not set: a production shop on PostgreSQL needs its own secret of 32+ characters, the same in every process",
  );
}

const generated = new Map<string, string>();

/** Reads, or on first use creates, a random secret in a private file. */
export function embeddedSecret(file: string): string {
  const known = generated.get(file);
  if (known) return known;
  let secret = "";
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    /* not made yet */
  }
  if (secret.length < 32) {
    secret = randomBytes(48).toString("base64url");
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    } catch {
      // Another worker wrote it first: use theirs.
      secret = fs.readFileSync(file, "utf8").trim();
    }
  }
  generated.set(file, secret);
  return secret;
}

export function cookieSecure(): boolean {
  const { COOKIE_SECURE, SITE_URL } = serverEnv();
  return COOKIE_SECURE ?? SITE_URL.startsWith("https://");
}

type Sealed = { sid: string };

export async function sealSession(sessionId: string): Promise<string> {
  return sealData({ sid: sessionId } satisfies Sealed, { password: sessionSecret(), ttl: SESSION_DAYS * 86_400 });
}

async function unseal(token: string): Promise<string | null> {
  try {
    const data = await unsealData<Partial<Sealed>>(token, { password: sessionSecret(), ttl: SESSION_DAYS * 86_400 });
    return typeof data.sid === "string" ? data.sid : null;
  } catch {
    return null;
  }
}

export async function createSession(
  db: Db,
  customerId: number,
  userAgent = "",
): Promise<{ token: string; session: Session }> {
  const [session] = await db
    .insert(sessions)
    .values({
      id: randomBytes(24).toString("base64url"),
      customerId,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
      userAgent: userAgent.slice(0, 300),
    })
    .returning();
  return { token: await sealSession(session!.id), session: session! };
}

export type SignedIn = { session: Session; customer: Customer; token: string };

/** When a staff or admin sign-in made now stops working: STAFF_SESSION_HOURS after it was made. */
export function staffSessionCutoff(now = new Date()): Date {
  return new Date(now.getTime() - serverEnv().STAFF_SESSION_HOURS * 3_600_000);
}

/**
 * The live session a token names, or null (bad seal, unknown, expired or revoked). A staff
 * member's session ends STAFF_SESSION_HOURS after sign-in, however active, on the shop's pages too.
 */
export async function readSession(db: Db, token: string | undefined | null): Promise<SignedIn | null> {
  if (!token) return null;
  const sid = await unseal(token);
  if (!sid) return null;
  const [row] = await db
    .select({ session: sessions, customer: customers })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.id, sid),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        or(eq(customers.role, "customer"), gt(sessions.createdAt, staffSessionCutoff())),
      ),
    );
  return row ? { ...row, token } : null;
}

/** Rolling expiry: the session lives another SESSION_DAYS and gets a fresh seal. */
export async function refreshSession(db: Db, signedIn: SignedIn): Promise<string> {
  await db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) })
    .where(eq(sessions.id, signedIn.session.id));
  return sealSession(signedIn.session.id);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeOtherSessions(db: Db, customerId: number, keepSessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.customerId, customerId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

/** After a password reset nobody who knew the old password stays signed in. */
export async function revokeAllSessions(db: Db, customerId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
}

/** The `token` parameter of a call, if one was sent. */
export function tokenParameter(params: { token?: unknown }): string | undefined {
  return typeof params.token === "string" && params.token.trim() ? params.token.trim() : undefined;
}

/** The token of a call: the `token` parameter if sent, else the session cookie. */
export function requestToken(request: NextRequest, params: { token?: unknown }): string | undefined {
  return tokenParameter(params) ?? request.cookies.get(COOKIE.session)?.value;
}

export async function requireSession(db: Db, request: NextRequest, params: { token?: unknown }): Promise<SignedIn> {
  const signedIn = await readSession(db, requestToken(request, params));
  if (!signedIn) throw new ApiError(401, "invalid_token", "Your session has expired. Please log in again.");
  return signedIn;
}

export function setSessionCookie(response: NextResponse, token: string): void {
  response.cookies.set(COOKIE.session, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure(),
    path: "/",
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(COOKIE.session, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure(),
    path: "/",
    maxAge: 0,
  });
}
