import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { startStandInServer, type StandInServer } from "@/standins/server";
import { sleep } from "./http";

export const ROOT = path.resolve(__dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Raw SQL on the run's database (PostgreSQL while the shop runs; PGlite only while it is stopped). */
export type Sql = {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

export type Engine = "pglite" | "postgres";

/**
 * A PostgreSQL cluster of the run's own, in a temporary folder on a free port. initdb refuses to
 * run as root, so as root the cluster belongs to the `postgres` user.
 */
export class PrivateCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  static async create(): Promise<PrivateCluster> {
    const versions = fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b));
    const bin = path.join("/usr/lib/postgresql", versions.at(-1)!, "bin");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-reliability-pg-"));
    const cluster = new PrivateCluster(dir, await freePort(), bin);
    if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
    cluster.run("initdb", ["-D", path.join(dir, "data"), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
    await cluster.start();
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(tool: string, args: string[]): void {
    const cmd = path.join(this.bin, tool);
    const asRoot = process.getuid?.() === 0;
    execFileSync(asRoot ? "runuser" : cmd, asRoot ? ["-u", "postgres", "--", cmd, ...args] : args, { stdio: "pipe" });
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    this.run("pg_ctl", [
      "-D",
      path.join(this.dir, "data"),
      "-o",
      options,
      "-l",
      path.join(this.dir, "log"),
      "-w",
      "-t",
      "60",
      "start",
    ]);
  }

  /** immediate: the way a crash or a pulled plug stops it; what was committed must survive. */
  stop(mode: "fast" | "immediate" = "fast"): void {
    this.run("pg_ctl", ["-D", path.join(this.dir, "data"), "-m", mode, "-w", "-t", "60", "stop"]);
  }

  destroy(): void {
    try {
      this.stop("immediate");
    } catch {
      // Already stopped.
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export function postgresSql(url: string): Sql {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", () => undefined);
  return {
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    close: () => pool.end(),
  };
}

export async function pgliteSql(dir: string): Promise<Sql> {
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  return {
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

/** Migrates and seeds the database the environment names, through the shop's own script. */
export function seed(env: Record<string, string>): void {
  // As `npm run db:seed` runs it: the seed tells waiting shoppers about restocks through server-only code.
  execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/db-seed.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: "pipe",
  });
}

/**
 * Makes an admin account as a shop's owner makes theirs (`npm run admin:create`), the password on
 * standard input, on the database the environment names.
 */
export function createAdmin(env: Record<string, string>, email: string, password: string): void {
  execFileSync(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "scripts/admin-create.ts", "--email", email],
    { cwd: ROOT, env: { ...process.env, ...env }, input: password, stdio: ["pipe", "pipe", "pipe"] },
  );
}

const DAY = 86_400_000;
const on = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export type ShopOptions = {
  port: number;
  standInsUrl: string;
  db: Record<string, string>;
  mailDir: string;
  /** Settings of this start only (a site password), over the run's. */
  env?: Record<string, string>;
};

/** The production build under `node server.mjs`, as the e2e suite runs it. */
export class Shop {
  child: ChildProcess | null = null;
  readonly url: string;
  private log: string[] = [];
  /** Each garbage collection (--trace-gc): when (epoch ms), the heap in use after it (MB), and whether it was a full one. */
  gcs: Array<{ at: number; mb: number; full: boolean }> = [];

  constructor(readonly options: ShopOptions) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  env(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      SESSION_SECRET: "kaya-reliability-session-secret-0123456789",
      SITE_PASSWORD: "",
      PAYMENTS_ALLOW_STANDINS: "1",
      STANDINS_URL: this.options.standInsUrl,
      NEXT_PUBLIC_SITE_URL: this.url,
      SITE_URL: this.url,
      // The runner is the one proxy in front: each simulated shopper has its own address.
      TRUSTED_PROXIES: "1",
      MAIL_SPOOL_DIR: this.options.mailDir,
      KAYA_ORDER_EXPIRY_JOB: "0",
      REVIEWS_MODERATION: "publish",
      GIVEAWAY_EDEN_OPENS_AT: on(-1),
      GIVEAWAY_EDEN_CLOSES_AT: on(60),
      ...this.options.db,
      ...this.options.env,
    };
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  async start(): Promise<number> {
    const started = Date.now();
    this.log = [];
    const child = spawn(
      process.execPath,
      ["--trace-gc", "server.mjs", "-p", String(this.options.port), "-H", "127.0.0.1"],
      { cwd: ROOT, env: this.env(), stdio: ["ignore", "pipe", "pipe"] },
    );
    this.child = child;
    const keep = (b: Buffer) => {
      const text = b.toString();
      for (const m of text.matchAll(
        /ms: (Scavenge|Minor Mark-Sweep|Mark-Compact)[^\d]*[\d.]+ \([\d.]+\) -> ([\d.]+) \(/g,
      )) {
        this.gcs.push({ at: Date.now(), mb: Number(m[2]), full: m[1] === "Mark-Compact" });
      }
      const lines = text.split("\n").filter((l) => !/ms: (Scavenge|Mark-Compact|Minor|Mark-Sweep)/.test(l));
      if (lines.join("").trim()) this.log.push(lines.join("\n"));
      if (this.log.length > 400) this.log.splice(0, 100);
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The shop stopped at start:\n${this.log.join("")}`);
      try {
        // Reachable behind the site gate too.
        const res = await fetch(`${this.url}/api/healthz`);
        if (res.ok) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(250);
    }
    throw new Error(`The shop did not answer within 120 s:\n${this.log.join("")}`);
  }

  /** Lines the shop logged, for a check's findings. */
  logged(pattern: RegExp): string[] {
    return this.log
      .join("")
      .split("\n")
      .filter((l) => pattern.test(l));
  }

  clearLog(): void {
    this.log = [];
  }

  kill9(): void {
    this.child?.kill("SIGKILL");
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  }

  async waitExit(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((r) => child.once("exit", r));
  }

  /** Resident memory of the shop's process in MB, from /proc. */
  rssMb(): number {
    const status = fs.readFileSync(`/proc/${this.pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  }
}

export async function startStandIns(port: number, shopUrl: string): Promise<StandInServer> {
  return startStandInServer({ host: "127.0.0.1", port, shopUrl });
}
