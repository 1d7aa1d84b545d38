import "server-only";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customers, type Customer } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { findCustomerByEmail } from "@/lib/auth/accounts";
import { assertAcceptablePassword, hashPassword } from "@/lib/auth/passwords";
import { revokeAllSessions } from "@/lib/auth/session";
import { recordAudit } from "@/lib/admin/audit";
import type { AdminContext } from "@/lib/admin/guard";
import { can, isStaffRole, rolesThatCan, STAFF_ROLE_LABELS, type Role, type StaffRole } from "@/lib/admin/roles";
import { inviteStaff, type PendingInvitation } from "@/lib/admin/invitations";

export type StaffRow = Pick<Customer, "id" | "email" | "firstName" | "lastName" | "role" | "createdAt">;

const STAFF_COLUMNS = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  role: customers.role,
  createdAt: customers.createdAt,
};

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db
    .select(STAFF_COLUMNS)
    .from(customers)
    .where(ne(customers.role, "customer"))
    .orderBy(asc(customers.role), asc(customers.email));
}

/**
 * Sets an account's role and ends every session it has: a sign-in made under the old role must
 * not carry into the new one, whichever way the role moved.
 */
async function setRole(tx: Db, customerId: number, role: Role): Promise<void> {
  await tx.update(customers).set({ role, updatedAt: new Date() }).where(eq(customers.id, customerId));
  await revokeAllSessions(tx, customerId);
}

/** Gives an account a new role (`after.role`) as a member of staff, and writes that to the audit log. */
async function auditedRole(
  tx: Db,
  ctx: AdminContext,
  account: Pick<Customer, "id" | "role">,
  action: "staff.role-change" | "staff.revoke",
  after: { role: Role; email?: string },
): Promise<void> {
  await setRole(tx, account.id, after.role);
  await recordAudit(tx, {
    staffId: ctx.staff.id,
    action,
    entity: "staff",
    entityId: account.id,
    before: { role: account.role },
    after,
    ip: ctx.ip,
  });
}

export type AdminAccountResult = { customer: Customer; created: boolean };

/**
 * `npm run admin:create`: makes an admin account with this password, or makes an existing account
 * an admin with this password. Its sessions end either way.
 */
export async function createAdminAccount(db: Db, email: string, password: string): Promise<AdminAccountResult> {
  assertAcceptablePassword(password, email);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const existing = await findCustomerByEmail(tx, email);
    let customer: Customer;
    if (existing) {
      [customer] = (await tx
        .update(customers)
        .set({ passwordHash, role: "admin", updatedAt: new Date() })
        .where(eq(customers.id, existing.id))
        .returning()) as [Customer];
      await revokeAllSessions(tx, customer.id);
    } else {
      [customer] = (await tx.insert(customers).values({ email, passwordHash, role: "admin" }).returning()) as [
        Customer,
      ];
    }
    await recordAudit(tx, {
      staffId: customer.id,
      action: existing ? "staff.promote" : "staff.create",
      entity: "staff",
      entityId: customer.id,
      before: existing ? { role: existing.role } : null,
      after: { role: "admin", by: "admin:create command" },
      ip: "command line",
    });
    return { customer, created: !existing };
  });
}

export type GrantResult =
  { kind: "invited"; invitation: PendingInvitation } | { kind: "changed"; staff: StaffRow & { role: StaffRole } };

/**
 * Gives the back office to an e-mail address. Someone who is staff already changes role at once
 * (they proved the address when they joined); anyone else, an existing customer account included,
 * is only invited: the role comes with accepting the e-mailed link, which sets a new password.
 */
export async function grantRole(ctx: AdminContext, input: { email: string; role: StaffRole }): Promise<GrantResult> {
  const { db, staff } = ctx;
  const email = input.email.trim().toLowerCase();
  const changed = await db.transaction(async (tx) => {
    const existing = await findCustomerByEmail(tx, email);
    if (existing?.id === staff.id) throw new ApiError(409, "own_role", "You cannot change your own role.");
    if (!existing || !isStaffRole(existing.role)) return null;
    if (existing.role === input.role)
      throw new ApiError(409, "role_unchanged", `${existing.email} is already ${STAFF_ROLE_LABELS[input.role].one}.`);
    await auditedRole(tx, ctx, existing, "staff.role-change", { role: input.role, email: existing.email });
    return { ...existing, role: input.role };
  });
  if (!changed) return { kind: "invited", invitation: await inviteStaff(ctx, { email, role: input.role }) };
  const { id, firstName, lastName, role, createdAt } = changed;
  return { kind: "changed", staff: { id, email: changed.email, firstName, lastName, role, createdAt } };
}

/** Takes the back office away from an account: it becomes a customer, signed out everywhere. */
export async function revokeRole(ctx: AdminContext, customerId: number): Promise<StaffRow> {
  const { db, staff } = ctx;
  if (customerId === staff.id) throw new ApiError(409, "own_role", "You cannot take away your own role.");
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).for("update");
    if (!row || row.role === "customer") throw new ApiError(404, "staff_not_found", "No member of staff has that id.");
    // Someone must still be able to manage staff.
    if (can(row.role, "staff")) {
      const [{ admins }] = (await tx
        .select({ admins: sql<number>`count(*)::int` })
        .from(customers)
        .where(and(inArray(customers.role, rolesThatCan("staff")), ne(customers.id, row.id)))) as [{ admins: number }];
      if (admins === 0) throw new ApiError(409, "last_admin", "The shop needs at least one admin.");
    }
    await auditedRole(tx, ctx, row, "staff.revoke", { role: "customer" });
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: "customer" as const,
      createdAt: row.createdAt,
    };
  });
}
