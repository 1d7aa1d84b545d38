import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customers, type Customer } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { findCustomerByEmail } from "@/lib/auth/accounts";
import { assertAcceptablePassword, hashPassword } from "@/lib/auth/passwords";
import { sendResetCode } from "@/lib/auth/password-reset";
import { revokeAllSessions } from "@/lib/auth/session";
import { recordAudit } from "@/lib/admin/audit";
import type { AdminContext } from "@/lib/admin/guard";
import type { Role, StaffRole } from "@/lib/admin/roles";

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

export type GrantResult = { staff: StaffRow; invited: boolean };

/**
 * Gives a role to the account with this address, or makes the account and e-mails its owner a code
 * to set a password (the forgotten-password flow), so no password ever passes through staff.
 */
export async function grantRole(
  ctx: AdminContext,
  input: { email: string; role: StaffRole; firstName?: string; lastName?: string },
): Promise<GrantResult> {
  const { db, staff, ip } = ctx;
  const result = await db.transaction(async (tx) => {
    const existing = await findCustomerByEmail(tx, input.email);
    if (existing?.id === staff.id) throw new ApiError(409, "own_role", "You cannot change your own role.");
    let row: Customer;
    if (existing) {
      if (existing.role === input.role)
        throw new ApiError(
          409,
          "role_unchanged",
          `${existing.email} is already ${input.role === "admin" ? "an admin" : "staff"}.`,
        );
      await setRole(tx, existing.id, input.role);
      row = { ...existing, role: input.role };
    } else {
      // Nobody knows this password: the invitee sets their own with the mailed code.
      const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
      [row] = (await tx
        .insert(customers)
        .values({
          email: input.email,
          passwordHash,
          role: input.role,
          firstName: input.firstName ?? "",
          lastName: input.lastName ?? "",
        })
        .returning()) as [Customer];
    }
    await recordAudit(tx, {
      staffId: staff.id,
      action: existing ? "staff.promote" : "staff.invite",
      entity: "staff",
      entityId: row.id,
      before: existing ? { role: existing.role } : null,
      after: { role: input.role, email: row.email },
      ip,
    });
    return { row, invited: !existing };
  });
  if (result.invited) await sendResetCode(db, result.row.email, ip);
  const { id, email, firstName, lastName, role, createdAt } = result.row;
  return { staff: { id, email, firstName, lastName, role, createdAt }, invited: result.invited };
}

/** Takes the back office away from an account: it becomes a customer, signed out everywhere. */
export async function revokeRole(ctx: AdminContext, customerId: number): Promise<StaffRow> {
  const { db, staff, ip } = ctx;
  if (customerId === staff.id) throw new ApiError(409, "own_role", "You cannot take away your own role.");
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).for("update");
    if (!row || row.role === "customer") throw new ApiError(404, "staff_not_found", "No member of staff has that id.");
    if (row.role === "admin") {
      const [{ admins }] = (await tx
        .select({ admins: sql<number>`count(*)::int` })
        .from(customers)
        .where(and(eq(customers.role, "admin"), ne(customers.id, row.id)))) as [{ admins: number }];
      if (admins === 0) throw new ApiError(409, "last_admin", "The shop needs at least one admin.");
    }
    await setRole(tx, row.id, "customer");
    await recordAudit(tx, {
      staffId: staff.id,
      action: "staff.revoke",
      entity: "staff",
      entityId: row.id,
      before: { role: row.role },
      after: { role: "customer" },
      ip,
    });
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
