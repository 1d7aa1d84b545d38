import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customers, mailOutbox, passwordResetCodes } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { addressGroup } from "@/lib/api/client-ip";
import { hit, peek, rateLimited, release, reserve, type Limit } from "@/lib/security/rate-limit";
import { revokeAllSessions, sessionSecret } from "@/lib/auth/session";
import { findCustomerByEmail } from "@/lib/auth/accounts";
import { clearSignInFailures, emailDigest } from "@/lib/auth/login-throttle";
import { hashPassword, passwordProblem } from "@/lib/auth/passwords";
import { emailField } from "@/lib/auth/schemas";
import { sendMail } from "@/lib/mail/mail";
import { resetCodeEmail } from "@/lib/mail/templates/reset-code";

export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_MAX_ATTEMPTS = 5;
/**
 * Code requests are counted per client (the visitor's address) and e-mail address, so a stranger
 * asking for someone's codes uses up only the stranger's own requests. Once an inbox has had
 * perAccount codes in the hour, each client gets only one more: that bounds the flood without
 * ever refusing the owner's first request from their own address.
 */
export const RESET_LIMITS = {
  /** Codes one address may ask for, for one e-mail address: enough for a lost e-mail or two. */
  perClient: { limit: 3, windowSeconds: 60 * 60 },
  /** The same, once the e-mail address has had perAccount codes in the hour. */
  perClientFlooded: { limit: 1, windowSeconds: 60 * 60 },
  /** Codes mailed to one e-mail address in an hour before each client gets only one. */
  perAccount: { limit: 10, windowSeconds: 60 * 60 },
  /** Requests from one address across every e-mail address. */
  perAddress: { limit: 20, windowSeconds: 60 * 60 },
  /** Wrong codes from one address across every e-mail address (a right one is not counted). */
  setPerAddress: { limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export const BAD_CODE_MESSAGE =
  "That code is incorrect or has expired. Please check the e-mail we sent, or ask for a new code.";
const badCode = () =>
  new ApiError(400, "bad_request", BAD_CODE_MESSAGE, { fields: { code: "Incorrect or expired code" } });

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Keyed with the session secret: a copied table does not give the codes away by brute force offline. */
export function hashCode(customerId: number, code: string): string {
  return createHmac("sha256", sessionSecret()).update(`password-reset:${customerId}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Mails a fresh 6-digit code to the address if it has an account. The caller answers the same
 * either way, so nobody learns who has an account; only a malformed address is an error.
 */
export async function sendResetCode(db: Db, rawEmail: unknown, ip: string): Promise<void> {
  const parsed = emailField.safeParse(rawEmail);
  if (!parsed.success) throw new ApiError(400, "bad_email", "Invalid email", { fields: { email: "Invalid email" } });
  const email = parsed.data;
  const account = emailDigest(email);
  const group = addressGroup(ip);
  const flooded = (await peek(db, `reset-email:account:${account}`)) >= RESET_LIMITS.perAccount.limit;
  const ownKey = `reset-email:client:${account}:${group}`;
  const own = await reserve(db, ownKey, flooded ? RESET_LIMITS.perClientFlooded : RESET_LIMITS.perClient);
  if (!own.allowed) throw rateLimited("code requests for this address", own.retryAfter);
  const address = await reserve(db, `reset-email:address:${group}`, RESET_LIMITS.perAddress);
  if (!address.allowed) {
    await release(db, ownKey);
    throw rateLimited("code requests", address.retryAfter);
  }
  // Known or not, the e-mail address is counted alike, so the limits reveal nobody's account.
  await hit(db, `reset-email:account:${account}`, RESET_LIMITS.perAccount);

  const customer = await findCustomerByEmail(db, email);
  if (!customer) return;
  const code = generateCode();
  await db.transaction(async (tx) => {
    // Only the newest code works.
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.customerId, customer.id), isNull(passwordResetCodes.usedAt)));
    await tx.insert(passwordResetCodes).values({
      customerId: customer.id,
      codeHash: hashCode(customer.id, code),
      expiresAt: new Date(Date.now() + RESET_CODE_MINUTES * 60_000),
    });
  });
  const mail = resetCodeEmail({
    to: customer.email,
    firstName: customer.firstName,
    code,
    minutes: RESET_CODE_MINUTES,
    maxAttempts: RESET_CODE_MAX_ATTEMPTS,
  });
  const { id, sent } = await sendMail(db, mail);
  if (sent) {
    // Delivered: the outbox copy need not hold a live code (codes are only ever stored hashed).
    await db
      .update(mailOutbox)
      .set({
        text: sql`replace(${mailOutbox.text}, ${code}, '••••••')`,
        html: sql`replace(${mailOutbox.html}, ${code}, '••••••')`,
      })
      .where(eq(mailOutbox.id, id));
  }
}

/**
 * Sets a new password with a mailed code: wrong, expired, used and unknown all get the same
 * bad_request; the fifth wrong try kills the code; success signs out every session.
 */
export async function resetPassword(
  db: Db,
  input: { email: string; code: string; password: string },
  ip: string,
): Promise<void> {
  const problem = passwordProblem(input.password, input.email);
  // Every error of this call is a bad_request, a weak password included.
  if (problem) throw new ApiError(400, "bad_request", problem, { fields: { password: problem } });
  const addressKey = `reset-set:address:${addressGroup(ip)}`;
  const tries = await reserve(db, addressKey, RESET_LIMITS.setPerAddress);
  if (!tries.allowed) throw rateLimited("attempts", tries.retryAfter);
  await setPasswordWithCode(db, input);
  // Only wrong codes count against the address.
  await release(db, addressKey);
  // Whoever just proved they own the address may sign in at once, from anywhere.
  await clearSignInFailures(db, input.email);
}

async function setPasswordWithCode(db: Db, input: { email: string; code: string; password: string }): Promise<void> {
  if (!/^\d{6}$/.test(input.code)) throw badCode();

  const customer = await findCustomerByEmail(db, input.email);
  if (!customer) throw badCode();
  const [row] = await db
    .select()
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.customerId, customer.id), isNull(passwordResetCodes.usedAt)))
    .orderBy(desc(passwordResetCodes.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= RESET_CODE_MAX_ATTEMPTS) throw badCode();

  if (!sameHash(hashCode(customer.id, input.code), row.codeHash)) {
    await db
      .update(passwordResetCodes)
      .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
      .where(and(eq(passwordResetCodes.id, row.id), lt(passwordResetCodes.attempts, RESET_CODE_MAX_ATTEMPTS)));
    throw badCode();
  }

  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // The conditions again, atomically: two requests racing with one code cannot both use it.
    const used = await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetCodes.id, row.id),
          isNull(passwordResetCodes.usedAt),
          lt(passwordResetCodes.attempts, RESET_CODE_MAX_ATTEMPTS),
          gt(passwordResetCodes.expiresAt, new Date()),
        ),
      )
      .returning({ id: passwordResetCodes.id });
    if (used.length === 0) throw badCode();
    await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customer.id));
    await revokeAllSessions(tx, customer.id);
  });
}
