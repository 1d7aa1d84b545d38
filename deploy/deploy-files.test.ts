import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

needed("nginx")("the nginx configuration passes nginx -t", () => {
  const cert = path.join(tmp, "cert.pem");
  const key = path.join(tmp, "key.pem");
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
  const conf = fs
    .readFileSync("deploy/nginx.conf", "utf8")
    .replace(/\/etc\/letsencrypt\/live\/kaya-living\.example\/fullchain\.pem/, cert)
    .replace(/\/etc\/letsencrypt\/live\/kaya-living\.example\/privkey\.pem/, key)
    .replace(/^pid .*$/m, `pid ${path.join(tmp, "nginx.pid")};`)
    .replace(/^error_log \S+/m, `error_log ${path.join(tmp, "error.log")}`)
    .replace(/access_log \/var\/log\/nginx\/kaya-access\.log/, `access_log ${path.join(tmp, "access.log")}`);
  const file = path.join(tmp, "nginx.conf");
  fs.writeFileSync(file, conf);
  const run = spawnSync("nginx", ["-t", "-c", file, "-p", tmp, "-e", path.join(tmp, "error.log")], {
    encoding: "utf8",
  });
  expect(run.stderr).toContain("test is successful");
  expect(run.status).toBe(0);
});
