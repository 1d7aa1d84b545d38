import { z } from "zod";
import { parseParams } from "@/lib/api/handler";
import { emailField } from "@/lib/auth/schemas";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { auditListRead } from "@/lib/admin/audit";
import { grantRole, listStaff, type StaffRow } from "@/lib/admin/staff";
import { listPendingInvitations, type PendingInvitation } from "@/lib/admin/invitations";
import { formatDateTime } from "@/lib/admin/format";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "@/lib/admin/roles";

const staffJson = (s: StaffRow) => ({
  id: s.id,
  email: s.email,
  first_name: s.firstName,
  last_name: s.lastName,
  role: s.role,
  date_created: s.createdAt.toISOString(),
});

const invitationJson = (i: PendingInvitation) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  invited_by: i.invitedBy,
  date_created: i.createdAt.toISOString(),
  date_expires: i.expiresAt.toISOString(),
  expired: i.expired,
});

/** Everyone with a role, and the invitations not yet accepted; each call is one audit entry. */
export const GET = adminRoute(async (_request, _context, ctx) => {
  const [staff, invitations] = await Promise.all([listStaff(ctx.db), listPendingInvitations(ctx.db)]);
  await auditListRead(ctx, { list: "staff", filter: {}, rows: staff.length + invitations.length });
  return adminJson({ staff: staff.map(staffJson), invitations: invitations.map(invitationJson) });
}, "staff");

const grantSchema = z.object({
  email: emailField,
  role: z.enum(STAFF_ROLES, { error: `Choose ${STAFF_ROLES.join(" or ")}` }),
});

/**
 * Invites an address to a role (the role comes with accepting the e-mailed link), or changes the
 * role of someone who is staff already.
 */
export const POST = adminRoute(async (request, _context, ctx) => {
  const input = await parseParams(request, grantSchema);
  const result = await grantRole(ctx, input);
  if (result.kind === "invited") {
    const { invitation } = result;
    return adminJson(
      {
        invitation: invitationJson(invitation),
        invited: true,
        message: `${invitation.email} was invited as ${STAFF_ROLE_LABELS[invitation.role].name.toLowerCase()}. Their access starts when they accept the e-mailed link (until ${formatDateTime(invitation.expiresAt)}).`,
      },
      201,
    );
  }
  const { staff } = result;
  return adminJson({
    staff: staffJson(staff),
    invited: false,
    message: `${staff.email} is now ${STAFF_ROLE_LABELS[staff.role].name.toLowerCase()}.`,
  });
}, "staff");
