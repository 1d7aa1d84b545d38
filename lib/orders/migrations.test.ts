/**
 * The migrations of the checkout's tables that fill new columns for rows written before them,
 * applied to a database holding such rows, on this test run's engine.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { normaliseEmail } from "@/lib/coupons/customer-email";
import { serverEnv } from "@/lib/config/env";

const FOLDER = path.join(process.cwd(), "drizzle");

type Raw = {
  run: (text: string) => Promise<void>;
  rows: <T>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
};

async function openRaw(): Promise<Raw> {
  const base = serverEnv().TEST_POSTGRES_URL;
  if (!base) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const pg = new PGlite({ extensions: { pg_trgm } });
    return {
      run: async (text) => void (await pg.exec(text)),
      rows: async <T>(text: string) => (await pg.query<T>(text)).rows,
      close: () => pg.close(),
    };
  }
  const { Client } = await import("pg");
  const name = `kaya_migrations_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return {
    run: async (text) => void (await client.query(text)),
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
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

/** A fresh database with the migrations before `tag` applied; `rest` applies `tag` and those after it. */
async function migratedUpTo(tag: string) {
  const db = await openRaw();
  const journal = JSON.parse(readFileSync(path.join(FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const tags = journal.entries.map((e) => e.tag);
  const at = tags.indexOf(tag);
  expect(at).toBeGreaterThan(0);
  for (const t of tags.slice(0, at)) for (const s of statements(t)) await db.run(s);
  const rest = async () => {
    for (const t of tags.slice(at)) for (const s of statements(t)) await db.run(s);
  };
  return { db, rest };
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

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

const FIRST = "0004_order_idempotency_scope";
let db: Raw;
let customerId: number;

// One database for both checks: rows written before the first of these migrations, then all of them.
beforeAll(async () => {
  const migrated = await migratedUpTo(FIRST);
  db = migrated.db;
  await db.run(`insert into coupons (code, kind, amount) values ('OLDCODE', 'percent', 10)`);
  for (const email of ADDRESSES) {
    await db.run(
      `insert into coupon_redemptions (coupon_id, email) select id, ${quote(email)} from coupons where code = 'OLDCODE'`,
    );
  }
  await db.run(`insert into customers (email, password_hash) values ('old@example.co.za', 'x')`);
  customerId = (await db.rows<{ id: number }>(`select id from customers`))[0]!.id;
  const order = (
    n: number,
    customer: number | null,
    method: string,
    status: string,
    paidAt: string | null,
    email = "old@example.co.za",
  ) =>
    db.run(
      `insert into orders (number, order_key, customer_id, email, phone, status, payment_method, subtotal_cents, total_cents, vat_cents, shipping, billing, idempotency_key, payment_secret, paid_at, created_at)
       values ('KL-${n}', 'key-${n}', ${customer ?? "null"}, ${quote(email)}, '+27820000000', '${status}', '${method}', 1000, 1000, 130, '{}', '{}', 'key-of-${n}', 'secret-${n}', ${paidAt ? quote(paidAt) : "null"}, '2025-03-07T10:00:00Z')`,
    );
  await order(1, customerId, "bank-transfer", "on-hold", null);
  await order(2, null, "bank-transfer", "on-hold", null);
  await order(3, null, "payfast", "processing", "2025-03-07T10:05:00Z");
  for (const [i, email] of ADDRESSES.entries()) await order(100 + i, null, "bank-transfer", "on-hold", null, email);
  await migrated.rest();
}, 120_000);

afterAll(async () => {
  await db?.close();
});

test("existing coupon redemptions get the same normalised address as new ones", async () => {
  const rows = await db.rows<{ email: string; email_normalized: string }>(
    `select email, email_normalized from coupon_redemptions order by id`,
  );
  expect(rows.map((r) => [r.email, r.email_normalized])).toEqual(ADDRESSES.map((e) => [e, normaliseEmail(e)]));
});

test("existing orders get the same normalised address as new ones, so their unpaid ones count", async () => {
  const rows = await db.rows<{ email: string; email_normalized: string }>(
    `select email, email_normalized from orders where number like 'KL-1__' order by number`,
  );
  expect(rows.map((r) => [r.email, r.email_normalized])).toEqual(ADDRESSES.map((e) => [e, normaliseEmail(e)]));
});

test("existing orders: customers' keys stay theirs, and unpaid bank transfers get a deadline", async () => {
  const rows = await db.rows<{ number: string; idempotency_scope: string; pay_by: Date | string | null }>(
    `select number, idempotency_scope, pay_by from orders where number in ('KL-1', 'KL-2', 'KL-3') order by number`,
  );
  expect(
    rows.map((r) => [r.number, r.idempotency_scope, r.pay_by === null ? null : new Date(r.pay_by).toISOString()]),
  ).toEqual([
    ["KL-1", `customer:${customerId}`, "2025-03-14T10:00:00.000Z"],
    ["KL-2", "", "2025-03-14T10:00:00.000Z"],
    ["KL-3", "", null],
  ]);
  // Another owner may now use a key an old order used.
  await db.run(
    `insert into orders (number, order_key, email, phone, payment_method, subtotal_cents, total_cents, vat_cents, shipping, billing, idempotency_scope, idempotency_key, payment_secret)
     values ('KL-4', 'key-4', 'new@example.co.za', '+27820000000', 'payfast', 1000, 1000, 130, '{}', '{}', 'cart:9', 'key-of-1', 'secret-4')`,
  );
});
