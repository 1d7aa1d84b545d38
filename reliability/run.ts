/**
 * `npm run test:reliability [-- --short] [-- --no-build] [-- --engine pglite|postgres]`
 *
 * The suite that proves the shop's security and reliability over HTTP, against the production
 * build (`node server.mjs`, with the payment stand-ins beside it): hostile input, access between
 * customers, the boundaries (origin, forwarded addresses, script in reviews, the log), concurrency and
 * the limits per network and per inbox on the embedded database and on a PostgreSQL cluster of its own;
 * faults (the database stopped under load, the app killed during checkouts) and a soak of mixed
 * traffic on PostgreSQL. It writes docs/reliability.md and exits non-zero when a check fails.
 *
 * Ports: --port (default E2E_PORT, else 3100) for the shop and --standins (default the port of
 * STANDINS_URL, else 3010), the addresses the build was made for.
 */
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { accessBetweenCustomers } from "./checks/access";
import { adminData } from "./checks/admin-data";
import { boundaries } from "./checks/boundaries";
import { concurrency } from "./checks/concurrency";
import { edge } from "./checks/edge";
import { faults } from "./checks/faults";
import { hoarding } from "./checks/hoarding";
import { hostileInput } from "./checks/hostile";
import { limits } from "./checks/limits";
import { soak } from "./checks/soak";
import { staffInvitation } from "./checks/staff-invitation";
import { RunContext, type Catalogue, type CheckResult } from "./support/context";
import {
  pgliteSql,
  postgresSql,
  PrivateCluster,
  ROOT,
  seed,
  Shop,
  startStandIns,
  type Engine,
  type Sql,
} from "./support/processes";
import { writeReport } from "./report";

const { values } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    engine: { type: "string", multiple: true },
    only: { type: "string", multiple: true },
    port: { type: "string" },
    standins: { type: "string" },
    "soak-seconds": { type: "string" },
    report: { type: "string", default: "docs/reliability.md" },
  },
});

const short = values.short!;
const port = Number(values.port ?? process.env.E2E_PORT ?? 3100);
const standInsPort = Number(
  values.standins ?? (process.env.STANDINS_URL ? new URL(process.env.STANDINS_URL).port : 3010),
);
const engines = (values.engine ?? ["pglite", "postgres"]) as Engine[];
const wanted = (name: string) => !values.only || values.only.includes(name);
const soakSeconds = Number(values["soak-seconds"] ?? (short ? 60 : 240));

function ensureBuild(): void {
  if (values["no-build"]) return;
  if (fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return;
  console.log("[reliability] no build in .next: building");
  execSync("npm run build", {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      NEXT_PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      STANDINS_URL: `http://127.0.0.1:${standInsPort}`,
    },
  });
}

async function catalogue(sql: Sql): Promise<Catalogue> {
  const [pebble] = await sql.query<{ id: number }>("select id from products where slug = 'pebble-ottoman'");
  const [reviewed] = await sql.query<{ id: number; slug: string }>(
    "select id, slug from products where slug = 'lowveld-ottoman-bench'",
  );
  const simple = await sql.query<{ id: number }>(
    "select p.id from products p where p.published and p.stock > 0 and not exists (select 1 from variations v where v.product_id = p.id) and p.slug <> 'pebble-ottoman' order by p.id",
  );
  // Plenty of the soak's and the checks' product: stock is what concurrency checks on its own products.
  await sql.query("update products set stock = 100000 where id = $1", [pebble!.id]);
  return { pebbleId: pebble!.id, simpleIds: simple.map((r) => r.id), reviewProduct: reviewed! };
}

async function runEngine(engine: Engine, results: CheckResult[]): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `kaya-reliability-${engine}-`));
  const mailDir = path.join(work, "mail");
  let cluster: PrivateCluster | undefined;
  let dbEnv: Record<string, string>;
  let cat: Catalogue;
  if (engine === "postgres") {
    cluster = await PrivateCluster.create();
    dbEnv = { DATABASE_URL: cluster.url, DATABASE_POOL_MAX: "10" };
    seed(dbEnv);
    const sql = postgresSql(cluster.url);
    cat = await catalogue(sql);
    await sql.close();
  } else {
    dbEnv = { PGLITE_DIR: path.join(work, "pglite") };
    seed(dbEnv);
    const sql = await pgliteSql(dbEnv.PGLITE_DIR!);
    cat = await catalogue(sql);
    await sql.close();
  }
  const shop = new Shop({ port, standInsUrl: `http://127.0.0.1:${standInsPort}`, db: dbEnv, mailDir });
  const standIns = await startStandIns(standInsPort, shop.url);
  try {
    const startMs = await shop.start();
    console.log(`[reliability] ${engine}: the shop answered ${startMs} ms after it was started`);
    const ctx = new RunContext(engine, shop, standIns, short, cat, { pgliteDir: dbEnv.PGLITE_DIR, cluster });
    if (wanted("hostile")) results.push(await hostileInput(ctx));
    if (wanted("access")) results.push(await accessBetweenCustomers(ctx));
    if (wanted("boundaries")) results.push(await boundaries(ctx));
    if (wanted("concurrency")) results.push(await concurrency(ctx));
    if (wanted("staff-invitation")) results.push(await staffInvitation(ctx));
    if (engine === "postgres") {
      if (wanted("faults")) results.push(await faults(ctx));
      if (wanted("soak")) results.push(await soak(ctx, soakSeconds));
    }
    if (wanted("hoarding")) results.push(await hoarding(ctx));
    if (wanted("admin-data")) results.push(await adminData(ctx));
    if (wanted("limits")) results.push(await limits(ctx));
    if (wanted("edge")) results.push(await edge(ctx));
  } finally {
    await shop.stop();
    await standIns.close();
    cluster?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  ensureBuild();
  const results: CheckResult[] = [];
  for (const engine of engines) await runEngine(engine, results);
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
  const file = path.resolve(ROOT, values.report!);
  writeReport(file, { results, short, commit, seconds: (Date.now() - started) / 1000, soakSeconds });
  const failed = results.filter((r) => !r.passed);
  console.log(
    `[reliability] ${results.length - failed.length} of ${results.length} checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s; report in ${path.relative(ROOT, file)}`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
