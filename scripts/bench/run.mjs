#!/usr/bin/env node
/**
 * `npm run bench`: the shop's server rate against the production build (`npm run build` first),
 * on loopback, with autocannon.
 *
 *   npm run bench                      full run (8 s per target, 32 connections), writes docs/performance.md
 *   npm run bench -- --smoke           2 s per target, 8 connections; exits 1 on any failed request
 *   --postgres <url>                   the PostgreSQL server to make a fresh database on
 *                                      (default postgres://postgres@127.0.0.1:5432/postgres)
 *   --no-postgres                      the embedded database only
 *   --duration <s> --connections <n>   override the run's length and load
 *   --products <n>                     first import n more products as a WooCommerce CSV (dry run,
 *                                      then the import), and write to the bigger catalogue's section
 *
 * Targets, in one run: a bare node:http server answering the product page's bytes (the machine's
 * limit), a static file of the build (the framework's limit), a page without data (/cart), then
 * home, a category, a product, an article, GET /api/products-blob, a guest add-to-cart, a guest
 * cart read and a bank-transfer checkout; on the embedded database and on PostgreSQL; then one
 * app process against two and four on one PostgreSQL behind a round-robin balancer.
 * Ports 3620-3639.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WORK = path.join(ROOT, ".data/bench");
const PORTS = { embedded: 3620, pg: [3621, 3622, 3623, 3624], bare: 3625, balancer: 3630 };

function options(argv) {
  const o = {
    smoke: false,
    postgres: "postgres://postgres@127.0.0.1:5432/postgres",
    duration: undefined,
    connections: undefined,
    write: undefined,
    products: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--smoke") o.smoke = true;
    else if (a === "--no-postgres") o.postgres = null;
    else if (a === "--postgres") o.postgres = argv[++i];
    else if (a === "--duration") o.duration = Number(argv[++i]);
    else if (a === "--connections") o.connections = Number(argv[++i]);
    else if (a === "--no-write") o.write = false;
    else if (a === "--products") o.products = Number(argv[++i]);
    else throw new Error(`Unknown option ${a}`);
  }
  o.duration ??= o.smoke ? 2 : 8;
  o.connections ??= o.smoke ? 8 : 32;
  o.write ??= !o.smoke;
  if (!Number.isInteger(o.products) || o.products < 0) throw new Error("--products takes a whole number");
  return o;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Child processes, stopped (SIGTERM, then SIGKILL) when the bench ends however it ends. */
const children = new Set();
function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
}
process.on("exit", stopAll);
for (const s of ["SIGINT", "SIGTERM"]) process.on(s, () => process.exit(130));

function start(name, args, env, logFile) {
  const out = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", out, out],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.benchName = name;
  child.logFile = logFile;
  return child;
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000).then(() => child.kill("SIGKILL"))]);
}

async function run(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const code = await new Promise((r) => child.once("exit", r));
  if (code !== 0) throw new Error(`${args.join(" ")} failed (${code}):\n${out}`);
}

async function waitFor(url, child, wantStatus = 200, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${child.benchName} exited (${child.exitCode}); see ${child.logFile}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status === wantStatus) return;
    } catch {
      // not up yet
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer ${wantStatus} in time`);
}

function rssMb(child) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

function shopEnv(extra) {
  return {
    NODE_ENV: "production",
    NODE_OPTIONS: "",
    KAYA_ALLOW_DEV_SECRET: "1",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    PAYMENTS_ALLOW_STANDINS: "1",
    KAYA_ORDER_EXPIRY_JOB: "0",
    CHECKOUT_RATE_LIMIT_PER_HOUR: "1000000",
    SITE_PASSWORD: "",
    TRUSTED_PROXIES: "0",
    ...extra,
  };
}

async function startShop(name, port, env) {
  const child = start(
    name,
    ["server.mjs", "-p", String(port), "-H", "127.0.0.1"],
    shopEnv(env),
    path.join(WORK, `${name}.log`),
  );
  await waitFor(`http://127.0.0.1:${port}/api/readyz`, child);
  child.rssAtStart = rssMb(child);
  return child;
}

/** The first article in content/blog, a category and a product of the demo catalogue. */
function pagePaths() {
  const article = fs
    .readdirSync(path.join(ROOT, "content/blog"))
    .filter((f) => f.endsWith(".md"))
    .sort()[0]
    .replace(/\.md$/, "");
  return {
    home: "/",
    category: "/product-category/couches",
    product: "/product/eden-2-seater",
    article: `/blog/${article}`,
    cart: "/cart",
  };
}

/** The largest JavaScript file of the build: served from disk by Next without rendering. */
function staticFile() {
  const dir = path.join(ROOT, ".next/static/chunks");
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ f, size: fs.statSync(path.join(dir, f)).size }));
  files.sort((a, b) => b.size - a.size);
  return `/_next/static/chunks/${files[0].f}`;
}

