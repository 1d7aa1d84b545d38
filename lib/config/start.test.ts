import { spawn } from "node:child_process";
import path from "node:path";

/**
 * A server started with bad configuration stops before it serves, naming every bad variable at
 * once (not the first one, and not later, on the request that happens to read it).
 */
function start(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("test/fixtures/config/start-server.ts")], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NEXT_RUNTIME: "nodejs",
      NODE_ENV: "test",
      DATABASE_URL: "memory://",
      // The jobs' modules are the server's alone ("server-only"), which this stand-in is not.
      KAYA_ORDER_EXPIRY_JOB: "0",
      KAYA_PUBLISH_JOB: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, out, err })));
}

describe("configuration checked at start", () => {
  test("two bad variables: the server names both and exits before it is ready", async () => {
    const run = await start({ DATABASE_POOL_MAX: "lots", TRUSTED_PROXIES: "-1" });
    expect(run.out).not.toContain("ready");
    expect(run.code).not.toBe(0);
    expect(run.err).toContain("DATABASE_POOL_MAX");
    expect(run.err).toContain("TRUSTED_PROXIES");
  }, 60_000);

  test("a secret's value is never printed, only its name", async () => {
    const run = await start({ SESSION_SECRET: "too-short-but-private", TRUSTED_PROXIES: "many" });
    expect(run.code).not.toBe(0);
    expect(run.err).toContain("SESSION_SECRET");
    expect(run.err).not.toContain("too-short-but-private");
  }, 60_000);

  test("good configuration: the server starts", async () => {
    const run = await start({ DATABASE_POOL_MAX: "5", TRUSTED_PROXIES: "1" });
    expect(run.err).toBe("");
    // Besides the start-up's own log lines (one JSON object each, such as the database's).
    expect(run.out.replace(/^\{.*\}\n/gm, "")).toBe("ready\n");
    expect(run.code).toBe(0);
  }, 60_000);
});
