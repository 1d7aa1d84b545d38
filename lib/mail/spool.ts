import fs from "node:fs";
import path from "node:path";
import { serverEnv } from "@/lib/config/env";

/**
 * Without SMTP on the embedded database, the running shop holds the only handle on the outbox
 * table (one process per PGlite folder). So it also drops each message as a file beside the
 * database, where `npm run mail:outbox` can read it while the shop runs. PostgreSQL needs no
 * spool: any process can read the table.
 */
export type SpooledMail = { id: number; kind: string; to: string; subject: string; text: string; createdAt: string };

export function spoolDir(): string | null {
  const { MAIL_SPOOL_DIR, DATABASE_URL, PGLITE_DIR } = serverEnv();
  if (MAIL_SPOOL_DIR) return path.resolve(MAIL_SPOOL_DIR);
  if (DATABASE_URL) return null;
  return path.join(path.dirname(path.resolve(PGLITE_DIR)), "mail");
}

export function spoolMessage(dir: string, mail: SpooledMail): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `${Date.parse(mail.createdAt) || Date.now()}-${String(mail.id).padStart(8, "0")}.json`;
  fs.writeFileSync(path.join(dir, name), JSON.stringify(mail, null, 2), { mode: 0o600 });
}

/** The latest messages, oldest first. */
export function readSpool(dir: string, opts: { to?: string; limit?: number } = {}): SpooledMail[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  const mails: SpooledMail[] = [];
  for (const name of names.sort().reverse()) {
    try {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as SpooledMail;
      if (opts.to && mail.to.toLowerCase() !== opts.to.toLowerCase()) continue;
      mails.push(mail);
      if (mails.length >= (opts.limit ?? 5)) break;
    } catch {
      /* a half-written or foreign file: skip it */
    }
  }
  return mails.reverse();
}
