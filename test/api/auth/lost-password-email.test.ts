import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { mailOutbox, passwordResetCodes } from "@/lib/db/schema";
import { call } from "@/test/support/api-client";
import { latestMail } from "@/lib/mail/mail";
import { afterResponseSettled } from "@/lib/api/after-response";
import { RESET_CODE_KIND } from "@/lib/mail/templates/reset-code";
import { RESET_CODE_MINUTES, RESET_LIMITS } from "@/lib/auth/password-reset";
import { ipHeaders, makeCustomer } from "@/test/support/auth";
import { POST } from "@/app/api/customer-lost-password-email/route";

const testDb = setupTestDb({ seed: false });

type Body = Record<string, unknown> & { data?: { status: number } };
/** The call, and then what it does after its answer (the code and its e-mail). */
async function ask(json: unknown, headers = ipHeaders()) {
  const res = await call<Body>(POST, "/api/customer-lost-password-email", { json, headers });
  await afterResponseSettled();
  return res;
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

type Transport = { sendMail: (m: { to: string; text: string }) => Promise<void> };
/** A mail server for the test, in the place where the shop keeps its SMTP transport. */
function useTransport(transport: Transport): () => void {
  const key = Symbol.for("kaya.mail.transport");
  const g = globalThis as unknown as Record<symbol, unknown>;
  g[key] = transport;
  return () => void delete g[key];
}

describe("POST /api/customer-lost-password-email", () => {
  test("mails a 6-digit code, stored only as a hash, valid for 15 minutes; answers 'Email Sent'", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db, { first_name: "Ayesha" });
    const res = await ask({ email: c.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Email Sent" });

    const [mail] = await latestMail(db, { to: c.email, kind: RESET_CODE_KIND });
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("Your Kaya Living password reset code");
    const code = codeIn(mail!.text)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.text).toContain("Hi Ayesha,");
    expect(mail!.html).toContain(code);
    expect(mail!.html).toContain("<!doctype html>");

    const rows = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.customerId, c.customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (rows[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(RESET_CODE_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(RESET_CODE_MINUTES);
  });

  test("once delivered by SMTP, the outbox copy no longer holds the code", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const sent: Array<{ to: string; text: string }> = [];
    const restore = useTransport({ sendMail: async (m) => void sent.push(m) });
    try {
      expect((await ask({ email: c.email })).status).toBe(200);
    } finally {
      restore();
    }
    const code = codeIn(sent[0]!.text)!;
    expect(sent[0]!.to).toBe(c.email);
    const [row] = await latestMail(db, { to: c.email, kind: RESET_CODE_KIND });
    expect(row!.sentAt).not.toBeNull();
    expect(row!.text).not.toContain(code);
    expect(row!.html).not.toContain(code);
    expect(row!.text).toContain("••••••");
  });

  test("the answer does not wait for the mail server: the code is queued, and sent after the answer", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const handed: string[] = [];
    const restore = useTransport({
      sendMail: async (m) => {
        handed.push(m.to);
        await held;
      },
    });
    try {
      const answered = await Promise.race([
        call<Body>(POST, "/api/customer-lost-password-email", { json: { email: c.email }, headers: ipHeaders() }),
        new Promise<"no answer">((resolve) => setTimeout(() => resolve("no answer"), 5_000)),
      ]);
      expect(answered === "no answer" ? answered : answered.status).toBe(200);
      while (handed.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const [queued] = await latestMail(db, { to: c.email, kind: RESET_CODE_KIND });
      expect(queued!.sentAt).toBeNull();
      release();
      await afterResponseSettled();
      expect(handed).toEqual([c.email]);
      const [row] = await latestMail(db, { to: c.email, kind: RESET_CODE_KIND });
      expect(row!.sentAt).not.toBeNull();
    } finally {
      release();
      await afterResponseSettled();
      restore();
    }
  });

  test("nothing that depends on the account comes before the answer: the code is made after it", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const res = await call<Body>(POST, "/api/customer-lost-password-email", {
      json: { email: c.email },
      headers: ipHeaders(),
    });
    expect(res.status).toBe(200);
    const codes = () => db.select().from(passwordResetCodes).where(eq(passwordResetCodes.customerId, c.customer.id));
    expect(await codes()).toHaveLength(0);
    expect(await latestMail(db, { to: c.email, kind: RESET_CODE_KIND })).toHaveLength(0);
    await afterResponseSettled();
    expect(await codes()).toHaveLength(1);
    expect(await latestMail(db, { to: c.email, kind: RESET_CODE_KIND })).toHaveLength(1);
  });

  test("an unknown address gets exactly the same answer, and no mail", async () => {
    const { db } = testDb();
    const before = (await db.select().from(mailOutbox)).length;
    const res = await ask({ email: "nobody-here@example.co.za" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Email Sent" });
    expect((await db.select().from(mailOutbox)).length).toBe(before);
  });

  test("the address is matched without regard to case; form bodies and query strings work", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    expect(
      (
        await call<Body>(POST, "/api/customer-lost-password-email", {
          form: { email: c.email.toUpperCase() },
          headers: ipHeaders(),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call<Body>(POST, "/api/customer-lost-password-email", {
          method: "POST",
          query: { email: c.email },
          headers: ipHeaders(),
        })
      ).status,
    ).toBe(200);
    await afterResponseSettled();
    expect(await latestMail(db, { to: c.email, kind: RESET_CODE_KIND })).toHaveLength(2);
  });

  test.each([
    ["a malformed address", { email: "thandi-at-example" }],
    ["no address", {}],
    ["an address that is not text", { email: { $gt: "" } }],
    ["an overlong address", { email: `${"a".repeat(250)}@example.co.za` }],
  ])("%s is a 400 bad_email with a message", async (_label, json) => {
    const res = await ask(json);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: "bad_email", message: "Invalid email", data: { status: 400 } });
  });

  test("a new code replaces the old one", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    await ask({ email: c.email });
    await ask({ email: c.email });
    const rows = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.customerId, c.customer.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.usedAt === null)).toHaveLength(1);
  });

  let net = 0;
  const from = () => ({ "x-forwarded-for": `198.18.1.${++net}` });

  test(`one address may ask ${RESET_LIMITS.perClient.limit} times an hour for one e-mail address, known or not`, async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    for (const email of [c.email, "unknown-limit@example.co.za"]) {
      const headers = from();
      for (let i = 0; i < RESET_LIMITS.perClient.limit; i++) expect((await ask({ email }, headers)).status).toBe(200);
      const res = await ask({ email }, headers);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: "rate_limited", data: { status: 429, retryAfter: expect.any(Number) } });
    }
  });

  test("a stranger asking again and again from other addresses cannot stop the customer getting a code from theirs", async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    const stranger = from();
    for (let i = 0; i < 5; i++) await ask({ email: c.email }, stranger);
    for (let i = 0; i < 12; i++) expect((await ask({ email: c.email }, from())).status).toBe(200);
    const before = (await latestMail(db, { to: c.email, kind: RESET_CODE_KIND, limit: 100 })).length;
    const res = await ask({ email: c.email }, from());
    expect(res.status).toBe(200);
    const mails = await latestMail(db, { to: c.email, kind: RESET_CODE_KIND, limit: 100 });
    expect(mails.length).toBe(before + 1);
    expect(codeIn(mails[0]!.text)).toMatch(/^\d{6}$/);
  });

  test(`once an e-mail address has had ${RESET_LIMITS.perAccount.limit} codes in the hour, each address gets only one more`, async () => {
    const { db } = testDb();
    const c = await makeCustomer(db);
    for (let i = 0; i < RESET_LIMITS.perAccount.limit; i++)
      expect((await ask({ email: c.email }, from())).status).toBe(200);
    const late = from();
    expect((await ask({ email: c.email }, late)).status).toBe(200);
    expect((await ask({ email: c.email }, late)).status).toBe(429);
  });

  test(`one address asking for many e-mail addresses is stopped after ${RESET_LIMITS.perAddress.limit}`, async () => {
    const headers = { "x-forwarded-for": "203.0.113.40" };
    for (let i = 0; i < RESET_LIMITS.perAddress.limit; i++)
      expect((await ask({ email: `spray${i}@example.co.za` }, headers)).status).toBe(200);
    expect((await ask({ email: "spray-last@example.co.za" }, headers)).status).toBe(429);
    // Rotating X-Forwarded-For in front of the address the shop's server appended changes nothing.
    expect(
      (await ask({ email: "spray-rotated@example.co.za" }, { "x-forwarded-for": "10.7.7.7, 203.0.113.40" })).status,
    ).toBe(429);
  });
});
