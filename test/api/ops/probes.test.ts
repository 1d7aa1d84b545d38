import { GET as readyz } from "@/app/api/readyz/route";
import { GET as healthz } from "@/app/api/healthz/route";
import { call } from "@/test/support/api-client";
import { setEnv } from "@/lib/config/set-env";
import { closeDb } from "@/lib/db/client";
import { setupTestDb } from "@/test/support/db";
import { lifecycle } from "@/lib/ops/lifecycle";
import { mailOutbox } from "@/lib/db/schema";

/** What a load balancer and a supervisor ask of each process. */
const getDb = setupTestDb({ seed: false });

const REDIS_URL = "redis://127.0.0.1:6379";
const NOBODY = "redis://127.0.0.1:1";

beforeEach(() => jest.spyOn(console, "warn").mockImplementation(() => {}));
afterEach(() => {
  jest.restoreAllMocks();
  lifecycle().draining = false;
});

async function probe(handler: typeof readyz) {
  const { status, body, response } = await call(handler, "/api/probe", { method: "GET" });
  return { status, body, cacheControl: response.headers.get("cache-control") };
}

test("a process whose database answers is ready, and the answer is never cached", async () => {
  expect(await probe(readyz)).toEqual({
    status: 200,
    body: { status: "ready", mail: { unsent: 0, failed: 0, oldest_unsent_minutes: null } },
    cacheControl: "no-store",
  });
});

test("a ready answer reports the outbox's backlog: unsent, failed, and how long the oldest has waited", async () => {
  const { db } = getDb();
  const message = { kind: "order-received", to: "thandi@example.co.za", subject: "Order", text: "t", html: "h" };
  await db
    .insert(mailOutbox)
    .values([
      { ...message, createdAt: new Date(Date.now() - 42 * 60_000) },
      { ...message },
      { ...message, error: "550 mailbox unavailable" },
      { ...message, sentAt: new Date() },
    ]);
  try {
    const { status, body } = await probe(readyz);
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ready", mail: { unsent: 2, failed: 1, oldest_unsent_minutes: 42 } });
  } finally {
    await db.delete(mailOutbox);
  }
});

test("with REDIS_URL, readiness needs Redis too", async () => {
  const restore = setEnv({ REDIS_URL });
  try {
    expect((await probe(readyz)).status).toBe(200);
  } finally {
    restore();
  }
  const restoreNobody = setEnv({ REDIS_URL: NOBODY });
  try {
    expect(await probe(readyz)).toEqual({ status: 503, body: { status: "unavailable" }, cacheControl: "no-store" });
  } finally {
    restoreNobody();
  }
});

test("a stopping process is not ready at once, while it is still alive", async () => {
  lifecycle().draining = true;
  expect(await probe(readyz)).toEqual({ status: 503, body: { status: "unavailable" }, cacheControl: "no-store" });
  expect(await probe(healthz)).toEqual({ status: 200, body: { status: "ok" }, cacheControl: "no-store" });
});

test("a database out of reach: not ready, nothing about it in the answer; alive all the same", async () => {
  await closeDb();
  const restore = setEnv({ DATABASE_URL: "postgres://kaya:secret-password@127.0.0.1:1/kaya" });
  try {
    const { status, body } = await call(readyz, "/api/readyz", { method: "GET" });
    expect(status).toBe(503);
    expect(body).toEqual({ status: "unavailable" });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("the database does not answer"));
    expect((await probe(healthz)).status).toBe(200);
  } finally {
    await closeDb();
    restore();
  }
});
