import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { lockPathFor } from "@/lib/db/lock";
import { childEnv } from "@/lib/config/set-env";

/**
 * Two shop servers on one embedded database folder: the second must refuse to start, naming the
 * first, instead of saying it is ready and answering 500 on every database call.
 */
type Run = { child: ChildProcess; out: string; err: string; exited: Promise<number | null> };

function start(folder: string): Run {
  // Node itself with tsx's loader (not the tsx command, which would put a second process between).
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("test/fixtures/db/start-server.ts")], {
    env: childEnv({
      NODE_OPTIONS: "",
      NEXT_RUNTIME: "nodejs",
      NODE_ENV: "test",
      DATABASE_URL: "",
      PGLITE_DIR: folder,
      KAYA_SKIP_SEED: "1",
      // The jobs' modules are the server's alone ("server-only"), which this stand-in is not.
      KAYA_ORDER_EXPIRY_JOB: "0",
      KAYA_PUBLISH_JOB: "0",
      SENTRY_DSN: "",
      NEXT_PUBLIC_SENTRY_DSN: "",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run: Run = {
    child,
    out: "",
    err: "",
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
  child.stdout!.on("data", (d: Buffer) => (run.out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (run.err += d.toString()));
  return run;
}

async function until(what: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stop(run: Run, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill(signal);
  await run.exited;
}

describe("one server per embedded database folder", () => {
  let dir: string;
  const runs: Run[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-start-"));
  });
  afterEach(async () => {
    await Promise.all(runs.splice(0).map((r) => stop(r, "SIGKILL")));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a second server on the folder exits before it is ready, naming the first; the first serves on", async () => {
    const folder = path.join(dir, "pglite");
    const first = start(folder);
    runs.push(first);
    // The first server takes the folder when it starts and opens the database later without
    // tripping over its own lock.
    await until(() => first.out.includes("serving") || first.child.exitCode !== null);
    expect(first.err).toBe("");
    // Besides the start-up's own log lines (one JSON object each, such as the database's).
    expect(first.out.replace(/^\{.*\}\n/gm, "")).toBe("ready\nserving\n");

    const second = start(folder);
    runs.push(second);
    const code = await Promise.race([
      second.exited,
      new Promise<"running">((r) => setTimeout(() => r("running"), 30_000)),
    ]);
    expect(second.out).not.toContain("ready");
    expect(code).toBe(1);
    expect(second.err).toContain(`in use by process ${first.child.pid}`);
    expect(second.err).toContain("start-server.ts");
    expect(second.err).toContain(path.resolve(folder));
    expect(first.child.exitCode).toBeNull();
  }, 120_000);

  test("after the first server stops (or is killed), the next one starts", async () => {
    const folder = path.join(dir, "pglite");
    const first = start(folder);
    runs.push(first);
    await until(() => first.out.includes("serving"));
    await stop(first, "SIGKILL");
    // A killed holder leaves its lock behind; the next server takes it over.
    expect(fs.existsSync(lockPathFor(folder))).toBe(true);
    const next = start(folder);
    runs.push(next);
    await until(() => next.out.includes("serving") || next.child.exitCode !== null);
    expect(next.err).toBe("");
    expect(JSON.parse(fs.readFileSync(lockPathFor(folder), "utf8")).pid).toBe(next.child.pid);
  }, 120_000);
});
