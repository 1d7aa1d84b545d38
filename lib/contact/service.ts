import "server-only";
import type { Db } from "@/lib/db/client";
import { contactMessages } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail/mail";
import { SITE } from "@/lib/config/site";
import { emailHtml } from "@/lib/forms/email-html";
import type { ContactInput } from "@/lib/contact/input";

/** Keeps the message (it is the record if mail fails) and sends it to the shop's address. */
export async function receiveContactMessage(db: Db, input: ContactInput, ip: string): Promise<{ id: number }> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, ip })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  const details = [
    `From: ${input.name} <${input.email}>`,
    `Phone: ${input.phone || "not given"}`,
    `Message #${row!.id}, received ${row!.createdAt.toISOString()}`,
  ];
  await sendMail(db, {
    kind: "contact-message",
    to: SITE.email,
    subject: `Website message from ${input.name}`,
    text: `${details.join("\n")}\n\n${input.message}`,
    html: emailHtml({
      heading: `Message from ${input.name}`,
      paragraphs: [details.join("\n"), input.message],
      footer: "Reply to the sender's address above; this e-mail came from the contact form.",
    }),
  });
  return { id: row!.id };
}
