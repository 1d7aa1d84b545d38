import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { resendInvitation, withdrawInvitation } from "@/lib/admin/invitations";
import { formatDateTime } from "@/lib/admin/format";

type Context = { params: Promise<{ id: string }> };

/** Sends the invitation again with a new link and expiry; the old link stops working. */
export const POST = adminRoute<Context>(async (_request, context, ctx) => {
  const invitation = await resendInvitation(ctx, await idParam(context));
  return adminJson({
    id: invitation.id,
    email: invitation.email,
    date_expires: invitation.expiresAt.toISOString(),
    message: `A new invitation was sent to ${invitation.email}, valid until ${formatDateTime(invitation.expiresAt)}. The earlier link no longer works.`,
  });
}, "staff");

/** Withdraws the invitation: its link stops working at once. */
export const DELETE = adminRoute<Context>(async (_request, context, ctx) => {
  const { email } = await withdrawInvitation(ctx, await idParam(context));
  return adminJson({ message: `The invitation to ${email} was withdrawn: its link no longer works.` });
}, "staff");
