/**
 * The migration that added coupon_redemptions.email_normalized fills it for rows that existed
 * before: applied to a database holding such rows, on this test run's engine, it must agree
 * with normaliseEmail, or old redemptions would stop counting towards once-per-customer limits.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { normaliseEmail } from "@/lib/coupons/customer-email";

const MIGRATION = "0005_coupon_redemption_normalised_email";
const FOLDER = path.join(process.cwd(), "drizzle");

type Raw = { run: (text: string) => Promise<void>; rows: <T>(text: string) => Promise<T[]>; close: () => Promise<void> };

async function openRaw(): Promise<Raw> {
  const base = process.env.TEST_POSTGRES_URL;
  if (!base) {
    const { PGlite } = await import("@electric-sql/pglite");
    const pg = new PGlite();
    return {
      run: async (text) => void (await pg.exec(text)),
      rows: async <T,>(text: string) => (await pg.query<T>(text)).rows,
      close: () => pg.close(),
    };
  }
  const { Client } = await import("pg");
  const name = `kaya_backfill_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return {
    run: async (text) => void (await client.query(text)),
    rows: async <T,>(text: string) => (await client.query(text)).rows as T[],
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

function statements(tag: string): string[] {
  return readFileSync(path.join(FOLDER, `${tag}.sql`), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
}

const ADDRESSES = [
  "thandi@example.co.za",
  "Thandi+sofa@Example.co.za",
  "t.mokoena@gmail.com",
  "T.Mokoena+promo@GoogleMail.com",
  "sipho.dlamini@example.co.za",
  "+tag@example.co.za",
  "...@gmail.com",
  "a.b+c+d@mail.gmail.com",
];

test("existing redemptions get the same normalised address as new ones", async () => {
  const db = await openRaw();
  try {
    const journal = JSON.parse(readFileSync(path.join(FOLDER, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
    const tags = journal.entries.map((e) => e.tag);
    const at = tags.indexOf(MIGRATION);
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at)) for (const s of statements(tag)) await db.run(s);
    await db.run(`insert into coupons (code, kind, amount) values ('OLDCODE', 'percent', 10)`);
    for (const email of ADDRESSES) {
      await db.run(`insert into coupon_redemptions (coupon_id, email) select id, '${email.replace(/'/g, "''")}' from coupons where code = 'OLDCODE'`);
    }
    for (const s of statements(MIGRATION)) await db.run(s);
    const rows = await db.rows<{ email: string; email_normalized: string }>(`select email, email_normalized from coupon_redemptions order by id`);
    expect(rows.map((r) => [r.email, r.email_normalized])).toEqual(ADDRESSES.map((e) => [e, normaliseEmail(e)]));
  } finally {
    await db.close();
  }
});
