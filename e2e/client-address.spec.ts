import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "./fixtures/shop";

/**
 * The address the shop counts a visitor by, on the production server, over real sockets. On Linux
 * every loopback address (127.0.0.0/8) can open a connection, so each request can come from an
 * address of its own, and the shop must report that one, not what the request's headers claim.
 */
type Answer = { status: number; body: Record<string, unknown> };

function send(url: string, opts: { from: string; headers?: Record<string, string>; json?: unknown }): Promise<Answer> {
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: body ? "POST" : "GET",
        localAddress: opts.from,
        agent: false,
        headers: {
          ...opts.headers,
          ...(body ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
          } catch {
            reject(new Error(`${url} answered ${res.statusCode}: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const FORGED = { "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7", forwarded: "for=8.8.8.8" };

test.describe("the client's address (no proxy in front: TRUSTED_PROXIES unset)", () => {
  test("is the socket's, whatever X-Forwarded-For and X-Real-IP say", async ({ baseURL }) => {
    expect((await send(`${baseURL}/api/ip-address`, { from: "127.0.0.5" })).body).toEqual({ clientIp: "127.0.0.5" });
    for (const forged of ["6.6.6.6", "6.6.6.6, 9.9.9.9", "127.0.0.1", "unknown"]) {
      const answer = await send(`${baseURL}/api/ip-address`, {
        from: "127.0.0.5",
        headers: { ...FORGED, "x-forwarded-for": forged },
      });
      expect(answer.body, `X-Forwarded-For: ${forged}`).toEqual({ clientIp: "127.0.0.5" });
    }
  });

  test("rotating X-Forwarded-For gains no sign-in attempts", async ({ baseURL }) => {
    test.slow();
    const from = "127.0.0.6";
    let refused = 0;
    for (let i = 0; i < 120 && refused === 0; i++) {
      const res = await send(`${baseURL}/api/login`, {
        from,
        headers: { "x-forwarded-for": `198.18.${i >> 8}.${i & 255}` },
        json: { email: `nobody.${i}@example.co.za`, password: "Spray-Password-1" },
      });
      if (res.status === 429) refused = i;
      else expect(res.status).toBe(401);
    }
    // The per-address limit holds: a hundred failures, then no more, however the header rotates.
    expect(refused).toBe(100);
  });
});

test.describe("behind one proxy (TRUSTED_PROXIES=1)", () => {
  const ROOT = process.cwd();
  const DATA = path.join(ROOT, ".data", "e2e-proxied");
  let shop: ChildProcess | undefined;
  let proxy: http.Server | undefined;
  let shopUrl = "";
  let proxyUrl = "";

  test.beforeAll(async () => {
    fs.rmSync(DATA, { recursive: true, force: true });
    fs.mkdirSync(DATA, { recursive: true });
    shop = spawn(process.execPath, ["server.mjs", "-p", "0", "-H", "127.0.0.1"], {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        TRUSTED_PROXIES: "1",
        PGLITE_DIR: path.join(DATA, "pglite"),
        SESSION_SECRET: "kaya-e2e-session-secret-0123456789abcdef",
        PAYMENTS_ALLOW_STANDINS: "1",
        KAYA_ORDER_EXPIRY_JOB: "0",
        SITE_PASSWORD: "",
      },
    });
    shopUrl = await new Promise<string>((resolve, reject) => {
      let log = "";
      const timer = setTimeout(() => reject(new Error(`server.mjs did not start:\n${log}`)), 60_000);
      const read = (chunk: Buffer) => {
        log += chunk.toString();
        const url = /listening on (http:\/\/[^\s"]+)/.exec(log)?.[1];
        if (url) {
          clearTimeout(timer);
          resolve(url.replace("localhost", "127.0.0.1"));
        }
      };
      shop!.stdout!.on("data", read);
      shop!.stderr!.on("data", read);
      shop!.once("exit", (code) => reject(new Error(`server.mjs exited with ${code}:\n${log}`)));
    });

    // A proxy as nginx is set up in front of an app: it appends the address it saw and forwards
    // from an address of its own.
    const target = new URL(shopUrl);
    proxy = http.createServer((req, res) => {
      const seen = req.headers["x-forwarded-for"]
        ? `${req.headers["x-forwarded-for"]}, ${req.socket.remoteAddress}`
        : req.socket.remoteAddress!;
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          localAddress: "127.0.0.9",
          headers: { ...req.headers, "x-forwarded-for": seen },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy!.listen(0, "127.0.0.1", resolve));
    const address = proxy.address();
    proxyUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  test.afterAll(async () => {
    proxy?.close();
    if (shop?.pid && shop.exitCode === null) {
      const exited = new Promise((resolve) => shop!.once("exit", resolve));
      process.kill(-shop.pid, "SIGTERM");
      await exited;
    }
    fs.rmSync(DATA, { recursive: true, force: true });
  });

  test("is the address the proxy saw, not the proxy's and not the one the client wrote", async () => {
    const plain = await send(`${proxyUrl}/api/ip-address`, { from: "127.0.0.7" });
    expect(plain.body).toEqual({ clientIp: "127.0.0.7" });
    const forged = await send(`${proxyUrl}/api/ip-address`, { from: "127.0.0.7", headers: FORGED });
    expect(forged.body).toEqual({ clientIp: "127.0.0.7" });
    const another = await send(`${proxyUrl}/api/ip-address`, {
      from: "127.0.0.8",
      headers: { "x-forwarded-for": "127.0.0.7" },
    });
    expect(another.body).toEqual({ clientIp: "127.0.0.8" });
  });
});
