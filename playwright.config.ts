import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SESSION_SECRET = process.env.SESSION_SECRET ?? "kaya-e2e-session-secret-0123456789abcdef";
// The payment gateways' stand-in server; the build's checkout form-action must name the same address.
process.env.STANDINS_URL ??= "http://127.0.0.1:3010";
const STANDINS_URL = process.env.STANDINS_URL;
// The e2e shop's unsent mail, read by e2e/fixtures/mail.ts.
process.env.E2E_MAIL_SPOOL_DIR ??= path.resolve(".data/e2e/mail");
// The site gate needs its own server with SITE_PASSWORD set; only e2e/gate.both.spec.ts uses it.
const GATE_PORT = PORT + 1;
process.env.E2E_SITE_PASSWORD ??= "kaya-e2e-preview";
if (!process.env.E2E_BASE_URL) process.env.E2E_GATE_URL ??= `http://127.0.0.1:${GATE_PORT}`;
// The back office's first admin, made by `npm run admin:create` before the e2e shop starts.
process.env.E2E_ADMIN_EMAIL ??= "owner@kaya-e2e.test";
process.env.E2E_ADMIN_PASSWORD ??= "Workshop-Owner-2026";
// Two specs (the owner's catalogue, a whole afternoon of the owner's, and the shop's settings) also
// run on PostgreSQL: their own shop on the next port, on a fresh database on the machine's server. E2E_NO_POSTGRES=1 leaves it out
// on a machine without PostgreSQL.
const WITH_POSTGRES = !process.env.E2E_BASE_URL && process.env.E2E_NO_POSTGRES !== "1";
const PG_PORT = PORT + 2;
const PG_SERVER = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PG_DATABASE_URL = (() => {
  const url = new URL(PG_SERVER);
  url.pathname = `/kaya_e2e_${PG_PORT}`;
  return url.toString();
})();
const pgBaseURL = `http://127.0.0.1:${PG_PORT}`;
const ON_POSTGRES = /(owner-catalogue|shop-settings)\.both\.spec\.ts/;
// The giveaway specs need the Eden campaign open and the spring one closed, whatever today is.
const DAY = 86_400_000;
const on = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const GIVEAWAY_DATES = {
  GIVEAWAY_EDEN_OPENS_AT: on(-1),
  GIVEAWAY_EDEN_CLOSES_AT: on(60),
  GIVEAWAY_COUCH_OPENS_AT: on(-90),
  GIVEAWAY_COUCH_CLOSES_AT: on(-30),
};

/** The e2e shop's settings; `site` is the address it answers at. */
const shopEnv = (site: string): Record<string, string> => ({
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  MAIL_SPOOL_DIR: process.env.E2E_MAIL_SPOOL_DIR!,
  ...GIVEAWAY_DATES,
  SESSION_SECRET,
  SITE_PASSWORD: "",
  PAYMENTS_ALLOW_STANDINS: "1",
  STANDINS_URL,
  NEXT_PUBLIC_SITE_URL: site,
  SITE_URL: site,
  REVIEWS_MODERATION: "publish",
  // Every e2e shopper checks out from 127.0.0.1, both projects and every refused try:
  // the suite must never meet the flood guard per address (it is tested in
  // test/api/orders/checkout-rate-limit.test.ts and the reliability suite).
  CHECKOUT_RATE_LIMIT_PER_HOUR: "1000",
});

/** The shop on PostgreSQL: a fresh database, the demo catalogue and the first admin, then the server. */
type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>[number];
const POSTGRES_SHOP: WebServer = {
  command:
    `node e2e/fixtures/fresh-postgres.mjs "${PG_SERVER}" kaya_e2e_${PG_PORT} && ` +
    `DATABASE_URL="${PG_DATABASE_URL}" npm run --silent db:seed && ` +
    `printf '%s' "$E2E_ADMIN_PASSWORD" | DATABASE_URL="${PG_DATABASE_URL}" npm run --silent admin:create -- --email "$E2E_ADMIN_EMAIL" && ` +
    `rm -rf .data/e2e-pg && mkdir -p .data/e2e-pg && node server.mjs -p ${PG_PORT} -H 127.0.0.1`,
  url: `${pgBaseURL}/api/ip-address`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: "pipe",
  stderr: "pipe",
  env: {
    ...shopEnv(pgBaseURL),
    DATABASE_URL: PG_DATABASE_URL,
    MAIL_SPOOL_DIR: path.resolve(".data/e2e-pg/mail"),
  },
};

/**
 * The end-to-end suite runs against the production build (`npm run build` first) on its own
 * embedded database, created fresh for each run, in the system's Chromium.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two browsers at once (one spec file each) on the shop's one server: the whole suite takes about
  // 26 minutes on two cores instead of 53 on one. Specs share the shop's database, so each makes
  // its own shoppers, products and fabrics (names stamped with the project and the time).
  // E2E_WORKERS=1 runs them one after another.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } } },
    { name: "phone", use: { ...devices["Pixel 7"] }, testMatch: /.*\.(phone|both)\.spec\.ts/ },
    ...(!WITH_POSTGRES
      ? []
      : [
          {
            name: "desktop-postgres",
            use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, baseURL: pgBaseURL },
            testMatch: ON_POSTGRES,
          },
          { name: "phone-postgres", use: { ...devices["Pixel 7"], baseURL: pgBaseURL }, testMatch: ON_POSTGRES },
        ]),
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : [
        {
          command:
            `rm -rf .data/e2e && mkdir -p .data/e2e && ` +
            `printf '%s' "$E2E_ADMIN_PASSWORD" | PGLITE_DIR=.data/e2e/pglite npm run --silent admin:create -- --email "$E2E_ADMIN_EMAIL" && ` +
            `PGLITE_DIR=.data/e2e/pglite node server.mjs -p ${PORT} -H 127.0.0.1`,
          url: `${baseURL}/api/ip-address`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: "pipe",
          stderr: "pipe",
          // Payments go through the gateway stand-ins, which call back to this address.
          env: shopEnv(baseURL),
        },
        {
          command: `rm -rf .data/e2e-gate && mkdir -p .data/e2e-gate && PGLITE_DIR=.data/e2e-gate/pglite node server.mjs -p ${GATE_PORT} -H 127.0.0.1`,
          url: `${process.env.E2E_GATE_URL}/site-login`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: "pipe",
          stderr: "pipe",
          env: {
            NODE_ENV: "production",
            NEXT_TELEMETRY_DISABLED: "1",
            SESSION_SECRET,
            SITE_PASSWORD: process.env.E2E_SITE_PASSWORD,
            PAYMENTS_ALLOW_STANDINS: "1",
            STANDINS_URL,
          },
        },
        {
          command: "npx tsx standins/main.ts",
          url: `${STANDINS_URL}/`,
          timeout: 30_000,
          reuseExistingServer: false,
          stdout: "pipe",
          stderr: "pipe",
          env: { STANDINS_URL, SITE_URL: baseURL },
        },
        ...(WITH_POSTGRES ? [POSTGRES_SHOP] : []),
      ],
});
