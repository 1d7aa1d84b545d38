import {
  MESSAGES,
  check,
  firstError,
  firstMissing,
  isTicked,
  isValidEmail,
  text,
  type FieldError,
} from "@/lib/forms/validation";

export const SUBSCRIBED_MESSAGE = "You have subscribed to promotions";
export const UNSUBSCRIBED_MESSAGE = "You have been unsubscribed";
export const NEWSLETTER_LIMIT = { limit: 10, windowSeconds: 3600 };
/** Unsubscribe calls per address: a wrong token is a 404, so this bounds guessing them. */
/** Welcome e-mails one inbox is sent in a day (subscribing after unsubscribing sends another). */
export const NEWSLETTER_MAIL_LIMIT = { limit: 2, windowSeconds: 86_400 };
export const NEWSLETTER_UNSUBSCRIBE_LIMIT = { limit: 30, windowSeconds: 3600 };

/** Where on the site consent was given; kept with the subscription as proof (POPIA s11, s69). */
export const CONSENT_SOURCES = ["footer", "home", "checkout", "account", "giveaway", "website"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export type NewsletterInput = { email: string; source: ConsentSource };

export function checkSubscription(
  values: Record<string, unknown>,
): { ok: true; value: NewsletterInput } | { ok: false; error: FieldError } {
  const email = text(values.email);
  const error = firstError(
    firstMissing(values, ["email"]),
    check(isValidEmail(email), "email", MESSAGES.email),
    check(isTicked(values.consent), "consent", MESSAGES.consent),
  );
  if (error) return { ok: false, error };
  const source = text(values.source);
  return {
    ok: true,
    value: {
      email: email.toLowerCase(),
      source: (CONSENT_SOURCES as readonly string[]).includes(source) ? (source as ConsentSource) : "website",
    },
  };
}
