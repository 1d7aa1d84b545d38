/**
 * `npm run lighthouse [-- --url <base>] [-- --port <n>] [-- --out <dir>] [-- --as-browser] [-- <path> ...]`
 *
 * The Lighthouse SEO check: runs Lighthouse's "seo" category in the system's Chromium
 * on the home page and on the first category, product and journal article that sitemap.xml
 * lists, prints each page's score and every failing audit with its details, writes the reports
 * (JSON and HTML) and a summary.json to `.data/lighthouse/reports`, and exits non-zero unless
 * every page scores 100.
 *
 * Without `--url` it starts the production build itself (`npm run build` first): the shop's server (`server.mjs`) on
 * a free port with its own fresh embedded database in `.data/lighthouse/pglite`, and stops it at
 * the end. With `--url` (or LIGHTHOUSE_BASE_URL) it audits a shop that is already running.
 * Paths given on the command line replace the default pages.
 *
 * Lighthouse runs with its default (mobile) settings: the SEO audits of Lighthouse 12 read the
 * document, links, robots.txt and HTTP status and do not depend on the form factor, and Google
 * indexes the mobile page. Chromium comes from CHROME_PATH (default /usr/bin/chromium).
 *
 * It reads the pages as a crawler does: its user agent ends in "Chrome-Lighthouse", as PageSpeed
 * Insights' does, which Next counts among the bots that get the whole head in <head> (browsers
 * get the head of catalogue pages streamed after the shell). `--as-browser` sends Lighthouse's
 * plain mobile user agent instead, to audit what a browser receives.
 *
 * Plain Node on purpose: tsx's transform adds `__name()` helpers to functions, and Lighthouse
 * sends some of its functions into the page as source text, where `__name` does not exist.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { userAgents } from "lighthouse/core/config/constants.js";

const ROOT = process.cwd();
const DATA_DIR = path.join(ROOT, ".data", "lighthouse");
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const START_TIMEOUT_MS = 180_000;

function usage() {
  console.log(
    "Usage: npm run lighthouse [-- --url <base URL>] [-- --port <n>] [-- --out <dir>] [-- --as-browser] [-- <path> ...]",
  );
  process.exit(0);
}

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ url?: string; port?: number; out: string; paths: string[]; asBrowser: boolean }} */
  const out = { out: path.join(DATA_DIR, "reports"), paths: [], asBrowser: false };
  if (process.env.LIGHTHOUSE_BASE_URL) out.url = process.env.LIGHTHOUSE_BASE_URL;
  if (process.env.LIGHTHOUSE_PORT) out.port = Number(process.env.LIGHTHOUSE_PORT);
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (!v) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "--url") out.url = value();
    else if (flag === "--port") out.port = Number(value());
    else if (flag === "--out") out.out = path.resolve(value());
    else if (flag === "--as-browser") out.asBrowser = true;
    else if (flag === "--help" || flag === "-h") usage();
    else if (flag.startsWith("/")) out.paths.push(flag);
    else throw new Error(`Unknown argument ${flag} (page paths start with /)`);
  }
  if (out.port !== undefined && !(Number.isInteger(out.port) && out.port > 0 && out.port < 65536)) {
    throw new Error(`--port must be a TCP port, not ${out.port}`);
  }
  if (out.url && !/^https?:\/\//.test(out.url)) throw new Error(`--url must be an http(s) address, not ${out.url}`);
  return out;
}

/**
 * The pages to audit: home, and the first category, product and article of the shop's own
 * sitemap (the demo catalogue and journal on a fresh database).
 * @param {string} base
 */
async function defaultPages(base) {
  const res = await fetch(`${base}/sitemap.xml`);
  if (!res.ok) throw new Error(`GET /sitemap.xml answered ${res.status}: cannot pick the pages to audit`);
  const paths = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].trim()).pathname);
  /** @param {string} name @param {RegExp} pattern */
  const first = (name, pattern) => {
    const p = paths.find((x) => pattern.test(x));
    if (!p) throw new Error(`sitemap.xml lists no ${name} page (${pattern})`);
    return { name, path: p };
  };
  return [
    { name: "home", path: "/" },
    first("category", /^\/product-category\/[a-z0-9-]+$/),
    first("product", /^\/product\/[a-z0-9-]+$/),
    first("article", /^\/blog\/[a-z0-9-]+$/),
  ];
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The shop's server (`server.mjs`) on the production build, with its own fresh embedded database.
 * @param {number} port
 */
