/**
 * `npm run mail:outbox [-- --to <address>] [-- --limit <n>]`: prints the latest e-mails the shop
 * has sent (or, without SMTP_URL, only stored), so a developer can read a password reset code.
 * While the shop runs on the embedded database it holds the folder, so the copies it keeps
 * beside the database are read instead (lib/mail/spool.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { closeDb, databaseUrl, getHandle } from "@/lib/db/client";
import { serverEnv } from "@/lib/config/env";
import { DatabaseLockedError } from "@/lib/db/lock";
import { mailOutbox } from "@/lib/db/schema";
import { readSpool, spoolDir } from "@/lib/mail/spool";

type Printable = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  state: string;
};

function args(argv: string[]): { to?: string; limit: number } {
  const out: { to?: string; limit: number } = { limit: 5 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (flag === "--to") out.to = value();
    else if (flag === "--limit" || flag === "-n") out.limit = Math.max(1, Math.min(100, Number(value()) || 5));
    else if (flag === "--help" || flag === "-h") {
      console.log("Usage: npm run mail:outbox [-- --to <address>] [-- --limit <n>]");
      process.exit(0);
    }
  }
  return out;
}

async function fromDatabase(opts: { to?: string; limit: number }): Promise<Printable[]> {
  const { db } = await getHandle();
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(opts.to ? eq(sql`lower(${mailOutbox.to})`, opts.to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(opts.limit);
  return rows.reverse().map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    state: r.sentAt ? "sent" : r.error ? `not sent: ${r.error}` : "not sent (no SMTP_URL)",
  }));
}

function print(mails: Printable[], source: string) {
  if (mails.length === 0) {
    console.log(`The outbox is empty (${source}).`);
    return;
  }
  for (const m of mails) {
    const when = m.createdAt.replace("T", " ").slice(0, 16);
    console.log(`\n── #${m.id} · ${when} UTC · ${m.kind} · ${m.state} ${"─".repeat(8)}`);
    console.log(`To:      ${m.to}`);
    console.log(`Subject: ${m.subject}\n`);
    console.log(m.text.trimEnd());
  }
  console.log(`\n(the latest ${mails.length === 1 ? "message" : `${mails.length} messages, oldest first`}; ${source})`);
}

async function main() {
  const opts = args(process.argv.slice(2));
  const folder = serverEnv().PGLITE_DIR;
  if (!databaseUrl() && !fs.existsSync(folder)) {
    console.log(`No database yet at ${path.resolve(folder)}: start the shop (npm run shop) and send an e-mail first.`);
    return;
  }
  try {
    print(await fromDatabase(opts), databaseUrl() ? "database" : `embedded database ${folder}`);
  } catch (err) {
    const dir = spoolDir();
    if (!(err instanceof DatabaseLockedError) || !dir) throw err;
    const mails = readSpool(dir, opts).map((m) => ({ ...m, state: "not sent (no SMTP_URL)" }));
    const shown = path.relative(process.cwd(), dir);
    print(mails, `the running shop's copies in ${shown.startsWith("..") ? dir : shown}`);
  } finally {
    await closeDb();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
