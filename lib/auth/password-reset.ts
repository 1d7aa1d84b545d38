import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customers, passwordResetCodes } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { addressKey, hit, peek, rateLimited, release, reserve, type Limit } from "@/lib/security/rate-limit";
import { revokeAllSessions, sessionSecret } from "@/lib/auth/session";
import { findCustomerByEmail } from "@/lib/auth/accounts";
import { clearSignInFailures, emailDigest } from "@/lib/auth/login-throttle";
import { hashPassword, passwordProblem } from "@/lib/auth/passwords";
import { emailField } from "@/lib/auth/schemas";
import { RESET_CODE_DIGITS } from "@/lib/auth/register-fields";
import { sendToTypedAddress } from "@/lib/mail/recipient-limits";
import { RESET_CODE_KIND, resetCodeEmail } from "@/lib/mail/templates/reset-code";

export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_MAX_ATTEMPTS = 5;
/**
 * Code requests are counted per client (the visitor's address) and e-mail address, so a stranger
 * asking for someone's codes uses up only the stranger's own requests. Once an inbox has had
 * perAccount codes in the hour, each client gets only one more, without refusing the owner's first
 * request from their own address. What the inbox is sent in a day is bounded as well (perInbox):
 * past it the answer is the same, no code is mailed, and the last one mailed still works.
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
  /** Codes mailed to one inbox in a day, however many clients ask (e-mail bombing). */
  perInbox: { limit: 20, windowSeconds: 86_400 },
} satisfies Record<string, Limit>;

export const BAD_CODE_MESSAGE =
  "That code is incorrect or has expired. Please check the e-mail we sent, or ask for a new code.";
const badCode = () =>
  new ApiError(400, "bad_request", BAD_CODE_MESSAGE, { fields: { code: "Incorrect or expired code" } });

const CODE_PATTERN = new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`);

export function generateCode(): string {
  return String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, "0");
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
 * Mails a fresh code to the address if it has an account. The caller answers the same
 * either way, and in the same time: the limits are counted alike, and looking the address up,
 * making the code and queueing its mail come after the answer. Only a malformed address is an
 * error.
 */
export async function sendResetCode(db: Db, rawEmail: unknown, ip: string): Promise<void> {
  const parsed = emailField.safeParse(rawEmail);
  if (!parsed.success) throw new ApiError(400, "bad_email", "Invalid email", { fields: { email: "Invalid email" } });
  const email = parsed.data;
  const account = emailDigest(email);
  const flooded = (await peek(db, `reset-email:account:${account}`)) >= RESET_LIMITS.perAccount.limit;
  const ownKey = addressKey(`reset-email:client:${account}`, ip);
  const own = await reserve(db, ownKey, flooded ? RESET_LIMITS.perClientFlooded : RESET_LIMITS.perClient);
  if (!own.allowed) throw rateLimited("code requests for this address", own.retryAfter);
  const address = await reserve(db, addressKey("reset-email", ip), RESET_LIMITS.perAddress);
  if (!address.allowed) {
    await release(db, ownKey);
    throw rateLimited("code requests", address.retryAfter);
  }
  // Known or not, the e-mail address is counted alike, so the limits reveal nobody's account.
  await hit(db, `reset-email:account:${account}`, RESET_LIMITS.perAccount);

  // Past the inbox's limit no code is made, so the code it was last sent still works. Whether
  // there is an account decides what happens next, so it happens after the answer.
  await sendToTypedAddress(
    db,
    { kind: RESET_CODE_KIND, to: email, limit: RESET_LIMITS.perInbox, capped: false, afterAnswer: true },
    async (db) => {
      const customer = await findCustomerByEmail(db, email);
      if (!customer) return null;
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
      return resetCodeEmail({
        firstName: customer.firstName,
        code,
        minutes: RESET_CODE_MINUTES,
        maxAttempts: RESET_CODE_MAX_ATTEMPTS,
      });
    },
  );
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
  const perAddress = addressKey("reset-set", ip);
  const tries = await reserve(db, perAddress, RESET_LIMITS.setPerAddress);
  if (!tries.allowed) throw rateLimited("attempts", tries.retryAfter);
  await setPasswordWithCode(db, input);
  // Only wrong codes count against the address.
  await release(db, perAddress);
  // Whoever just proved they own the address may sign in at once, from anywhere.
  await clearSignInFailures(db, input.email);
}

async function setPasswordWithCode(db: Db, input: { email: string; code: string; password: string }): Promise<void> {
  if (!CODE_PATTERN.test(input.code)) throw badCode();

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
