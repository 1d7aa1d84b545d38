import "server-only";
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { connection, type NextRequest } from "next/server";
import { getDb, type Db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { readSession } from "@/lib/auth/session";
import { COOKIE } from "@/lib/http/cookie-names";
import { enforce, type Limit } from "@/lib/security/rate-limit";
import { can, isStaffRole, type Capability, type StaffRole } from "@/lib/admin/roles";

/** The signed-in member of staff, as every back-office page and call sees them. */
export type StaffMember = { id: number; email: string; name: string; role: StaffRole };

/** What a back-office call knows about who makes it and from where (for the audit log). */
export type AdminContext = { staff: StaffMember; ip: string; db: Db };

/** Changes per member of staff a minute: generous for a person, a wall for a runaway script. */
export const ADMIN_CHANGE_LIMIT: Limit = { limit: 120, windowSeconds: 60 };

/** The signed-in account behind a session token (null: none, or expired), as a member of staff if it is one. */
async function readerForToken(
  token: string | undefined,
): Promise<{ signedIn: false } | { signedIn: true; staff: StaffMember | null }> {
  if (!token) return { signedIn: false };
  const signedIn = await readSession(await getDb(), token);
  const c = signedIn?.customer;
  if (!c) return { signedIn: false };
  if (!isStaffRole(c.role)) return { signedIn: true, staff: null };
  return {
    signedIn: true,
    staff: { id: c.id, email: c.email, name: `${c.firstName} ${c.lastName}`.trim() || c.email, role: c.role },
  };
}

async function staffForToken(token: string | undefined): Promise<StaffMember | null> {
  const reader = await readerForToken(token);
  return reader.signedIn ? reader.staff : null;
}

export function staffForRequest(request: NextRequest): Promise<StaffMember | null> {
  return staffForToken(request.cookies.get(COOKIE.session)?.value);
}

/**
 * For server components: reads the request's cookies, so call it inside <Suspense>. The session's
 * expiry is checked against the clock, which a page may only read once it is rendered per request.
 */
export async function staffForPage(): Promise<StaffMember | null> {
  await connection();
  return staffForToken((await cookies()).get(COOKIE.session)?.value);
}

/** Where someone signed out (or whose session ended) is sent from a back-office page: back here after. */
export const STAFF_SIGN_IN = "/login?next=/admin";

/**
 * A page of the back office: the member of staff whose role may do `capability`. Nobody signed in
 * (a session that ended, or after "Log out") is sent to the sign-in page; a customer, or too low a
 * role, gets the ordinary 404 any unknown address gets.
 */
export async function requireStaffPage(capability: Capability): Promise<StaffMember> {
  await connection();
  const reader = await readerForToken((await cookies()).get(COOKIE.session)?.value);
  if (!reader.signedIn) redirect(STAFF_SIGN_IN);
  if (!reader.staff || !can(reader.staff.role, capability)) notFound();
  return reader.staff;
}

/** A back-office page's member of staff with their address and the database, as its audit entries need them. */
export async function requireStaffPageContext(capability: Capability): Promise<AdminContext> {
  const staff = await requireStaffPage(capability);
  return { staff, ip: clientIp(await headers()), db: await getDb() };
}

/** The answer a guest, a customer or too low a role gets: the one any unknown address gets. */
export function hiddenNotFound(request: Request): ApiError {
  return new ApiError(404, "not_found", `Page not found: ${new URL(request.url).pathname}`);
}

type AdminHandler<C> = (request: NextRequest, context: C, admin: AdminContext) => Promise<Response>;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A back-office call: route()'s boundary and error body, then the role checked on the server.
 * Anyone whose role may not do `capability` gets a 404 that names no back office. State-changing
 * calls are rate limited per member of staff.
 */
export function adminRoute<C = unknown>(handler: AdminHandler<C>, capability: Capability) {
  return route<C>(async (request, context) => {
    const staff = await staffForRequest(request);
    if (!staff || !can(staff.role, capability)) throw hiddenNotFound(request);
    const db = await getDb();
    if (!READS.has(request.method)) await enforce(db, `admin:${staff.id}`, ADMIN_CHANGE_LIMIT, "changes");
    return handler(request, context, { staff, ip: clientIp(request.headers), db });
  });
}