const CHECKOUT_FORM = {
  email: "bench@example.co.za",
  phone: "082 123 4567",
  shipping: {
    FirstName: "Thandi",
    LastName: "Mokoena",
    StreetAddress1: "12 Loop Street",
    City: "Cape Town",
    Province: "Western Cape",
    Postcode: "8001",
  },
  billingSameAsShipping: true,
  paymentMethod: "bank-transfer",
};

/**
 * Each checkout a shopper of its own: one e-mail address or phone number may have only a few
 * unpaid orders at once (lib/orders/order-limits.ts).
 */
const BENCH_RUN = randomBytes(3).readUIntBE(0, 3);
function benchShopper(n) {
  const serial = (BENCH_RUN * 1000 + n) % 100_000_000;
  return { email: `bench.${BENCH_RUN}.${n}@example.co.za`, phone: `07${String(serial).padStart(8, "0")}` };
}

async function simpleProductId(base) {
  const res = await fetch(`${base}/api/products-blob`);
  const products = await res.json();
  const simple = products.find((p) => (p.type ?? "simple") === "simple" && !(p.variations?.length > 0));
  if (!simple) throw new Error("no simple product in /api/products-blob");
  return simple.id;
}

async function newCart(base, productId) {
  const res = await fetch(`${base}/api/cart-guest`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ productId, productQuantity: 1 }),
  });
  const body = await res.json();
  if (res.status !== 201 || !body.cart_key) throw new Error(`add to cart answered ${res.status}`);
  return body.cart_key;
}

/** Carts with one line each, `count` of them, made `parallel` at a time. */
async function makeCarts(base, productId, count, parallel = 8) {
  const keys = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (keys.length < count) keys.push(await newCart(base, productId));
    }),
  );
  return keys;
}

async function cannon(opts, o) {
  const result = await autocannon({ connections: o.connections, duration: o.duration, timeout: 30, ...opts });
  const failed = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: failed,
    total: result.requests.total,
    bytes: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/** Every target on one app (`base`): pages, calls, writes. */
async function engineTargets(label, base, o, refs) {
  const rows = [];
  const add = (name, r) => {
    rows.push({ engine: label, name, ...r });
    process.stdout.write(
      `  ${label.padEnd(10)} ${name.padEnd(34)} ${r.rps.toFixed(1).padStart(8)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}\n`,
    );
  };
  const paths = pagePaths();
  const page = async (name, p) => {
    for (let i = 0; i < 5; i++) await (await fetch(base + p)).arrayBuffer();
    add(name, await cannon({ url: base + p }, o));
  };
  if (refs) {
    add("static file of the build", await cannon({ url: base + staticFile() }, o));
  }
  await page("`/cart` (a page without data)", paths.cart);
  await page("home `/`", paths.home);
  await page(`category \`${paths.category}\``, paths.category);
  await page(`product \`${paths.product}\``, paths.product);
  await page(`article \`${paths.article}\``, paths.article);
  await page("`GET /api/products-blob`", "/api/products-blob");

  const productId = await simpleProductId(base);
  const made = [];
  add(
    "guest add-to-cart (`POST /api/cart-guest`)",
    await cannon(
      {
        url: `${base}/api/cart-guest`,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ productId, productQuantity: 1 }),
            onResponse: (status, body) => {
              if (status === 201) made.push(JSON.parse(body).cart_key);
            },
          },
        ],
      },
      o,
    ),
  );
  const readKey = made[0] ?? (await newCart(base, productId));
  add(
    "guest cart read (`GET /api/cart-guest`)",
    await cannon({ url: `${base}/api/cart-guest?cartKey=${encodeURIComponent(readKey)}` }, o),
  );

  const checkoutConnections = Math.max(1, Math.floor(o.connections / 2));
  const wanted = Math.ceil(o.duration * 400);
  const keys = made.slice(1);
  if (keys.length < wanted) keys.push(...(await makeCarts(base, productId, wanted - keys.length)));
  let used = 0;
  add(
    `bank-transfer checkout (${checkoutConnections} concurrent)`,
    await cannon(
      {
        url: `${base}/api/checkout`,
        connections: checkoutConnections,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({
                ...CHECKOUT_FORM,
                ...benchShopper(used),
                cartKey: keys[used++ % keys.length],
                idempotencyKey: `bench-${randomBytes(12).toString("hex")}`,
              }),
            }),
          },
        ],
      },
      o,
    ),
  );
  if (used > keys.length)
    process.stdout.write(`  (checkout reused carts: ${used} requests, ${keys.length} carts; the repeats fail)\n`);
  return rows;
}

