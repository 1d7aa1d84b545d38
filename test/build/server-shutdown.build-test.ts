import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { childEnv } from "@/lib/config/set-env";

/**
 * The production server (server.mjs on a fresh embedded database, seeded as it starts, on the build in .next: `npm run build` first; `npm run
 * test:build` runs this file) told to stop while it is busy: it takes no new connection, finishes
 * every request it has, stops its jobs and pools, and exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
type Shop = {
  child: ChildProcess;
  url: string;
  lines: string[];
  exited: Promise<number | null>;
  waitForLine: (re: RegExp) => Promise<string>;
};

async function startShop(env: Record<string, string>): Promise<Shop> {
  const child = spawn(process.execPath, [path.resolve("server.mjs"), "-p", "0", "-H", "127.0.0.1"], {
    env: childEnv({
      NODE_OPTIONS: undefined,
      NODE_ENV: "production",
      DATABASE_URL: undefined,
      PGLITE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "kaya-shutdown-")),
      TEST_POSTGRES_URL: undefined,
      KAYA_ALLOW_DEV_SECRET: "1",
      PAYMENTS_ALLOW_STANDINS: "1",
      KAYA_ORDER_EXPIRY_JOB: "1",
      SITE_PASSWORD: undefined,
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiters: { re: RegExp; resolve: (line: string) => void }[] = [];
  const take = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) {
      lines.push(line);
      for (const w of waiters.filter((w) => w.re.test(line))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  child.stdout!.on("data", take);
  child.stderr!.on("data", take);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const waitForLine = (re: RegExp) => {
    const seen = lines.find((l) => re.test(l));
    if (seen) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      waiters.push({ re, resolve });
      void exited.then((code) =>
        reject(new Error(`server.mjs exited (${code}) before writing ${re}:\n${lines.join("\n")}`)),
      );
    });
  };
  const listening = await waitForLine(/listening on/);
  const url = (JSON.parse(listening) as { url: string }).url;
  return { child, url, lines, exited, waitForLine };
}

type Answer = { status: number; body: string; complete: boolean; at: number };

/** One request on its own connection; `complete` when the body is as long as the server declared. */
function get(url: string): Promise<Answer> {
  return send(url).answer;
}

/** A request and the moment it has been written whole to its connection (`sent`). */
function send(url: string): { sent: Promise<void>; answer: Promise<Answer> } {
  let sent: Promise<void> = Promise.resolve();
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks).toString();
        const declared = res.headers["content-length"];
        resolve({
          status: res.statusCode ?? 0,
          body,
          complete: res.complete && (declared === undefined || Number(declared) === Buffer.byteLength(body)),
          at: Date.now(),
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    sent = new Promise<void>((resolve, reject) => {
      req.once("finish", () => resolve());
      req.once("error", reject);
    });
  });
  return { sent, answer };
}

async function untilReady(shop: Shop): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 120_000;) {
    if (shop.child.exitCode !== null)
      throw new Error(`server.mjs exited (${shop.child.exitCode}) before it was ready:\n${shop.lines.join("\n")}`);
    const answer = await get(`${shop.url}/api/readyz`).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server never became ready:\n${shop.lines.join("\n")}`);
}

function connectRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });
}

let shop: Shop | undefined;
afterEach(() => {
  if (shop && shop.child.exitCode === null) shop.child.kill("SIGKILL");
  shop = undefined;
});

test("SIGTERM during a burst: every request in flight is answered in full, nothing new is taken, and the process exits 0 in time", async () => {
  const timeoutMs = 30_000;
  shop = await startShop({ SHUTDOWN_TIMEOUT_MS: String(timeoutMs) });
  await untilReady(shop);
  const paths = ["/", "/product-category/couches", "/product/eden-2-seater", "/blog", "/cart", "/api/products-blob"];
  for (const p of paths) expect((await get(`${shop.url}${p}`)).status).toBe(200);

  const requests = Array.from({ length: 36 }, (_, i) => send(`${shop!.url}${paths[i % paths.length]}`));
  // A request cut off is recorded, not thrown: the failure then names every one and when it ended.
  const burst = requests.map((r) =>
    r.answer.catch((err: NodeJS.ErrnoException) => ({
      status: 0,
      body: err.code ?? err.message,
      complete: false,
      at: Date.now(),
    })),
  );
  // Every request is on the wire before the signal: those are the ones the shop has to answer (one
  // sent after it stopped listening is refused, which a load balancer retries elsewhere).
  await Promise.all(requests.map((r) => r.sent));
  await Promise.race(burst);
  const signalled = Date.now();
  shop.child.kill("SIGTERM");

  await shop.waitForLine(/"area":"shutdown","msg":"stopping/);
  expect(await connectRefused(shop.url)).toBe(true);

  const answers = await Promise.all(burst);
  const code = await shop.exited;
  const took = Date.now() - signalled;

  const outcome = (a: Answer, i: number) =>
    a.status === 200 && a.complete
      ? "answered in full"
      : `${paths[i % paths.length]}: ${a.status || a.body} ${a.complete ? "" : "(incomplete) "}${a.at - signalled} ms after the signal`;
  expect(answers.map(outcome)).toEqual(answers.map(() => "answered in full"));
  for (const a of answers.filter((_, i) => paths[i % paths.length] !== "/api/products-blob"))
    expect(a.body).toMatch(/<\/html>\s*$/);
  // The drain had work to do: some answers came after the signal.
  expect(answers.filter((a) => a.at > signalled).length).toBeGreaterThan(0);
  expect(code).toBe(0);
  expect(took).toBeLessThan(timeoutMs);
  const shutdown = shop.lines
    .filter((l) => l.includes('"area":"shutdown"'))
    .map((l) => (JSON.parse(l) as { msg: string }).msg);
  expect(shutdown).toEqual(
    expect.arrayContaining(["order expiry job: stopped", "database: stopped", "stopped cleanly"]),
  );
}, 240_000);

test("a request that never finishes: the process gives up after SHUTDOWN_TIMEOUT_MS and exits 1, saying so", async () => {
  shop = await startShop({ SHUTDOWN_TIMEOUT_MS: "1500" });
  await untilReady(shop);
  const { hostname, port } = new URL(shop.url);
  const stuck = net.connect(Number(port), hostname);
  await new Promise((resolve) => stuck.once("connect", resolve));
  // A body announced and never sent: the request stays in flight.
  stuck.write(
    `POST /api/contact HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${shop.url}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":`,
  );
  stuck.on("error", () => {});
  // A round trip on another connection, sent after it: by its answer the server has read the first.
  expect((await get(`${shop.url}/api/healthz`)).status).toBe(200);
  const signalled = Date.now();
  shop.child.kill("SIGTERM");
  const code = await shop.exited;
  stuck.destroy();
  expect(code).toBe(1);
  expect(Date.now() - signalled).toBeGreaterThanOrEqual(1400);
  expect(shop.lines.join("\n")).toMatch(/not stopped within 1500 ms \(SHUTDOWN_TIMEOUT_MS\): 1 request\(s\) cut off/);
}, 240_000);
