import net from "node:net";
import { sql } from "drizzle-orm";
import { NextResponse } from "next/server";
import { closeDb, getDb, getHandle } from "@/lib/db/client";
import { route } from "@/lib/api/handler";
import { call } from "@/test/support/api-client";
import { serverEnv } from "@/lib/config/env";
import { setEnv } from "@/lib/config/set-env";

/**
 * When the database cannot be reached (a PostgreSQL restart, a failover, a closed embedded
 * database) a call gets a 503 with Retry-After, which clients and load balancers retry, not a
 * bare 500; and the same process serves again as soon as the database answers.
 */

const probe = route(async () => {
  await (await getDb()).execute(sql`select 1`);
  return NextResponse.json({ ok: true });
});

function expectUnavailable(res: { status: number; body: unknown; response: Response }) {
  expect(res.status).toBe(503);
  const retryAfter = Number(res.response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.body).toEqual({
    status: 503,
    code: "unavailable",
    message: "The shop is busy for a moment. Please try again.",
    data: { status: 503, retryAfter },
  });
}

let restore = () => {};
let errors: jest.SpyInstance;
let warnings: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, "error").mockImplementation(() => {});
  warnings = jest.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(async () => {
  jest.restoreAllMocks();
  await closeDb().catch(() => {});
  restore();
  restore = () => {};
});

/** A TCP port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test("a database that refuses connections: 503 with Retry-After, not a 500", async () => {
  restore = setEnv({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/kaya` });
  expectUnavailable(await call(probe, "/api/probe"));
  expect(errors).not.toHaveBeenCalled();
});

test("the embedded database closed under a call: 503; the next opening serves again", async () => {
  restore = setEnv({ DATABASE_URL: "memory://" });
  expect((await call(probe, "/api/probe")).status).toBe(200);
  await (await getHandle()).close();
  expectUnavailable(await call(probe, "/api/probe"));
  await closeDb().catch(() => {});
  expect((await call(probe, "/api/probe")).status).toBe(200);
}, 60_000);

const pgUrl = serverEnv().TEST_POSTGRES_URL;
const onPostgres = pgUrl ? describe : describe.skip;

onPostgres("on PostgreSQL", () => {
  /** A TCP relay in front of the server that can be stopped and started like the server itself. */
  function relay(target: URL) {
    const sockets = new Set<net.Socket>();
    let server: net.Server | null = null;
    let port = 0;
    return {
      url: () => Object.assign(new URL(target), { port: String(port) }).toString(),
      async up() {
        server = net.createServer((client) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on("close", () => sockets.delete(s));
            s.on("error", () => s.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
        await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
        port = (server!.address() as net.AddressInfo).port;
      },
      async down() {
        for (const s of sockets) s.destroy();
        await new Promise((resolve) => server?.close(resolve));
      },
    };
  }

  test("a server that goes away and comes back: 503 while it is away, then the same pool serves", async () => {
    const db = relay(new URL(pgUrl!));
    await db.up();
    restore = setEnv({ DATABASE_URL: db.url() });
    try {
      expect((await call(probe, "/api/probe")).status).toBe(200);
      await db.down();
      expectUnavailable(await call(probe, "/api/probe"));
      expectUnavailable(await call(probe, "/api/probe"));
      await db.up();
      expect((await call(probe, "/api/probe")).status).toBe(200);
    } finally {
      await closeDb().catch(() => {});
      await db.down();
    }
  }, 60_000);

  test("a connection the server ends mid-query (57P01 admin shutdown): 503, and the next call succeeds", async () => {
    restore = setEnv({ DATABASE_URL: pgUrl });
    const slow = route(async () => {
      await (await getDb()).execute(sql`select pg_sleep(30)`);
      return NextResponse.json({ ok: true });
    });
    const pending = call(slow, "/api/slow");
    const { Client } = await import("pg");
    const admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      let ended = 0;
      for (let i = 0; i < 100 && ended === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const { rows } = await admin.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where query = 'select pg_sleep(30)' and pid <> pg_backend_pid()",
        );
        ended = rows.filter((r) => r.ended).length;
      }
      expect(ended).toBe(1);
    } finally {
      await admin.end();
    }
    expectUnavailable(await pending);
    // Logged as one line naming the server's reason.
    expect(warnings.mock.calls.map((args) => JSON.parse(String(args[0])) as unknown)).toEqual([
      expect.objectContaining({
        area: "api",
        msg: expect.stringMatching(/^GET \/api\/slow answered 503/),
        error: expect.stringMatching(/57P01: terminating connection due to administrator command/),
      }),
    ]);
    expect((await call(probe, "/api/probe")).status).toBe(200);
  }, 60_000);
});

describe("what counts as out of reach", () => {
  const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });
  const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });

  test.each([
    ["57P02 crash shutdown", pgError("57P02")],
    ["57P03 cannot connect now (starting up)", pgError("57P03", "the database system is starting up")],
    ["08006 connection failure", pgError("08006")],
    ["08003 connection does not exist", pgError("08003")],
    ["a pool that timed out", new Error("timeout exceeded when trying to connect")],
    ["a connection reset, wrapped by drizzle", wrapped(pgError("ECONNRESET", "read ECONNRESET"))],
    ["every address refused", new AggregateError([pgError("ECONNREFUSED"), pgError("ECONNREFUSED")])],
  ])("%s is a 503", async (_, err) => {
    const failing = route(async () => {
      throw err;
    });
    expectUnavailable(await call(failing, "/api/x"));
  });

  test.each([
    ["a unique violation", wrapped(pgError("23505", "duplicate key value violates unique constraint"))],
    ["a syntax error", pgError("42601")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
  ])("%s stays a 500", async (_, err) => {
    const failing = route(async () => {
      throw err;
    });
    expect((await call(failing, "/api/x")).status).toBe(500);
  });
});
