import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { closeDb } from "@/lib/db/client";
import { seedEmbeddedDatabase } from "@/lib/db/startup";
import { childEnv, setEnv } from "@/lib/config/set-env";

/**
 * What `npm run shop` shows in the terminal, run as npm runs it (package.json's script under sh)
 * with a fake `npm` first on the PATH: its "build" prints a route table of 200 lines, its "start"
 * prints what the shop's server prints when it starts (the database line the real start-up code
 * writes) and then serves until stopped. The payment stand-ins are the real ones, on a free port.
 */
const ROOT = path.resolve(__dirname, "..");
const SCRIPT = (
  JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts.shop!;
const SHOP_URL = "http://localhost:4321";

const FAKE_NPM = `#!/bin/sh
case "$*" in
  *build*)
    i=1
    while [ $i -le 200 ]; do echo "route table line $i"; i=$((i + 1)); done
    if [ -n "$FAKE_BUILD_FAILS" ]; then echo "Type error: the build broke here"; exit 1; fi
    exit 0 ;;
  *start*)
    echo $$ > "$FAKE_SERVER_PID"
    echo "✓ Running next.config.ts took 1577ms"
    echo '{"time":"2026-01-01T00:00:00.000Z","level":"warn","area":"next","msg":"a warning the start-up gave"}' >&2
    echo '{"time":"2026-01-01T00:00:00.000Z","level":"info","area":"server","msg":"Kaya Living is listening on ${SHOP_URL}","url":"${SHOP_URL}","pid":1}'
    sleep 1
    echo "$FAKE_DB_LINE"
    sleep 1
    echo '{"time":"2026-01-01T00:00:01.000Z","level":"info","area":"http","msg":"GET / 200","ms":12}'
    trap 'exit 0' TERM INT
    while :; do sleep 1; done ;;
esac
echo "fake npm: unexpected $*" >&2
exit 2
`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type Run = { child: ChildProcess; out: string; err: string; exited: Promise<number | null> };

async function until(what: () => boolean, ms = 45_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("npm run shop's terminal output", () => {
  let dir: string;
  let bin: string;
  let dbLines: string[] = [];
  const runs: Run[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-shop-"));
    bin = path.join(dir, "bin");
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, "npm"), FAKE_NPM, { mode: 0o755 });

    // The line the shop's start-up writes on a first start, on a later one, and on PostgreSQL.
    const restore = setEnv({
      DATABASE_URL: undefined,
      KAYA_SKIP_SEED: undefined,
      PGLITE_DIR: path.join(dir, "pglite"),
    });
    const info = jest.spyOn(console, "info").mockImplementation(() => {});
    try {
      await seedEmbeddedDatabase();
      await seedEmbeddedDatabase();
      await closeDb();
      setEnv({ DATABASE_URL: "postgres://kaya:secret-password@db.internal:5432/kaya" });
      await seedEmbeddedDatabase();
      dbLines = info.mock.calls.map((call) => String(call[0]));
    } finally {
      info.mockRestore();
      await closeDb();
      restore();
    }
  });

  afterEach(async () => {
    for (const run of runs.splice(0)) {
      if (run.child.exitCode === null && run.child.signalCode === null) process.kill(-run.child.pid!, "SIGKILL");
      await run.exited;
    }
    fs.rmSync(path.join(dir, "server.pid"), { force: true });
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function shop(env: Record<string, string>): Run {
    const child = spawn("sh", ["-c", `${SCRIPT} --build-log ${path.join(dir, "build.log")}`], {
      cwd: ROOT,
      detached: true,
      env: childEnv({
        PATH: `${bin}:${path.join(ROOT, "node_modules", ".bin")}:${process.env.PATH}`,
        NODE_OPTIONS: "",
        SMTP_URL: "",
        FAKE_SERVER_PID: path.join(dir, "server.pid"),
        FAKE_DB_LINE: dbLines[0] ?? "",
        ...env,
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
    runs.push(run);
    return run;
  }

  test("the start-up says whether this start made the database", () => {
    expect(dbLines.map((line) => JSON.parse(line) as { area: string; msg: string })).toEqual([
      expect.objectContaining({
        area: "db",
        msg: `created the embedded database in ${path.join(dir, "pglite")} and filled it with the demo catalogue`,
      }),
      expect.objectContaining({
        area: "db",
        msg: `opened the embedded database in ${path.join(dir, "pglite")} as the last start left it`,
      }),
      expect.objectContaining({
        area: "db",
        msg: "using the PostgreSQL database at DATABASE_URL (npm run db:seed fills it with the demo catalogue)",
      }),
    ]);
    expect(dbLines.join("\n")).not.toContain("secret-password");
  });

  test("one line for the build, then where everything is; Ctrl-C stops both servers", async () => {
    const standins = await freePort();
    const run = shop({ STANDINS_URL: `http://127.0.0.1:${standins}` });
    await until(() => run.out.includes("Ctrl-C stops both") && run.out.includes('"area":"http"'));

    const lines = run.out.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^Building the shop… done in \\d+ s \\(log: ${dir}/build\\.log\\)$`));
    expect(run.out).not.toContain("route table line");
    expect(fs.readFileSync(path.join(dir, "build.log"), "utf8")).toContain("route table line 200\n");

    const block = run.out.slice(run.out.indexOf("Kaya Living is running."));
    expect(block).toContain(`Shop               ${SHOP_URL}\n`);
    expect(block).toContain(`Payment stand-ins  http://127.0.0.1:${standins} (test gateways: no real money moves)\n`);
    expect(block).toContain(
      `Database           Created the embedded database in ${path.join(dir, "pglite")} and filled it with the demo catalogue\n`,
    );
    expect(block).toContain("npm run mail:outbox");
    expect(block).toContain(`${SHOP_URL}/admin`);
    expect(block).toContain("npm run admin:create -- --email you@example.co.za");
    expect(block).toContain("Ctrl-C stops both.");
    // Said once, in the block: the raw start-up lines it summarises are not repeated.
    expect(run.out).not.toContain("is listening on");
    expect(run.out).not.toContain("[standins]");
    expect(run.out).not.toContain("Running next.config.ts");
    expect(lines.length).toBeLessThan(20);
    // Other lines pass through as they are: a start-up warning, and the server's log.
    expect(run.err).toContain('"msg":"a warning the start-up gave"');
    expect(run.out).toContain(
      '{"time":"2026-01-01T00:00:01.000Z","level":"info","area":"http","msg":"GET / 200","ms":12}\n',
    );

    const server = Number(fs.readFileSync(path.join(dir, "server.pid"), "utf8"));
    expect(await listening(standins)).toBe(true);
    process.kill(-run.child.pid!, "SIGINT");
    await run.exited;
    await until(() => !alive(server), 10_000);
    expect(await listening(standins)).toBe(false);
  });

  test("a failed build shows the log's last lines and starts nothing", async () => {
    const run = shop({ FAKE_BUILD_FAILS: "1", STANDINS_URL: `http://127.0.0.1:${await freePort()}` });
    expect(await run.exited).toBe(1);
    expect(run.out).toMatch(
      new RegExp(`^Building the shop… failed after \\d+ s\\. The last lines of ${dir}/build\\.log:\n`),
    );
    expect(run.out).toContain("route table line 200\nType error: the build broke here\n");
    expect(run.out).not.toContain("route table line 1\n");
    expect(run.out).not.toContain("Starting");
    expect(fs.existsSync(path.join(dir, "server.pid"))).toBe(false);
  });
});
