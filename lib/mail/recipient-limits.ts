import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { afterResponse } from "@/lib/api/after-response";
import { release, reserve, type Limit } from "@/lib/security/rate-limit";
import { sendMail, type Message } from "@/lib/mail/mail";
import { inboxDigest } from "@/lib/mail/inbox";

/**
 * All e-mail one inbox is sent in a day because someone typed its address (a back-in-stock
 * confirmation, a newsletter welcome, a swatch or giveaway confirmation). A password reset code is
 * not counted here: it has its own limit, and sign-ups a stranger makes must not crowd it out.
 */
export const INBOX_DAILY_CAP: Limit = { limit: 8, windowSeconds: 86_400 };

export type TypedAddressMail = {
  kind: string;
  /** The address as the visitor typed it. */
  to: string;
  /** Mails of this kind one inbox is sent in its window (a day). */
  limit: Limit;
  /** Counted under INBOX_DAILY_CAP as well (all but a reset code). */
  capped?: boolean;
  /**
   * Composed after the call's answer: for mail whose existence the answer must not tell, even by
   * its time (a reset code goes only to an address with an account).
   */
  afterAnswer?: boolean;
};

export type MailContent = Omit<Message, "kind" | "to">;

/**
 * Sends mail to an address a visitor typed, which nobody has shown to be theirs, so a stranger
 * can make the shop write to it: one inbox gets at most `limit` of the kind a day and
 * INBOX_DAILY_CAP in all. Past either, nothing is sent and the caller answers as it always does,
 * so the answer tells nobody what the inbox was sent. `compose` runs only when the mail may go
 * (a reset code is made only then) and gives null when there is nothing to send; the counts are
 * taken either way, so a known address and an unknown one are counted alike.
 */
export async function sendToTypedAddress(
  db: Db,
  mail: TypedAddressMail,
  compose: (db: Db) => MailContent | null | Promise<MailContent | null>,
): Promise<void> {
  const inbox = inboxDigest(mail.to);
  const ownKey = `mail-to:${mail.kind}:${inbox}`;
  const own = await reserve(db, ownKey, mail.limit);
  if (!own.allowed) return;
  if (mail.capped ?? true) {
    const all = await reserve(db, `mail-to:inbox:${inbox}`, INBOX_DAILY_CAP);
    if (!all.allowed) {
      await release(db, ownKey);
      return;
    }
  }
  const send = async (on: Db) => {
    const content = await compose(on);
    if (content) await sendMail(on, { ...content, kind: mail.kind, to: mail.to });
  };
  if (mail.afterAnswer && afterResponse(async () => send(await getDb()))) return;
  await send(db);
}
