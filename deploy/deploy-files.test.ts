import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { parseServerEnv } from "@/lib/config/env";

/**
 * The deploy guide's files are checked by the tools that will read them: the systemd unit by
 * systemd-analyze, the nginx configuration by nginx -t (with a throwaway certificate in place of
 * the real one). CI installs both; elsewhere a missing tool skips its check.
 */
const has = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;
const needed = (tool: string) => (has(tool) || process.env.CI ? test : test.skip);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-deploy-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

needed("systemd-analyze")("the systemd unit passes systemd-analyze verify", () => {
  const unit = path.join(tmp, "kaya-living@3000.service");
  fs.copyFileSync("deploy/kaya-living@.service", unit);
  const run = spawnSync("systemd-analyze", ["verify", "--man=no", unit], { encoding: "utf8" });
  expect(run.stderr + run.stdout).toBe("");
  expect(run.status).toBe(0);
});

test("systemd waits longer for a stop than the shop's own shutdown takes, so a drain is never killed", () => {
  const unit = fs.readFileSync("deploy/kaya-living@.service", "utf8");
  const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
  const parsed = parseServerEnv({});
  if (!parsed.ok) throw new Error("the defaults do not parse");
  expect(stopSeconds * 1000).toBeGreaterThan(parsed.env.SHUTDOWN_TIMEOUT_MS);
  expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
});

/** A throwaway certificate for the configuration's TLS server, made once. */
function throwawayCertificate(): { cert: string; key: string } {
  const cert = path.join(tmp, "cert.pem");
  const key = path.join(tmp, "key.pem");
  if (fs.existsSync(cert)) return { cert, key };
  const made = spawnSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=kaya-living.example",
    "-keyout",
    key,
    "-out",
    cert,
  ]);
  expect(made.status).toBe(0);
  return { cert, key };
}

/** deploy/nginx.conf with its certificate, pid and logs in the test's own directory. */
function localConfig(): string {
  const { cert, key } = throwawayCertificate();
  return fs
    .readFileSync("deploy/nginx.conf", "utf8")
    .replace(/\/etc\/letsencrypt\/live\/kaya-living\.example\/fullchain\.pem/, cert)
    .replace(/\/etc\/letsencrypt\/live\/kaya-living\.example\/privkey\.pem/, key)
    .replace(/^pid .*$/m, `pid ${path.join(tmp, "nginx.pid")};`)
    .replace(/^error_log \S+/m, `error_log ${path.join(tmp, "error.log")}`)
    .replace(/access_log \/var\/log\/nginx\/kaya-access\.log/, `access_log ${path.join(tmp, "access.log")}`);
}

needed("nginx")("the nginx configuration passes nginx -t", () => {
  const file = path.join(tmp, "nginx.conf");
  fs.writeFileSync(file, localConfig());
  const run = spawnSync("nginx", ["-t", "-c", file, "-p", tmp, "-e", path.join(tmp, "error.log")], {
    encoding: "utf8",
  });
  expect(run.stderr).toContain("test is successful");
  expect(run.status).toBe(0);
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

needed("nginx")(
  "behind nginx a page reaches the browser compressed, and the app is asked for plain bytes",
  async () => {
    // The app: records what it was asked for, answers a page it would compress if allowed.
    const page = `<!doctype html><html><body>${"<p>Kaya Living, couches and beds.</p>".repeat(200)}</body></html>`;
    const asked: Array<string | undefined> = [];
    const app = http.createServer((req, res) => {
      asked.push(req.headers["accept-encoding"] as string | undefined);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page);
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const appPort = (app.address() as net.AddressInfo).port;
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const conf = localConfig()
      .replace(/^\s*listen \[::\]:\d+.*$/gm, "")
      .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
      .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl;`)
      .replace(/server 127\.0\.0\.1:\d+ /g, `server 127.0.0.1:${appPort} `);
    const file = path.join(tmp, "nginx-run.conf");
    fs.writeFileSync(file, conf);
    const nginx = spawn("nginx", ["-c", file, "-p", tmp, "-e", path.join(tmp, "error.log"), "-g", "daemon off;"], {
      stdio: "ignore",
    });
    try {
      const get = () =>
        new Promise<{ status?: number; encoding?: string; body: Buffer }>((resolve, reject) => {
          const req = https.get(
            {
              host: "127.0.0.1",
              port: httpsPort,
              path: "/product-category/couches",
              servername: "kaya-living.example",
              headers: { host: "kaya-living.example", "accept-encoding": "gzip, deflate, br" },
              rejectUnauthorized: false,
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () =>
                resolve({
                  status: res.statusCode,
                  encoding: res.headers["content-encoding"],
                  body: Buffer.concat(chunks),
                }),
              );
            },
          );
          req.on("error", reject);
        });
      let answer: Awaited<ReturnType<typeof get>> | undefined;
      for (let tries = 0; !answer && tries < 50; tries++) {
        answer = await get().catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 100)));
      }
      expect(answer?.status).toBe(200);
      expect(answer?.encoding).toBe("gzip");
      expect(zlib.gunzipSync(answer!.body).toString()).toBe(page);
      expect(asked).toEqual([undefined]);
    } finally {
      nginx.kill("SIGTERM");
      await new Promise((resolve) => app.close(resolve));
    }
  },
  20_000,
);
