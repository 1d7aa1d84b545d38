import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { NextResponse } from "next/server";
import type { Db } from "@/lib/db/client";
import type { Customer } from "@/lib/db/schema";
import {
  addressKey,
  hit,
  peek,
  rateLimited,
  release,
  reserve,
  reset,
  resetPrefix,
  type Limit,
} from "@/lib/security/rate-limit";
import { cookieSecure, sessionSecret } from "@/lib/auth/session";
import { COOKIE } from "@/lib/http/cookie-names";

/**
 * Sign-in limits that a stranger cannot turn against a customer.
 *
 * Guesses are counted per client and account: a client is the visitor's address, or a browser
 * that has signed in to that account before (it holds a signed mark, the device cookie). So a
 * stranger's failures use up only the stranger's own tries. An address is also limited in
 * failures across all accounts (spraying), which does not apply to a marked browser, so customers
 * behind one shared address (an office, a mobile network's NAT) still get in from their usual
 * browser. Many failures on one account from everywhere put it under attack: each new client then
 * gets fewer tries, but a client that has not failed always gets its try. Successes never count.
 * This is the well-known device-cookie scheme against online guessing: a lock-out only ever holds
 * the client that earned it, never the account's owner somewhere else.
 */
export const LOGIN_LIMITS = {
  /** Wrong passwords from one client on one account. */
  perClient: { limit: 10, windowSeconds: 15 * 60 },
  /** The same, for a client without a mark once the account is under attack. */
  perClientUnderAttack: { limit: 3, windowSeconds: 15 * 60 },
  /** Wrong passwords from one address (an IPv6 /64) across every account. */
  perAddress: { limit: 100, windowSeconds: 15 * 60 },
  /** Wrong passwords on one account from clients without a mark: past it, the account is under attack. */
  perAccount: { limit: 50, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

const DEVICE_DAYS = 365;
const TOO_MANY = "sign-in attempts";

/** Rate-limit keys name an e-mail address by a digest, so the counters table holds no addresses. */
export function emailDigest(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

/** A client is a browser marked by the device cookie, or else the visitor's address. */
const clientKey = (account: string, device: string | null, ip: string) =>
  device ? `login:client:${account}:device:${device}` : addressKey(`login:client:${account}`, ip);
const accountKey = (account: string) => `login:account:${account}`;
const sprayKey = (ip: string) => addressKey("login", ip);

/** Bound to the password's hash as well, so a new password retires every browser's mark. */
function deviceSignature(customer: Pick<Customer, "id" | "passwordHash">, issued: number, nonce: string): string {
  return createHmac("sha256", sessionSecret())
    .update(`login-device:${customer.id}.${issued}.${nonce}:`)
    .update(customer.passwordHash)
    .digest("base64url");
}

export function deviceCookieValue(customer: Pick<Customer, "id" | "passwordHash">, now = Date.now()): string {
  const issued = Math.floor(now / 1000);
  const nonce = randomBytes(12).toString("base64url");
  return `${customer.id}.${issued}.${nonce}.${deviceSignature(customer, issued, nonce)}`;
}

/** The browser's id when `value` is a live mark of this customer's, else null. */
export function trustedDevice(
  value: string | undefined,
  customer: Pick<Customer, "id" | "passwordHash">,
  now = Date.now(),
): string | null {
  const m = value ? /^(\d{1,12})\.(\d{1,12})\.([\w-]{16})\.([\w-]{43})$/.exec(value) : null;
  if (!m || Number(m[1]) !== customer.id) return null;
  const issued = Number(m[2]);
  if ((issued + DEVICE_DAYS * 86_400) * 1000 <= now || issued * 1000 > now + 60_000) return null;
  const expected = Buffer.from(deviceSignature(customer, issued, m[3]!));
  const given = Buffer.from(m[4]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[3]! : null;
}

/** Marks this browser as one the customer signs in from. Only the API's calls need it. */
export function setDeviceCookie(response: NextResponse, customer: Pick<Customer, "id" | "passwordHash">): void {
  response.cookies.set(COOKIE.device, deviceCookieValue(customer), {
    httpOnly: true,
    sameSite: "strict",
    secure: cookieSecure(),
    path: "/api",
    maxAge: DEVICE_DAYS * 86_400,
  });
}

export type SignInAttempt = { succeeded: () => Promise<void>; failed: () => Promise<void> };

/**
 * Takes one try for this client before the password is checked (so parallel guesses cannot all
 * slip through), or throws a 429. The caller reports how it went: a success gives the try back.
 */
export async function beginSignIn(
  db: Db,
  input: { email: string; ip: string; customer: Pick<Customer, "id" | "passwordHash"> | null; deviceMark?: string },
): Promise<SignInAttempt> {
  const account = emailDigest(input.email);
  const device = input.customer ? trustedDevice(input.deviceMark, input.customer) : null;
  const ownTries = clientKey(account, device, input.ip);
  const underAttack = !device && (await peek(db, accountKey(account))) >= LOGIN_LIMITS.perAccount.limit;
  const own = await reserve(db, ownTries, underAttack ? LOGIN_LIMITS.perClientUnderAttack : LOGIN_LIMITS.perClient);
  if (!own.allowed) throw rateLimited(TOO_MANY, own.retryAfter);
  if (!device) {
    const address = await reserve(db, sprayKey(input.ip), LOGIN_LIMITS.perAddress);
    if (!address.allowed) {
      await release(db, ownTries);
      throw rateLimited(TOO_MANY, address.retryAfter);
    }
  }
  return {
    succeeded: async () => {
      await reset(db, ownTries);
      if (!device) await release(db, sprayKey(input.ip));
    },
    failed: async () => {
      if (!device) await hit(db, accountKey(account), LOGIN_LIMITS.perAccount);
    },
  };
}

/** Whoever has just proved they own the e-mail address starts again with a clean slate. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  const account = emailDigest(email);
  await resetPrefix(db, `login:client:${account}:`);
  await reset(db, accountKey(account));
}
