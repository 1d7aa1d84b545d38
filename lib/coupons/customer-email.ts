const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * One spelling per mailbox, for limits such as "once per customer": lower case, trimmed, a
 * "+tag" dropped, and for Gmail the dots dropped and googlemail.com read as gmail.com, since all
 * of those reach the same inbox. Never used to send mail. The migration that added
 * coupon_redemptions.email_normalized repeats these rules in SQL for the rows it backfilled.
 */
export function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf("@");
  if (at <= 0) return e;
  let local = e.slice(0, at);
  let domain = e.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replace(/\./g, "") || local;
  }
  return `${local}@${domain}`;
}
