import { SITE } from "@/lib/config/site";
import { STAFF_ROLE_LABELS, type StaffRole } from "@/lib/admin/roles";
import { renderHtml, renderText, type EmailContent } from "@/lib/mail/templates/layout";
import type { Message } from "@/lib/mail/mail";

export const STAFF_INVITATION_KIND = "staff-invitation";

/**
 * The invitation to the back office: who sent it, for which shop and role, until when, and the
 * link. Nothing changes for the address until its owner opens the link and sets a password.
 */
export function staffInvitationEmail(opts: {
  to: string;
  /** The admin who sent it, as they are known in the shop: "Nomsa Dlamini". */
  invitedBy: string;
  role: StaffRole;
  /** The accept page's address with the token. */
  url: string;
  /** When the link stops working, written out in South African time. */
  expires: string;
  shopUrl: string;
}): Message {
  const role = STAFF_ROLE_LABELS[opts.role];
  const content: EmailContent = {
    preheader: `Accept by ${opts.expires} (South African time).`,
    heading: `Join the ${SITE.name} back office`,
    greeting: "Hello,",
    blocks: [
      {
        kind: "text",
        text: `${opts.invitedBy} has invited you to help run ${SITE.name} (${opts.shopUrl}) with the role ${role.name}: ${role.scope}.`,
      },
      {
        kind: "text",
        text: "To accept, open the link and choose a password for this e-mail address. If you already have an account with us under this address, the new password replaces the old one and every other sign-in ends.",
      },
      { kind: "button", label: "Accept the invitation", href: opts.url },
      {
        kind: "text",
        text: `The link works once, until ${opts.expires} (South African time). After that, ask ${opts.invitedBy} for a new invitation.`,
      },
      {
        kind: "small",
        text: "Not expecting this? You can ignore this e-mail: nothing changes for your address unless the link is used.",
      },
    ],
  };
  return {
    kind: STAFF_INVITATION_KIND,
    to: opts.to,
    subject: `${opts.invitedBy} invited you to the ${SITE.name} back office`,
    text: renderText(content),
    html: renderHtml(content),
  };
}