async function startShop(port) {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error(
      "No production build in .next: run `npm run build` first (or pass --url <base URL> of a running shop)",
    );
  }
  const base = `http://127.0.0.1:${port}`;
  const pgliteDir = path.join(DATA_DIR, "pglite");
  fs.rmSync(pgliteDir, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  /** @type {string[]} */
  const log = [];
  const child = spawn(process.execPath, [path.join(ROOT, "server.mjs"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    detached: true, // its own process group, so stopping it stops its workers too
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PGLITE_DIR: pgliteDir,
      SESSION_SECRET: process.env.SESSION_SECRET ?? crypto.randomBytes(32).toString("hex"),
      SITE_PASSWORD: "",
      PAYMENTS_ALLOW_STANDINS: "1",
      KAYA_ORDER_EXPIRY_JOB: "0",
      // Links, canonical URLs and robots.txt keep the address the shop was built with
      // (NEXT_PUBLIC_SITE_URL); pass --port with that address's port to audit it as deployed.
      SITE_URL: process.env.SITE_URL ?? "",
    },
  });
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  /** @type {number | null} */
  let exited = null;
  child.on("exit", (code) => (exited = code ?? 1));
  const stop = () => {
    if (exited !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stop();
      process.exit(130);
    });
  }

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`server.mjs exited with code ${exited}:\n${log.join("")}`);
    try {
      // The first request opens, migrates and seeds the fresh database.
      const res = await fetch(`${base}/api/ip-address`, { signal: AbortSignal.timeout(60_000) });
      if (res.ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  stop();
  throw new Error(`The shop did not answer on ${base} within ${START_TIMEOUT_MS / 1000} s:\n${log.join("")}`);
}

/**
 * One line per detail row: the parts a person needs to find the problem in the page.
 * @param {Record<string, unknown>} item
 */
function describeItem(item) {
  /** @type {string[]} */
  const parts = [];
  for (const [key, value] of Object.entries(item)) {
    if (value === null || value === undefined || value === "") continue;
    if (typeof value === "object") {
      const v =
        /** @type {{ type?: string; snippet?: string; selector?: string; nodeLabel?: string; url?: string; line?: number }} */ (
          value
        );
      if (v.type === "node")
        parts.push(`${key}: ${v.snippet ?? v.nodeLabel ?? "(node)"}${v.selector ? ` [${v.selector}]` : ""}`);
      else if (v.type === "source-location") parts.push(`${key}: ${v.url}:${(v.line ?? 0) + 1}`);
      else parts.push(`${key}: ${JSON.stringify(value)}`);
    } else parts.push(`${key}: ${String(value)}`);
  }
  return parts.join("  ");
}

/**
 * The audits of the SEO category that did not pass, as printable lines.
 * @param {import("lighthouse").Result} lhr
 */
function failingAudits(lhr) {
  /** @type {string[]} */
  const lines = [];
  for (const ref of lhr.categories.seo?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (["manual", "notApplicable", "informative"].includes(audit.scoreDisplayMode)) continue;
    lines.push(`  ✗ ${audit.id} (weight ${ref.weight.toFixed(1)}): ${audit.title}`);
    if (audit.explanation) lines.push(`      ${audit.explanation}`);
    if (audit.errorMessage) lines.push(`      error: ${audit.errorMessage}`);
    const details = /** @type {{ items?: Record<string, unknown>[] } | undefined} */ (audit.details);
    const items = details?.items ?? [];
    for (const item of items.slice(0, 15)) lines.push(`      - ${describeItem(item)}`);
    if (items.length > 15) lines.push(`      … and ${items.length - 15} more (see the report)`);
  }
  return lines;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  /** @type {{ base: string; stop: () => void } | null} */
  let shop = null;
  let base = opts.url?.replace(/\/+$/, "");
  if (!base) {
    const port = opts.port ?? (await freePort());
    console.log(
      `Starting the production build on http://127.0.0.1:${port} (database in ${path.relative(ROOT, DATA_DIR)}/pglite) …`,
    );
    shop = await startShop(port);
    base = shop.base;
  }

  /** @type {{ name: string; path: string; score: number | null; error?: string }[]} */
  const runs = [];
  try {
    const pages = opts.paths.length
      ? opts.paths.map((p, i) => ({ name: `page-${i + 1}`, path: p }))
      : await defaultPages(base);
    const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
    if (!fs.existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath}: set CHROME_PATH`);
    const userAgent = opts.asBrowser ? userAgents.mobile : `${userAgents.mobile} Chrome-Lighthouse`;
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
    fs.mkdirSync(opts.out, { recursive: true });
    try {
      for (const page of pages) {
        const url = `${base}${page.path}`;
        const started = Date.now();
        const result = await lighthouse(url, {
          port: chrome.port,
          output: ["json", "html"],
          logLevel: "error",
          onlyCategories: ["seo"],
          emulatedUserAgent: userAgent,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const [json, html] = /** @type {string[]} */ (result.report);
        fs.writeFileSync(path.join(opts.out, `${page.name}.report.json`), json);
        fs.writeFileSync(path.join(opts.out, `${page.name}.report.html`), html);
        const lhr = result.lhr;
        const raw = lhr.categories.seo?.score ?? null;
        /** @type {{ name: string; path: string; score: number | null; error?: string }} */
        const run = { name: page.name, path: page.path, score: raw === null ? null : Math.round(raw * 100) };
        if (lhr.runtimeError) run.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
        runs.push(run);
        console.log(
          `\nSEO ${run.score ?? "—"}  ${page.name.padEnd(8)} ${url}  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
        if (run.error) console.log(`  runtime error: ${run.error}`);
        for (const line of failingAudits(lhr)) console.log(line);
      }
    } finally {
      await chrome.kill();
    }
  } finally {
    shop?.stop();
  }

  const passed = runs.length > 0 && runs.every((r) => r.score === 100 && !r.error);
  const version = JSON.parse(
    fs.readFileSync(path.join(ROOT, "node_modules", "lighthouse", "package.json"), "utf8"),
  ).version;
  const summary = {
    passed,
    lighthouse: version,
    formFactor: "mobile",
    userAgent: opts.asBrowser ? "browser" : "crawler (Chrome-Lighthouse)",
    base,
    pages: runs,
  };
  fs.writeFileSync(path.join(opts.out, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`\nReports in ${path.relative(ROOT, opts.out) || opts.out}/`);
  console.log(
    passed
      ? `Lighthouse SEO: every page scores 100 (${runs.length} pages).`
      : "Lighthouse SEO: not every page scores 100.",
  );
  process.exitCode = passed ? 0 : 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
