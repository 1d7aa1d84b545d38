/**
 * Helpers for the back office's tests: a member of staff (or admin) made as any customer is, then
 * given the role, with a signed-in cookie jar; and the context a back-office call hands its lib
 * functions.
 */
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customers } from "@/lib/db/schema";
import { makeCustomer, type TestCustomer } from "@/test/support/auth";
import { createSession } from "@/lib/auth/session";
import { COOKIE } from "@/lib/http/cookie-names";
import type { AdminContext, StaffMember } from "@/lib/admin/guard";
import type { StaffRole } from "@/lib/admin/roles";
import { ApiError } from "@/lib/api/errors";

export type TestStaff = TestCustomer & { staff: StaffMember };

/** A signed-in member of staff: `jar` carries the session cookie for call() from test/support/api-client. */
export async function makeStaff(db: Db, role: StaffRole = "staff"): Promise<TestStaff> {
  const made = await makeCustomer(db, {
    first_name: role === "admin" ? "Nomsa" : "Pieter",
    last_name: role === "admin" ? "Dlamini" : "van Wyk",
  });
  await db.update(customers).set({ role }).where(eq(customers.id, made.customer.id));
  // The role came after the session: sign in again, as a real member of staff would have.
  const { token } = await createSession(db, made.customer.id, "jest");
  made.jar.set(COOKIE.session, token);
  const staff: StaffMember = {
    id: made.customer.id,
    email: made.email,
    name: `${made.customer.firstName} ${made.customer.lastName}`,
    role,
  };
  return { ...made, customer: { ...made.customer, role }, token, staff };
}

/** What adminRoute hands a handler, for calling the back office's lib functions directly. */
export function adminContext(db: Db, staff: StaffMember, ip = "192.0.2.10"): AdminContext {
  return { db, staff, ip };
}

/** Same-origin browser headers, as the back office's own pages send them. */
export const SAME_ORIGIN = { origin: "http://shop.test", "sec-fetch-site": "same-origin" } as const;

/** The ApiError a back-office function refused with; fails the test when it did not refuse. */
export async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}
