import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { customers, passwordResetCodes, staffInvitations, type Customer } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { serverEnv } from "@/lib/config/env";
import { addressKey, enforce, type Limit } from "@/lib/security/rate-limit";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { createSession, revokeAllSessions } from "@/lib/auth/session";
import { hashPassword, passwordProblem } from "@/lib/auth/passwords";
import { clearSignInFailures } from "@/lib/auth/login-throttle";
import { isValidName, MESSAGES } from "@/lib/forms/validation";
import { sendMail } from "@/lib/mail/mail";
import { staffInvitationEmail } from "@/lib/mail/templates/staff-invitation";
import { recordAudit } from "@/lib/admin/audit";
import { formatLongDateTime } from "@/lib/admin/format";
import { invitationLink } from "@/lib/admin/invitation-link";
import { higherRole, type Role, type StaffRole } from "@/lib/admin/roles";
import type { AdminContext } from "@/lib/admin/guard";

/**
 * Staff access by invitation: an admin names an e-mail address and a role, the address gets a
 * link, and only whoever opens that link and sets a new password gets the role. An account that
 * already uses the address is never promoted as it stands: its password is replaced and its
 * sessions end, so someone who registered the address first keeps nothing.
 */

/** Look-ups and acceptances of invitation links per network address. */
export const INVITATION_LINK_LIMIT: Limit = { limit: 30, windowSeconds: 15 * 60 };

export function invitationDays(): number {
  return serverEnv().STAFF_INVITATION_DAYS;
}

export function generateInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A 256-bit random token needs no key or slow hash: the hash is kept so a copied table opens nothing. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(`staff-invitation:${token}`).digest("hex");
}

export type InvitationState = "open" | "expired" | "accepted" | "withdrawn" | "replaced";

type Ends = Pick<typeof staffInvitations.$inferSelect, "acceptedAt" | "withdrawnAt" | "replacedAt" | "expiresAt">;

export function invitationState(row: Ends, now = new Date()): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.withdrawnAt) return "withdrawn";
  if (row.replacedAt) return "replaced";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

const ASK_AGAIN = "Please ask the shop owner for a new invitation.";

/** What a link that no longer works says: why, and what to do; nothing about whom it was for. */
export const LINK_REFUSALS = {
  unknown: { status: 404, code: "invitation_unknown", message: `This invitation link is not valid. ${ASK_AGAIN}` },
  expired: { status: 410, code: "invitation_expired", message: `This invitation has expired. ${ASK_AGAIN}` },
  accepted: {
    status: 410,
    code: "invitation_used",
    message: `This invitation has already been used. If that was you, sign in with the password you chose; if not, ${ASK_AGAIN.toLowerCase()}`,
  },
  withdrawn: { status: 410, code: "invitation_withdrawn", message: `This invitation was withdrawn. ${ASK_AGAIN}` },
  replaced: {
    status: 410,
    code: "invitation_replaced",
    message: "A newer invitation was sent to this address: only the link in the latest e-mail works.",
  },
} as const satisfies Record<
  Exclude<InvitationState, "open"> | "unknown",
  { status: number; code: string; message: string }
>;

function refusal(state: keyof typeof LINK_REFUSALS): ApiError {
  const r = LINK_REFUSALS[state];
  return new ApiError(r.status, r.code, r.message);
}

/** An open invitation as the staff page lists it. */
export type PendingInvitation = {
  id: number;
  email: string;
  role: StaffRole;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
};

const openOnly = and(
  isNull(staffInvitations.acceptedAt),
  isNull(staffInvitations.withdrawnAt),
  isNull(staffInvitations.replacedAt),
);

const inviterName = (c: Pick<Customer, "firstName" | "lastName" | "email"> | null) =>
  c ? `${c.firstName} ${c.lastName}`.trim() || c.email : "";

/** Invitations not yet accepted, withdrawn or replaced, newest first; an expired one until it is resent or withdrawn. */
export async function listPendingInvitations(db: Db, now = new Date()): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      invitation: staffInvitations,
      inviter: { firstName: customers.firstName, lastName: customers.lastName, email: customers.email },
    })
    .from(staffInvitations)
    .leftJoin(customers, eq(customers.id, staffInvitations.invitedBy))
    .where(openOnly)
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
  return rows.map(({ invitation: i, inviter }) => ({
    id: i.id,
    email: i.email,
    role: i.role,
    invitedBy: inviterName(inviter),
    createdAt: i.createdAt,
    expiresAt: i.expiresAt,
    expired: i.expiresAt.getTime() <= now.getTime(),
  }));
}

type Opened = { invitation: typeof staffInvitations.$inferSelect; token: string; replaced: number[] };

/**
 * Writes a new invitation to `email` in `tx`, ending any open one to the same address (only the
 * newest link works). The database allows one open invitation per address, so two admins
 * inviting the same address at once cannot both succeed.
 */
