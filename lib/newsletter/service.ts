import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { newsletterSubscribers } from "@/lib/db/schema";
import { sendToTypedAddress } from "@/lib/mail/recipient-limits";
import { SITE } from "@/lib/config/site";
import { serverEnv } from "@/lib/config/env";
import { emailHtml } from "@/lib/forms/email-html";
import { NEWSLETTER_MAIL_LIMIT, type NewsletterInput } from "@/lib/newsletter/input";

export type Subscription = typeof newsletterSubscribers.$inferSelect;

export const unsubscribeUrl = (token: string) =>
  `${serverEnv().SITE_URL}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

export const NEWSLETTER_CONFIRMATION_KIND = "newsletter-confirmation";

const newToken = () => randomBytes(24).toString("base64url");

/**
 * Subscribes an address. Subscribing again is not an error: a current subscriber is left as is
 * (no second e-mail), and someone who had unsubscribed gives fresh consent and is back on the list.
 */
export async function subscribe(
  db: Db,
  input: NewsletterInput,
  now = new Date(),
): Promise<{ outcome: "new" | "already" | "resubscribed"; subscription: Subscription }> {
  const [created] = await db
    .insert(newsletterSubscribers)
    .values({ email: input.email, consentSource: input.source, consentAt: now, unsubscribeToken: newToken() })
    .onConflictDoNothing()
    .returning();
  let outcome: "new" | "already" | "resubscribed" = "new";
  let subscription = created;
  if (!subscription) {
    const [back] = await db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: null, consentAt: now, consentSource: input.source, unsubscribeToken: newToken() })
      .where(
        and(
          sql`lower(${newsletterSubscribers.email}) = ${input.email}`,
          sql`${newsletterSubscribers.unsubscribedAt} is not null`,
        ),
      )
      .returning();
    if (back) {
      outcome = "resubscribed";
      subscription = back;
    } else {
      outcome = "already";
      [subscription] = await db
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = ${input.email}`);
    }
  }
  if (outcome !== "already") await sendConfirmation(db, subscription!);
  return { outcome, subscription: subscription! };
}

async function sendConfirmation(db: Db, s: Subscription): Promise<void> {
  const link = unsubscribeUrl(s.unsubscribeToken);
  const lines = [
    `Thank you for subscribing to ${SITE.name}. We will send you our promotions, new arrivals and the occasional story from the workshop, a few times a month at most.`,
    "You agreed to receive these e-mails on our website. We will never share your address with anyone else.",
    `Changed your mind? Unsubscribe at any time: ${link}`,
  ];
  await sendToTypedAddress(
    db,
    { kind: NEWSLETTER_CONFIRMATION_KIND, to: s.email, limit: NEWSLETTER_MAIL_LIMIT },
    () => ({
      subject: `You're subscribed to ${SITE.name} promotions`,
      text: lines.join("\n\n"),
      html: emailHtml({
        heading: "You have subscribed to promotions",
        paragraphs: lines.slice(0, 2),
        footer: ["Changed your mind? ", { label: "Unsubscribe", href: link }, " at any time."],
      }),
    }),
  );
}

export async function subscriptionByToken(db: Db, token: string): Promise<Subscription | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token));
  return row ?? null;
}

/** Idempotent: unsubscribing twice keeps the first date. Null for an unknown token. */
export async function unsubscribe(db: Db, token: string, now = new Date()): Promise<Subscription | null> {
  const existing = await subscriptionByToken(db, token);
  if (!existing) return null;
  if (existing.unsubscribedAt) return existing;
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: now })
    .where(and(eq(newsletterSubscribers.id, existing.id), isNull(newsletterSubscribers.unsubscribedAt)))
    .returning();
  return row ?? existing;
}

/** "t****@example.com": enough for someone to recognise their address, not to harvest it. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.charAt(0)}***@${domain}`;
}
