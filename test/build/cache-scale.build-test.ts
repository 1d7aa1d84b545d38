import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { childEnv } from "@/lib/config/set-env";

/**
 * Two production servers (server.mjs on the build in .next: `npm run build` first; `npm run
 * test:build` runs this file) on one fresh PostgreSQL database, sharing the machine's Redis: a
 * price staff change through one process shows on the product page the other has cached, within
 * a second.
 */
const POSTGRES = process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
/** A logical database of the machine's Redis of its own, emptied first: no other run's entries. */
const REDIS_URL = "redis://127.0.0.1:6379/11";
const ADMIN = { email: "owner@kaya-scale.test", password: "Workshop-Owner-2026" };

type Shop = { child: ChildProcess; url: string; lines: string[] };
const shops: Shop[] = [];
const admin = new pg.Client({ connectionString: POSTGRES });
const database = `kaya_scale_${Date.now()}`;
let databaseUrl = "";

function env(extra: Record<string, string | undefined> = {}) {
  return childEnv({
    NODE_OPTIONS: undefined,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PGLITE_DIR: undefined,
    TEST_POSTGRES_URL: undefined,
    KAYA_ALLOW_DEV_SECRET: "1",
    PAYMENTS_ALLOW_STANDINS: "1",
    SITE_PASSWORD: undefined,
    REDIS_URL,
    ...extra,
  });
}

async function startShop(): Promise<Shop> {
  const child = spawn(process.execPath, [path.resolve("server.mjs"), "-p", "0", "-H", "127.0.0.1"], {
    env: env(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        lines.push(line);
        if (line.includes("is listening on")) resolve((JSON.parse(line) as { url: string }).url);
      }
    };
    child.stdout!.on("data", take);
    child.stderr!.on("data", take);
    child.once("exit", (code) => reject(new Error(`server.mjs exited (${code}):\n${lines.join("\n")}`)));
  });
  const shop = { child, url, lines };
  shops.push(shop);
  return shop;
}

beforeAll(async () => {
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
  // The release step (migrations, the demo catalogue), then the first admin, as an owner makes theirs.
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/bench/prepare-db.ts"], {
    env: env(),
    stdio: "pipe",
  });
  execFileSync("npm", ["run", "--silent", "admin:create", "--", "--email", ADMIN.email], {
    env: env(),
    input: ADMIN.password,
    stdio: ["pipe", "pipe", "pipe"],
  });
}, 240_000);

afterAll(async () => {
  for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill("SIGKILL");
  await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
  await admin.end();
});

async function signIn(shop: Shop): Promise<string> {
  const res = await fetch(`${shop.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.url },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const shows = (html: string, rands: number) =>
  new RegExp(`R\\s?${Math.floor(rands / 1000)}[\\s,\\u00a0]?${String(rands % 1000).padStart(3, "0")}`).test(html);

test("a price changed through one process shows on the other's product page within a second", async () => {
  const [a, b] = [await startShop(), await startShop()];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // A product without variations or a sale: its page shows the one price staff set.
  const product = (
    await db.query(
      `select p.id, p.slug from products p where p.published and p.sale_price_cents is null
         and not exists (select 1 from variations v where v.product_id = p.id) order by p.id limit 1`,
    )
  ).rows[0] as { id: number; slug: string };
  await db.end();
  const pageOf = async (shop: Shop) => (await fetch(`${shop.url}/product/${product.slug}`)).text();

  // Both processes have the page cached.
  for (const shop of [a, b, b]) expect((await fetch(`${shop.url}/product/${product.slug}`)).status).toBe(200);
  // A price no earlier run set: the build's own page cache in .next outlives a run.
  const newPrice = 7_001 + (Date.now() % 997);
  expect(shows(await pageOf(b), newPrice)).toBe(false);

  const cookie = await signIn(a);
  const changed = await fetch(`${a.url}/api/admin/products/${product.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: a.url, cookie },
    body: JSON.stringify({ action: "price", regularPrice: newPrice }),
  });
  expect({ status: changed.status, body: changed.status === 200 ? "" : await changed.text() }).toEqual({
    status: 200,
    body: "",
  });
  const at = Date.now();

  let seen = false;
  while (!seen && Date.now() - at < 1000) seen = shows(await pageOf(b), newPrice);
  expect({ seen, within: Date.now() - at <= 1000 }).toEqual({ seen: true, within: true });
  expect(shows(await pageOf(a), newPrice)).toBe(true);
}, 240_000);
