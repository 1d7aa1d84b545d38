import { setupTestDb } from "@/lib/db/test-support";
import { call } from "@/lib/api/test-client";
import { sendMail } from "@/lib/mail/mail";
import { GET } from "@/app/api/test/mail/route";

const getDb = setupTestDb({ seed: false });

describe("GET /api/test/mail", () => {
  const saved = process.env.E2E_MAIL_API;
  afterEach(() => {
    if (saved === undefined) delete process.env.E2E_MAIL_API;
    else process.env.E2E_MAIL_API = saved;
  });

  test("is a 404 unless E2E_MAIL_API=1", async () => {
    delete process.env.E2E_MAIL_API;
    expect((await call(GET, "/api/test/mail", { query: { to: "a@example.com" } })).status).toBe(404);
    process.env.E2E_MAIL_API = "true";
    expect((await call(GET, "/api/test/mail", { query: { to: "a@example.com" } })).status).toBe(404);
  });

  test("with the flag, lists the newest messages to one address", async () => {
    process.env.E2E_MAIL_API = "1";
    await sendMail(getDb().db, { kind: "k1", to: "reader@example.com", subject: "One", text: "1", html: "<p>1</p>" });
    await sendMail(getDb().db, { kind: "k2", to: "Reader@Example.com", subject: "Two", text: "2", html: "<p>2</p>" });
    await sendMail(getDb().db, { kind: "k1", to: "other@example.com", subject: "Other", text: "x", html: "x" });
    const res = await call<{ messages: Array<{ subject: string }> }>(GET, "/api/test/mail", { query: { to: "reader@example.com" } });
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m) => m.subject)).toEqual(["Two", "One"]);
    const k1 = await call<{ messages: Array<{ subject: string }> }>(GET, "/api/test/mail", { query: { to: "reader@example.com", kind: "k1" } });
    expect(k1.body.messages.map((m) => m.subject)).toEqual(["One"]);
    expect((await call(GET, "/api/test/mail")).status).toBe(400);
  });
});
