import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { SITE } from "@/lib/config/site";
import { serverEnv } from "@/lib/config/env";
import { spoolDir, spoolMessage } from "@/lib/mail/spool";
import { log } from "@/lib/observability/log";

export type Message = { kind: string; to: string; subject: string; text: string; html: string };

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
 * Every message is written to the outbox first; with SMTP_URL set it is then sent and marked,
 * without it the outbox is where it stays (`npm run mail:outbox` prints the latest).
 */
export async function sendMail(db: Db, message: Message): Promise<{ id: number; sent: boolean }> {
  const [row] = await db
    .insert(mailOutbox)
    .values(message)
    .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
  const id = row!.id;
  const t = await transport();
  if (!t) {
    const dir = spoolDir();
    if (dir) {
      try {
        spoolMessage(dir, {
          id,
          kind: message.kind,
          to: message.to,
          subject: message.subject,
          text: message.text,
          createdAt: row!.createdAt.toISOString(),
        });
      } catch (err) {
        log.error("mail", `could not write outbox #${id} to ${dir}`, err);
      }
    }
    // The recipient and subject stay out of the log (personal data); the outbox has them.
    if (serverEnv().NODE_ENV !== "test")
      log.info("mail", `${message.kind} kept in the outbox as #${id} (no SMTP_URL; read it with npm run mail:outbox)`);
    return { id, sent: false };
  }
  try {
    await t.sendMail({
      from: mailFrom(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
    return { id, sent: true };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await db
      .update(mailOutbox)
      .set({ error: reason.slice(0, 500) })
      .where(eq(mailOutbox.id, id));
    log.error("mail", `sending outbox #${id} failed`, err);
    return { id, sent: false };
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
