import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { SITE } from "@/lib/config/site";
import { serverEnv } from "@/lib/config/env";
import { spoolDir, spoolMessage } from "@/lib/mail/spool";
import { log } from "@/lib/observability/log";
import { afterResponse } from "@/lib/api/after-response";

export type Message = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A one-time secret in the text (a reset code), masked in the outbox copy once delivered. */
  secret?: string;
};

type Transport = {
  sendMail: (m: { from: string; to: string; subject: string; text: string; html: string }) => Promise<unknown>;
};

const KEY = Symbol.for("kaya.mail.transport");
type Global = typeof globalThis & { [KEY]?: Transport | null };

async function transport(): Promise<Transport | null> {
  const g = globalThis as Global;
  if (g[KEY] !== undefined) return g[KEY];
  const url = serverEnv().SMTP_URL;
  if (!url) return (g[KEY] = null);
  const nodemailer = await import("nodemailer");
  return (g[KEY] = nodemailer.createTransport(url) as Transport);
}

export function mailFrom(): string {
  return serverEnv().MAIL_FROM ?? `${SITE.name} <${SITE.email}>`;
}

/**
 * Every message is written to the outbox first, through the caller's connection (inside its
 * transaction, if it has one). It is then delivered: with SMTP_URL sent and marked, without it
 * copied to the spool folder (`npm run mail:outbox` prints the latest). A route handler's message is
 * delivered after its response, so no answer waits on a mail server (nor tells by its time whether
 * a mail was sent); a job's or a script's at once.
 */
export async function sendMail(db: Db, message: Message): Promise<{ id: number }> {
  const { secret, ...row } = message;
  const [queued] = await db.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
  const id = queued!.id;
  // After the response the caller's transaction has ended: its connection is gone, its rows are committed.
  if (!afterResponse(async () => deliver(await getDb(), id, row.kind, secret))) await deliver(db, id, row.kind, secret);
  return { id };
}

async function deliver(db: Db, id: number, kind: string, secret: string | undefined): Promise<void> {
  const t = await transport();
  const dir = t ? null : spoolDir();
  if (!t) {
    // The recipient and subject stay out of the log (personal data); the outbox has them.
    if (serverEnv().NODE_ENV !== "test")
      log.info("mail", `${kind} kept in the outbox as #${id} (no SMTP_URL; read it with npm run mail:outbox)`);
    if (!dir) return;
  }
  const [message] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), isNull(mailOutbox.error)));
  // Gone with a transaction that was rolled back, or delivered already.
  if (!message) return;
  if (!t) {
    try {
      spoolMessage(dir!, {
        id,
        kind: message.kind,
        to: message.to,
        subject: message.subject,
        text: message.text,
        createdAt: message.createdAt.toISOString(),
      });
    } catch (err) {
      log.error("mail", `could not write outbox #${id} to ${dir}`, err);
    }
    return;
  }
  try {
    await t.sendMail({
      from: mailFrom(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    await db
      .update(mailOutbox)
      .set({
        sentAt: new Date(),
        // Delivered: the outbox copy need not hold the secret any more.
        ...(secret
          ? {
              text: sql`replace(${mailOutbox.text}, ${secret}, '••••••')`,
              html: sql`replace(${mailOutbox.html}, ${secret}, '••••••')`,
            }
          : {}),
      })
      .where(eq(mailOutbox.id, id));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await db
      .update(mailOutbox)
      .set({ error: reason.slice(0, 500) })
      .where(eq(mailOutbox.id, id));
    log.error("mail", `sending outbox #${id} failed`, err);
  }
}

export async function latestMail(db: Db, opts: { to?: string; kind?: string; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(opts.limit ?? 20);
  return rows.filter(
    (r) => (!opts.to || r.to.toLowerCase() === opts.to.toLowerCase()) && (!opts.kind || r.kind === opts.kind),
  );
}
