import { SITE } from "@/lib/config/site";
import { serverEnv } from "@/lib/config/env";
import { renderHtml, renderText, type EmailContent } from "@/lib/mail/templates/layout";
import type { Message } from "@/lib/mail/mail";

export const RESET_CODE_KIND = "password-reset-code";

export function resetCodeEmail(opts: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
  maxAttempts: number;
}): Message {
  const content: EmailContent = {
    preheader: `Your code is valid for ${opts.minutes} minutes.`,
    heading: "Reset your password",
    greeting: `Hi ${opts.firstName.trim() || "there"},`,
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
    kind: RESET_CODE_KIND,
    to: opts.to,
    subject: `Your ${SITE.name} password reset code`,
    text: renderText(content),
    html: renderHtml(content),
  };
}
