import type { StandInServer } from "@/standins/server";
import { parseServerEnv, type ServerEnv } from "@/lib/config/env";
import { Client, Stats } from "./http";
import {
  createAdmin,
  pgliteSql,
  postgresSql,
  type Engine,
  type PrivateCluster,
  type Shop,
  type Sql,
} from "./processes";

/** What a check reports: what it did, its figures, what it found, and whether it passed. */
export type CheckResult = {
  name: string;
  engine: Engine;
  did: string;
  figures: string[];
  findings: string[];
  passed: boolean;
  seconds: number;
};

export type Catalogue = {
  pebbleId: number;
  simpleIds: number[];
  /** A product that only the boundaries check reviews. */
  reviewProduct: { id: number; slug: string };
};

export class RunContext {
  constructor(
    readonly engine: Engine,
    readonly shop: Shop,
    readonly standIns: StandInServer,
    readonly short: boolean,
    readonly catalogue: Catalogue,
    private readonly dbEnv: { pgliteDir?: string; cluster?: PrivateCluster },
  ) {}

  client(stats = new Stats()): Client {
    return new Client(this.shop.url, stats);
  }

  get cluster(): PrivateCluster | undefined {
    return this.dbEnv.cluster;
  }

  /** The shop's settings as it was started with them, its defaults included. */
  get settings(): ServerEnv {
    const parsed = parseServerEnv(this.shop.env());
    if (!parsed.ok) throw new Error(`the shop's settings: ${parsed.problems.map((p) => p.variable).join(", ")}`);
    return parsed.env;
  }

  /**
   * An admin account on the run's database, made with `npm run admin:create`; the embedded
   * database has one opener, so the shop is stopped for it and started again after.
   */
  async createAdmin(email: string, password: string): Promise<void> {
    if (this.dbEnv.cluster) return createAdmin({ DATABASE_URL: this.dbEnv.cluster.url }, email, password);
    await this.shop.stop();
    try {
      createAdmin({ PGLITE_DIR: this.dbEnv.pgliteDir! }, email, password);
    } finally {
      await this.shop.start();
    }
  }

  /**
   * SQL on the run's database. PostgreSQL is shared, so the shop keeps running; the embedded
   * database has one opener, so the shop is stopped for it and started again after.
   */
  async withSql<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    if (this.dbEnv.cluster) {
      const sql = postgresSql(this.dbEnv.cluster.url);
      try {
        return await fn(sql);
      } finally {
        await sql.close();
      }
    }
    await this.shop.stop();
    const sql = await pgliteSql(this.dbEnv.pgliteDir!);
    try {
      return await fn(sql);
    } finally {
      await sql.close();
      await this.shop.start();
    }
  }
}

/** Runs one check, timing it and turning a thrown error into a failed result. */
export async function runCheck(
  ctx: RunContext,
  name: string,
  did: string,
  body: (figures: string[], findings: string[]) => Promise<boolean>,
): Promise<CheckResult> {
  const started = Date.now();
  const figures: string[] = [];
  const findings: string[] = [];
  let passed = false;
  try {
    passed = await body(figures, findings);
  } catch (err) {
    findings.push(`The check stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
  try {
    figures.push(`the shop's resident memory at the end of the check: ${ctx.shop.rssMb().toFixed(0)} MB`);
  } catch {
    // The shop is not running (a check that stopped it failed); its findings say why.
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`[reliability] ${ctx.engine} ${name}: ${passed ? "passed" : "FAILED"} in ${seconds.toFixed(0)} s`);
  for (const f of figures) console.log(`  ${f}`);
  for (const f of findings) console.log(`  ! ${f}`);
  return { name, engine: ctx.engine, did, figures, findings, passed, seconds };
}

/** Table row counts a refused call must leave as they were (rate-limit counters aside). */
export const GUARDED_TABLES = [
  "customers",
  "sessions",
  "carts",
  "cart_items",
  "orders",
  "order_lines",
  "payment_events",
  "coupon_redemptions",
  "reviews",
  "newsletter_subscribers",
  "contact_messages",
  "giveaway_entries",
  "mail_outbox",
  "password_reset_codes",
  "saved_items",
  "saved_lists",
  "restock_requests",
  "swatch_requests",
] as const;

export async function rowCounts(sql: Sql): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of GUARDED_TABLES) {
    const [row] = await sql.query<{ n: number }>(`select count(*)::int as n from ${t}`);
    out[t] = row!.n;
  }
  const [stock] = await sql.query<{ n: number }>(
    "select (select coalesce(sum(stock), 0) from products) + (select coalesce(sum(stock), 0) from variations) as n",
  );
  out["stock (products and variations)"] = Number(stock!.n);
  const [used] = await sql.query<{ n: number }>("select coalesce(sum(used_count), 0)::int as n from coupons");
  out["coupons.used_count"] = used!.n;
  return out;
}

export function changedRows(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(before)
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${before[k]} → ${after[k]}`);
}

/** Runs `tasks` with at most `width` at once. */
export async function pool<T>(
  items: T[],
  width: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i]!, i);
      }
    }),
  );
}