function commit() {
  return new Promise((resolve) => {
    const child = spawn("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.once("exit", () => resolve(out.trim() || "unknown"));
    child.once("error", () => resolve("unknown"));
  });
}

/** 1 240.5: a space between thousands, a point before the decimals. */
const fmt = (n, digits = 0) => {
  if (n === null || n === undefined || !Number.isFinite(Number(n))) return "–";
  const [whole, part] = Number(n).toFixed(digits).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, " ")}${part ? `.${part}` : ""}`;
};

function table(rows, bare, statics) {
  const lines = [
    "| engine | target | req/s | p50 | p99 | errors | bytes | × bare | × static |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    const ratio = (ref) => (ref && ref.rps ? `${fmt((100 * r.rps) / ref.rps, 1)}%` : "");
    const st = statics[r.engine];
    lines.push(
      `| ${r.engine} | ${r.name} | ${fmt(r.rps, 1)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${fmt(r.bytes)} | ${ratio(bare)} | ${ratio(st)} |`,
    );
  }
  return lines.join("\n");
}

/** What prepare-db needs to import the bigger catalogue, when the run asks for one. */
const importEnv = (o, report) =>
  o.products ? { BENCH_PRODUCTS: String(o.products), BENCH_IMPORT_REPORT: report } : {};

/** One line per engine: the file's size and how long its dry run and its import took. */
function importLines(imports) {
  return Object.entries(imports).map(
    ([engine, r]) =>
      `- ${engine}: ${fmt(r.products)} products in ${fmt(r.rows)} rows (${fmt(r.bytes / 1024)} kB), dry run ${fmt(r.dryRunMs / 1000, 1)} s, import ${fmt(r.importMs / 1000, 1)} s, ${fmt(r.createdRows)} rows created.`,
  );
}

async function main() {
  const o = options(process.argv.slice(2));
  if (!fs.existsSync(path.join(ROOT, ".next/BUILD_ID")))
    throw new Error("No production build in .next: run `npm run build` first");
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(WORK, { recursive: true });
  const began = new Date();
  const rows = [];
  const memory = [];
  const statics = {};
  process.stdout.write(`Bench: ${o.duration} s per target, ${o.connections} connections${o.smoke ? " (smoke)" : ""}\n`);

  // Embedded database.
  const pgliteDir = path.join(WORK, "pglite");
  const imports = {};
  const importReport = path.join(WORK, "import-embedded.json");
  await run(["--conditions=react-server", "--import", "tsx", "scripts/bench/prepare-db.ts"], {
    PGLITE_DIR: pgliteDir,
    DATABASE_URL: "",
    NODE_OPTIONS: "",
    ...importEnv(o, importReport),
  });
  if (o.products) imports.embedded = JSON.parse(fs.readFileSync(importReport, "utf8"));
  const embedded = await startShop("embedded", PORTS.embedded, {
    PGLITE_DIR: pgliteDir,
    DATABASE_URL: "",
    KAYA_SKIP_SEED: "1",
  });
  const eBase = `http://127.0.0.1:${PORTS.embedded}`;

  const productHtml = path.join(WORK, "product.html");
  fs.writeFileSync(productHtml, Buffer.from(await (await fetch(`${eBase}${pagePaths().product}`)).arrayBuffer()));
  const bareServer = start(
    "bare",
    ["scripts/bench/bare.mjs", String(PORTS.bare), productHtml],
    {},
    path.join(WORK, "bare.log"),
  );
  await waitFor(`http://127.0.0.1:${PORTS.bare}/`, bareServer);
  const bare = {
    engine: "none",
    name: "bare `node:http`, the product page's bytes",
    ...(await cannon({ url: `http://127.0.0.1:${PORTS.bare}/` }, o)),
  };
  process.stdout.write(`  bare node:http ${bare.rps.toFixed(1)} req/s  p50 ${bare.p50} ms  p99 ${bare.p99} ms\n`);
  await stop(bareServer);

  const eRows = await engineTargets("embedded", eBase, o, true);
  statics.embedded = eRows[0];
  rows.push(...eRows);
  memory.push({ name: "embedded", start: embedded.rssAtStart, end: rssMb(embedded) });
  await stop(embedded);

  // PostgreSQL: a fresh database, then one process, then two and four behind the balancer.
  const scale = [];
  if (o.postgres) {
    const name = `kaya_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: o.postgres });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(o.postgres);
    url.pathname = `/${name}`;
    const dbUrl = url.toString();
    try {
      const pgReport = path.join(WORK, "import-postgres.json");
      await run(["--conditions=react-server", "--import", "tsx", "scripts/bench/prepare-db.ts"], {
        DATABASE_URL: dbUrl,
        NODE_OPTIONS: "",
        ...importEnv(o, pgReport),
      });
      if (o.products) imports.PostgreSQL = JSON.parse(fs.readFileSync(pgReport, "utf8"));
      const counts = o.smoke ? [1, 2] : [1, 2, 4];
      const shops = [];
      for (let i = 0; i < Math.max(...counts); i++)
        shops.push(await startShop(`postgres-${i + 1}`, PORTS.pg[i], { DATABASE_URL: dbUrl }));
      const pBase = `http://127.0.0.1:${PORTS.pg[0]}`;
      const pRows = await engineTargets("PostgreSQL", pBase, o, true);
      statics.PostgreSQL = pRows[0];
      rows.push(...pRows);

      const productId = await simpleProductId(pBase);
      const cartKey = await newCart(pBase, productId);
      const scaleTargets = [
        ["category", pagePaths().category],
        ["product", pagePaths().product],
        ["guest cart read", `/api/cart-guest?cartKey=${encodeURIComponent(cartKey)}`],
      ];
      for (const n of counts) {
        const balancer = start(
          `balancer-${n}`,
          ["scripts/bench/round-robin.mjs", String(PORTS.balancer), ...PORTS.pg.slice(0, n).map(String)],
          {},
          path.join(WORK, `balancer-${n}.log`),
        );
        await waitFor(`http://127.0.0.1:${PORTS.balancer}/api/healthz`, balancer);
        for (const [label, p] of scaleTargets) {
          for (let i = 0; i < 2 * n; i++) await (await fetch(`http://127.0.0.1:${PORTS.balancer}${p}`)).arrayBuffer();
          const r = await cannon({ url: `http://127.0.0.1:${PORTS.balancer}${p}` }, o);
          scale.push({ processes: n, name: label, ...r });
          process.stdout.write(
            `  ${n} process(es) ${label.padEnd(20)} ${r.rps.toFixed(1).padStart(8)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}\n`,
          );
        }
        await stop(balancer);
      }
      shops.forEach((s, i) => memory.push({ name: `postgres-${i + 1}`, start: s.rssAtStart, end: rssMb(s) }));
      for (const s of shops) await stop(s);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    }
  }

  const failed = [bare, ...rows, ...scale].filter((r) => r.errors > 0);
  const report = [
    `Run ${began.toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${await commit()}, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${fmt(os.totalmem() / 2 ** 30, 1)} GB memory, load average at start ${os.loadavg()[0].toFixed(2)}.`,
    `autocannon, ${o.connections} connections (checkout: ${Math.max(1, Math.floor(o.connections / 2))}), ${o.duration} s per target, loopback, no compression; one app process unless said.`,
    ...(o.products
      ? [
          "",
          `The demo catalogue and ${fmt(o.products)} more products, imported through the back office's WooCommerce CSV import (\`scripts/bench/larger-catalogue.ts\`) before the run:`,
          "",
          ...importLines(imports),
        ]
      : []),
    "",
    `Bare \`node:http\` answering the product page's bytes (the machine's limit): **${fmt(bare.rps, 1)} req/s**, p50 ${bare.p50} ms, p99 ${bare.p99} ms, ${fmt(bare.bytes)} bytes.`,
    "",
    table(rows, bare, statics),
    "",
    scale.length
      ? "Scale-out on one PostgreSQL, through the round-robin balancer (`scripts/bench/round-robin.mjs`):"
      : "",
    "",
    scale.length
      ? [
          "| processes | target | req/s | p50 | p99 | errors | × one process |",
          "|---|---|---|---|---|---|---|",
          ...scale.map((r) => {
            const one = scale.find((s) => s.processes === 1 && s.name === r.name);
            return `| ${r.processes} | ${r.name} | ${fmt(r.rps, 1)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${fmt(r.rps / one.rps, 2)}× |`;
          }),
        ].join("\n")
      : "",
    "",
    "Memory (resident) of each app process after start and after its runs: " +
      memory.map((m) => `${m.name} ${m.start} → ${m.end} MB`).join(", ") +
      ".",
  ].join("\n");

  process.stdout.write(`\n${report}\n`);
  if (o.write) {
    const file = path.join(ROOT, "docs/performance.md");
    const doc = fs.readFileSync(file, "utf8");
    const section = o.products ? "bench-larger" : "bench";
    const [startMark, endMark] = [`<!-- ${section}:start -->`, `<!-- ${section}:end -->`];
    const at = doc.indexOf(startMark);
    const end = doc.indexOf(endMark);
    if (at < 0 || end < 0) throw new Error(`docs/performance.md lacks the ${startMark} and ${endMark} markers`);
    fs.writeFileSync(file, `${doc.slice(0, at + startMark.length)}\n${report}\n${doc.slice(end)}`);
    process.stdout.write("\nWritten to docs/performance.md\n");
  }
  if (failed.length) {
    process.stderr.write(
      `\nFailed requests: ${failed.map((r) => `${r.engine ?? `${r.processes} process(es)`} ${r.name}: ${r.errors}`).join("; ")}\n`,
    );
    process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
    process.exitCode = 1;
  })
  .finally(stopAll);