async function openInvitation(
  tx: Db,
  input: { email: string; role: StaffRole; invitedBy: number },
  now: Date,
): Promise<Opened> {
  const replaced = await tx
    .update(staffInvitations)
    .set({ replacedAt: now })
    .where(and(eq(staffInvitations.email, input.email), openOnly))
    .returning({ id: staffInvitations.id });
  const token = generateInvitationToken();
  const [invitation] = await tx
    .insert(staffInvitations)
    .values({
      email: input.email,
      role: input.role,
      tokenHash: hashInvitationToken(token),
      invitedBy: input.invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + invitationDays() * 86_400_000),
    })
    .returning();
  return { invitation: invitation!, token, replaced: replaced.map((r) => r.id) };
}

const busy = () =>
  new ApiError(
    409,
    "invitation_busy",
    "Another invitation to this address was sent at the same moment. Reload the page to see it.",
  );

async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw busy();
    throw err;
  }
}

/** Mails the link. Once delivered by SMTP, the outbox copy keeps no live token. */
async function mailInvitation(db: Db, opened: Opened, inviter: string): Promise<void> {
  const { invitation, token } = opened;
  const siteUrl = serverEnv().SITE_URL;
  const mail = staffInvitationEmail({
    to: invitation.email,
    invitedBy: inviter,
    role: invitation.role,
    url: invitationLink(siteUrl, token),
    expires: formatLongDateTime(invitation.expiresAt),
    shopUrl: siteUrl,
  });
  await sendMail(db, { ...mail, secret: token });
}

function toPending(row: typeof staffInvitations.$inferSelect, invitedBy: string, now: Date): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

/** Invites `email` (already trimmed and lower-cased) to `role`; any earlier open invitation to it stops working. */
export async function inviteStaff(
  ctx: AdminContext,
  input: { email: string; role: StaffRole },
  now = new Date(),
): Promise<PendingInvitation> {
  const { db, staff, ip } = ctx;
  const opened = await inTransaction(db, async (tx) => {
    const made = await openInvitation(tx, { ...input, invitedBy: staff.id }, now);
    await recordAudit(tx, {
      staffId: staff.id,
      action: "staff.invite",
      entity: "staff-invitation",
      entityId: made.invitation.id,
      before: made.replaced.length ? { replaces: made.replaced } : null,
      after: { email: input.email, role: input.role, expiresAt: made.invitation.expiresAt.toISOString() },
      ip,
    });
    return made;
  });
  await mailInvitation(db, opened, staff.name);
  return toPending(opened.invitation, staff.name, now);
}

const notPending = () =>
  new ApiError(
    404,
    "invitation_not_found",
    "No pending invitation has that id: it may have been accepted or withdrawn.",
  );

async function lockPending(tx: Db, id: number) {
  const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for("update");
  if (!row || row.acceptedAt || row.withdrawnAt || row.replacedAt) throw notPending();
  return row;
}

/** Sends a pending (or expired) invitation again with a new link and a new expiry; the old link stops working. */
export async function resendInvitation(ctx: AdminContext, id: number, now = new Date()): Promise<PendingInvitation> {
  const { db, staff, ip } = ctx;
  const opened = await inTransaction(db, async (tx) => {
    const old = await lockPending(tx, id);
    const made = await openInvitation(tx, { email: old.email, role: old.role, invitedBy: staff.id }, now);
    await recordAudit(tx, {
      staffId: staff.id,
      action: "staff.invite-resend",
      entity: "staff-invitation",
      entityId: made.invitation.id,
      before: { invitation: old.id, expiresAt: old.expiresAt.toISOString() },
      after: { invitation: made.invitation.id, expiresAt: made.invitation.expiresAt.toISOString() },
      ip,
    });
    return made;
  });
  await mailInvitation(db, opened, staff.name);
  return toPending(opened.invitation, staff.name, now);
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function withdrawInvitation(ctx: AdminContext, id: number, now = new Date()): Promise<{ email: string }> {
  const { db, staff, ip } = ctx;
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    await tx.update(staffInvitations).set({ withdrawnAt: now }).where(eq(staffInvitations.id, row.id));
    await recordAudit(tx, {
      staffId: staff.id,
      action: "staff.invite-withdraw",
      entity: "staff-invitation",
      entityId: row.id,
      before: { email: row.email, role: row.role },
      after: { withdrawn: true },
      ip,
    });
    return { email: row.email };
  });
}

/* ---------------------------------------------------------------------------------------------
 * The invited person's side: the link's page and its one call
 * ------------------------------------------------------------------------------------------- */

/** What the accept page shows about an open invitation to whoever holds its link. */
export type InvitationView = {
  email: string;
  role: StaffRole;
  invitedBy: string;
  expiresAt: Date;
  /** The account that uses the address, whose password accepting replaces; null: one is made. */
  account: { firstName: string; lastName: string } | null;
};

