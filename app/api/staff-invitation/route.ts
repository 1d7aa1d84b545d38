import { NextResponse } from "next/server";
import { parseParams, route } from "@/lib/api/handler";
import { clientIp } from "@/lib/api/client-ip";
import { getDb } from "@/lib/db/client";
import { NO_STORE } from "@/lib/auth/responses";
import { viewInvitation, viewInvitationSchema } from "@/lib/admin/invitations";
import { formatLongDateTime } from "@/lib/admin/format";
import { STAFF_ROLE_LABELS } from "@/lib/admin/roles";

/**
 * What the accept page shows about the invitation its link names. A POST, so the token travels in
 * the body and never in an address; a link that no longer works is a 404 or 410 saying why.
 */
export const POST = route(async (request) => {
  const { token } = await parseParams(request, viewInvitationSchema);
  const view = await viewInvitation(await getDb(), token, clientIp(request.headers));
  const role = STAFF_ROLE_LABELS[view.role];
  return NextResponse.json(
    {
      email: view.email,
      role: view.role,
      role_name: role.name,
      role_scope: role.scope,
      invited_by: view.invitedBy,
      date_expires: view.expiresAt.toISOString(),
      expires: formatLongDateTime(view.expiresAt),
      account: view.account ? { first_name: view.account.firstName, last_name: view.account.lastName } : null,
    },
    { headers: NO_STORE },
  );
});
