import { SITE } from "@/lib/config/site";
import { serverEnv } from "@/lib/config/env";
import { renderHtml, renderText, type EmailContent } from "@/lib/mail/templates/layout";
import type { MailContent } from "@/lib/mail/recipient-limits";
import { withoutLinks } from "@/lib/mail/user-text";

export const RESET_CODE_KIND = "password-reset-code";

export function resetCodeEmail(opts: {
  firstName: string;
  code: string;
  minutes: number;
  maxAttempts: number;
}): MailContent {
  const content: EmailContent = {
    preheader: `Your code is valid for ${opts.minutes} minutes.`,
    heading: "Reset your password",
    // Whoever signed up typed the name, and nobody has proved the address is theirs.
    greeting: `Hi ${withoutLinks(opts.firstName) || "there"},`,
    blocks: [
      {
        kind: "text",
        text: `Someone, hopefully you, asked to reset the password of your ${SITE.name} account. Enter this code on the reset page:`,
      },
      { kind: "code", label: "Your code", code: opts.code },
      { kind: "button", label: "Choose a new password", href: `${serverEnv().SITE_URL}/reset-password` },
      {
        kind: "text",
        text: `The code works once and only for the next ${opts.minutes} minutes. After ${opts.maxAttempts} wrong tries it stops working, and you can ask for a new one.`,
      },
      {
        kind: "small",
        text: "Didn't ask for this? You can ignore this e-mail: your password stays as it is, and nobody can sign in without it.",
      },
    ],
  };
  return {
    subject: `Your ${SITE.name} password reset code`,
    text: renderText(content),
    html: renderHtml(content),
    secret: opts.code,
  };
}
