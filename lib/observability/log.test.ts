import { format } from "node:util";
import { NextResponse } from "next/server";
import { setupTestDb } from "@/test/support/db";
import { customers } from "@/lib/db/schema";
import { route } from "@/lib/api/handler";
import { call } from "@/test/support/api-client";
import { hashPassword } from "@/lib/auth/passwords";
import { AsyncLocalStorage } from "node:async_hooks";
import { describeError, log, scrub, scrubConsoleErrors } from "@/lib/observability/log";

/** What the server's log shows when a call fails: never parameters, hashes or personal data. */
const getDb = setupTestDb({ seed: false });

function captureLog() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(format(...args));
  for (const level of ["error", "warn", "info", "log"] as const) jest.spyOn(console, level).mockImplementation(keep);
  return lines;
}
afterEach(() => jest.restoreAllMocks());

test("a failed insert carrying an e-mail address and a password hash is logged by the route wrapper without either", async () => {
  const email = "thandi.nkosi@example.co.za";
  const passwordHash = await hashPassword("correct horse battery staple");
  await getDb().db.insert(customers).values({ email, passwordHash: "x", firstName: "Thandi" });
  const register = route(async () => {
    await getDb()
      .db.insert(customers)
      .values({ email, passwordHash, firstName: "Thandi", lastName: "Nkosi", phone: "0825550199" });
    return NextResponse.json({ ok: true });
  });
  const lines = captureLog();
  const res = await call(register, "/api/register", { json: {} });
  expect(res.status).toBe(500);
  expect(lines).toHaveLength(1);
  const [line] = lines as [string];
  expect(line).not.toContain(email);
  expect(line).not.toContain(passwordHash);
  expect(line).not.toMatch(/argon2|Thandi|Nkosi|0825550199/);
  // What the operator needs: where, what kind of failure, the statement without its values.
  expect(line.split("\n")).toHaveLength(1);
  const entry = JSON.parse(line) as Record<string, unknown>;
  expect(entry).toMatchObject({ level: "error", area: "api", msg: "POST /api/register failed" });
  expect(entry.error).toMatch(
    /^DrizzleQueryError: Failed query: insert into "customers" .* params: \[removed\]; cause: \w+ 23505: duplicate key value violates unique constraint "customers_email_uq"/,
  );
  expect(Date.parse(String(entry.time))).not.toBeNaN();
});

test("values in database messages, hashes, addresses and query strings are removed", () => {
  expect(scrub('invalid input syntax for type integer: "0825550199"')).toBe(
    'invalid input syntax for type integer: "…"',
  );
  expect(scrub("Key (email)=(a@b.co.za) already exists.")).toBe("Key (email)=(…) already exists.");
  expect(scrub("Failed query: select * from orders where note = 'Thandi'\nparams: 1,x@y.z")).toBe(
    "Failed query: select * from orders where note = '…' params: [removed]",
  );
  expect(scrub("hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA and mail to sipho@example.com")).toBe(
    "hash [hash] and mail to [email]",
  );
  expect(scrub("https://gateway.example/pay?amount=100&email=x%40y.z could not be reached")).toBe(
    "https://gateway.example/pay?… could not be reached",
  );
});

test("an error's cause, code and thrown non-errors are described without their contents", () => {
  const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  expect(describeError(new Error("outer", { cause }))).toMatch(
    /^Error: outer; cause: Error ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:5432/,
  );
  expect(describeError({ email: "x@y.z", password: "secret" })).toBe("thrown object");
  expect(describeError("thandi@example.com")).toBe("thrown string");
});

test("an error Next logs itself (a page that failed to render) reaches the console as one line without its parameters", async () => {
  const email = "sipho.dlamini@example.co.za";
  await getDb().db.insert(customers).values({ email, passwordHash: "x" });
  const failure = await getDb()
    .db.insert(customers)
    .values({ email, passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g" })
    .then(
      () => null,
      (err: unknown) => err,
    );
  expect(failure).toBeInstanceOf(Error);
  const written: string[] = [];
  const target = {
    error: (...args: unknown[]) => void written.push(format(...args)),
    warn: (...args: unknown[]) => void written.push(format(...args)),
  } as unknown as Console;
  scrubConsoleErrors(target);
  scrubConsoleErrors(target);
  target.error("⨯", failure);
  target.warn(`Failed query: select 1\nparams: ${email}`);
  expect(written).toHaveLength(2);
  for (const line of written) {
    expect(line).not.toContain(email);
    expect(line).not.toMatch(/argon2|\n/);
  }
  expect(JSON.parse(written[0]!)).toMatchObject({ level: "error", area: "next" });
  expect(JSON.parse(written[0]!).msg).toMatch(
    /^⨯ DrizzleQueryError: Failed query: insert into "customers" .* params: \[removed\]; cause: \w+ 23505/,
  );
});

test("an event inside a request carries that request's id; one outside carries none", () => {
  const lines = captureLog();
  const context = new AsyncLocalStorage<{ requestId: string }>();
  const key = Symbol.for("kaya.request-context");
  Object.assign(globalThis, { [key]: context });
  try {
    context.run({ requestId: "req-4f2a9c" }, () => log.warn("cart", "stock ran out"));
    log.info("orders", "expiry job ran");
  } finally {
    delete (globalThis as Record<symbol, unknown>)[key];
  }
  const [inside, outside] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(inside).toMatchObject({ level: "warn", area: "cart", msg: "stock ran out", requestId: "req-4f2a9c" });
  expect(outside).toMatchObject({ level: "info", area: "orders", msg: "expiry job ran" });
  expect(outside).not.toHaveProperty("requestId");
});