async function findByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      invitation: staffInvitations,
      inviter: { firstName: customers.firstName, lastName: customers.lastName, email: customers.email },
    })
    .from(staffInvitations)
    .leftJoin(customers, eq(customers.id, staffInvitations.invitedBy))
    .where(eq(staffInvitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  return row ?? null;
}

const accountByEmail = (email: string) => eq(sql`lower(${customers.email})`, email);

/** The open invitation a link names, or the refusal that says why it no longer works. */
export async function viewInvitation(db: Db, token: string, ip: string, now = new Date()): Promise<InvitationView> {
  await enforce(db, addressKey("staff-invitation", ip), INVITATION_LINK_LIMIT, "tries with invitation links");
  const found = await findByToken(db, token);
  if (!found) throw refusal("unknown");
  const state = invitationState(found.invitation, now);
  if (state !== "open") throw refusal(state);
  const [account] = await db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(accountByEmail(found.invitation.email))
    .limit(1);
  return {
    email: found.invitation.email,
    role: found.invitation.role,
    invitedBy: inviterName(found.inviter),
    expiresAt: found.invitation.expiresAt,
    account: account ?? null,
  };
}

const optionalName = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || isValidName(v), MESSAGES.name);

/** The accept call's parameters; the token as the link gave it, the password as typed. */
export const acceptInvitationSchema = z.object({
  token: z
    .string({ error: "The invitation link is incomplete: open it from the e-mail again" })
    .trim()
    .min(1, "The invitation link is incomplete: open it from the e-mail again")
    .max(200, "The invitation link is not valid"),
  password: z.string({ error: "Please choose a password" }).min(1, "Please choose a password").max(1024),
  first_name: optionalName,
  last_name: optionalName,
});
export const viewInvitationSchema = acceptInvitationSchema.pick({ token: true });

export type AcceptInput = { token: string; password: string; firstName?: string; lastName?: string };
export type Accepted = { customer: Customer; sessionToken: string };

/**
 * Accepts an invitation in one transaction: the invitation is claimed (one of two racing accepts
 * wins), then the account of the address gets the new password and the role, every earlier
 * session of it ends and its unused reset codes die; without an account one is made. The person
 * is then signed in with a fresh session.
 */
export async function acceptInvitation(
  db: Db,
  input: AcceptInput,
  client: { ip: string; userAgent: string },
  now = new Date(),
): Promise<Accepted> {
  await enforce(db, addressKey("staff-invitation", client.ip), INVITATION_LINK_LIMIT, "tries with invitation links");
  const found = await findByToken(db, input.token);
  if (!found) throw refusal("unknown");
  const state = invitationState(found.invitation, now);
  if (state !== "open") throw refusal(state);
  const { invitation } = found;
  const problem = passwordProblem(input.password, invitation.email);
  if (problem) throw new ApiError(400, "weak_password", problem, { fields: { password: problem } });
  const passwordHash = await hashPassword(input.password);

  const accepted = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(staffInvitations.id, invitation.id), openOnly, gt(staffInvitations.expiresAt, now)))
      .returning({ id: staffInvitations.id });
    if (claimed.length === 0) {
      const [again] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
      const late = again ? invitationState(again, now) : "unknown";
      throw refusal(late === "open" ? "unknown" : late);
    }
    const names = {
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName ? { lastName: input.lastName } : {}),
    };
    const [made] = await tx
      .insert(customers)
      .values({ email: invitation.email, passwordHash, role: invitation.role, ...names })
      .onConflictDoNothing()
      .returning();
    let customer = made;
    let before: Role | null = null;
    if (!customer) {
      const [existing] = await tx.select().from(customers).where(accountByEmail(invitation.email)).for("update");
      before = existing!.role;
      [customer] = await tx
        .update(customers)
        // Accepting never lowers a role the account got meanwhile (an admin stays an admin).
        .set({ passwordHash, role: higherRole(before, invitation.role), ...names, updatedAt: now })
        .where(eq(customers.id, existing!.id))
        .returning();
    }
    if (!customer) throw new Error("the invited account is missing");
    await revokeAllSessions(tx, customer.id);
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(and(eq(passwordResetCodes.customerId, customer.id), isNull(passwordResetCodes.usedAt)));
    await recordAudit(tx, {
      staffId: customer.id,
      action: "staff.accept",
      entity: "staff",
      entityId: customer.id,
      before: before ? { role: before } : null,
      after: { role: customer.role, invitation: invitation.id, email: invitation.email, created: !before },
      ip: client.ip,
    });
    const { token } = await createSession(tx, customer.id, client.userAgent);
    return { customer, sessionToken: token };
  });
  // Whoever just proved they hold the mailbox may sign in at once, from anywhere.
  await clearSignInFailures(db, invitation.email);
  return accepted;
}
