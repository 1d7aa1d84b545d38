import { sql } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { newsletterSubscribers } from "@/lib/db/schema";
import { latestMail } from "@/lib/mail/mail";
import { POST as subscribe } from "@/app/api/newsletter/route";
import { POST as unsubscribe } from "@/app/api/newsletter-unsubscribe/route";

const getDb = setupTestDb({ seed: false });

let ip = 0;
const fresh = () => ({ "x-forwarded-for": `10.2.0.${++ip}` });

type Body = { status: number; code: string; message: string; data: { status: number; field?: string } };

async function row(email: string) {
  const [r] = await getDb()
    .db.select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);
  return r;
}

function tokenFrom(text: string): string {
  const m = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no unsubscribe link in: ${text}`);
  return decodeURIComponent(m[1]!);
}

describe("POST /api/newsletter", () => {
  test("subscribes with the time and source of consent and e-mails a working unsubscribe link", async () => {
    const before = Date.now();
    const res = await call<{ message: string }>(subscribe, "/api/newsletter", {
      json: { email: "Zodwa@Example.co.za", consent: true, source: "footer" },
      headers: fresh(),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("You have subscribed to promotions");

    const r = (await row("zodwa@example.co.za"))!;
    expect(r.consentSource).toBe("footer");
    expect(r.consentAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(r.unsubscribedAt).toBeNull();

    const [mail] = await latestMail(getDb().db, { to: "zodwa@example.co.za", kind: "newsletter-confirmation" });
    expect(mail!.subject).toMatch(/subscribed/);
    const token = tokenFrom(mail!.text);
    expect(token).toBe(r.unsubscribeToken);
    expect(mail!.html).toContain("/newsletter/unsubscribe?token=");

    const out = await call<{ message: string }>(unsubscribe, "/api/newsletter-unsubscribe", {
      json: { token },
      headers: fresh(),
    });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe("You have been unsubscribed");
    expect((await row("zodwa@example.co.za"))!.unsubscribedAt).not.toBeNull();

    // Twice is fine, and keeps the first date.
    const first = (await row("zodwa@example.co.za"))!.unsubscribedAt;
    expect((await call(unsubscribe, "/api/newsletter-unsubscribe", { form: { token }, headers: fresh() })).status).toBe(
      200,
    );
    expect((await row("zodwa@example.co.za"))!.unsubscribedAt).toEqual(first);
  });

  test("subscribing twice is not an error and sends no second e-mail", async () => {
    const email = "twice@example.com";
    for (let i = 0; i < 2; i++) {
      const res = await call<{ message: string }>(subscribe, "/api/newsletter", {
        form: { email, consent: "on", source: "home" },
        headers: fresh(),
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("You have subscribed to promotions");
    }
    expect(await latestMail(getDb().db, { to: email })).toHaveLength(1);
    const rows = await getDb()
      .db.select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  test("subscribing after unsubscribing records fresh consent and a new link", async () => {
    const email = "comeback@example.com";
    await call(subscribe, "/api/newsletter", { json: { email, consent: true, source: "footer" }, headers: fresh() });
    const old = (await row(email))!;
    await call(unsubscribe, "/api/newsletter-unsubscribe", { json: { token: old.unsubscribeToken }, headers: fresh() });
    const res = await call(subscribe, "/api/newsletter", {
      json: { email, consent: true, source: "home" },
      headers: fresh(),
    });
    expect(res.status).toBe(200);
    const now = (await row(email))!;
    expect(now.unsubscribedAt).toBeNull();
    expect(now.consentSource).toBe("home");
    expect(now.unsubscribeToken).not.toBe(old.unsubscribeToken);
    expect(await latestMail(getDb().db, { to: email })).toHaveLength(2);
  });

  test("simultaneous sign-ups of one address make one subscriber", async () => {
    const email = "race@example.com";
    const results = await Promise.all(
      [1, 2, 3].map(() => call(subscribe, "/api/newsletter", { json: { email, consent: true }, headers: fresh() })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await row(email))!.consentSource).toBe("website");
    expect(await latestMail(getDb().db, { to: email })).toHaveLength(1);
  });

  test.each([
    [{ consent: true }, "Please complete all fields", "email"],
    [{ email: "  ", consent: true }, "Please complete all fields", "email"],
    [{ email: "not-an-email", consent: true }, "Invalid email", "email"],
    [{ email: "a@b", consent: true }, "Invalid email", "email"],
    [{ email: "ok@example.com" }, "Please tick the box to agree to receive our e-mails", "consent"],
    [{ email: "ok@example.com", consent: false }, "Please tick the box to agree to receive our e-mails", "consent"],
    [{ email: "ok@example.com", consent: "no" }, "Please tick the box to agree to receive our e-mails", "consent"],
    [{ email: { $ne: "" }, consent: true }, "Please complete all fields", "email"],
  ])("refuses %p with %p", async (json, message, field) => {
    const res = await call<Body>(subscribe, "/api/newsletter", { json, headers: fresh() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_params", message, data: { status: 400, field } });
  });

  test("bad bodies are 4xx, never 500", async () => {
    for (const json of [[], "x", null, 42]) {
      const res = await call(subscribe, "/api/newsletter", { method: "POST", json, headers: fresh() });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  test("is rate limited per address", async () => {
    const headers = fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call(subscribe, "/api/newsletter", { json: { email: `bulk${i}@example.com`, consent: true }, headers }))
          .status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  test("a form refused for its own mistakes does not count against the limit", async () => {
    const headers = fresh();
    for (let i = 0; i < 11; i++)
      expect(
        (await call(subscribe, "/api/newsletter", { json: { email: `typo${i}@example.com`, consent: false }, headers }))
          .status,
      ).toBe(400);
    expect(
      (await call(subscribe, "/api/newsletter", { json: { email: "kept@example.com", consent: true }, headers }))
        .status,
    ).toBe(200);
  });
});

describe("POST /api/newsletter-unsubscribe", () => {
  test("an unknown token is a 404 with a clear message", async () => {
    const res = await call<Body>(unsubscribe, "/api/newsletter-unsubscribe", {
      json: { token: "no-such-token" },
      headers: fresh(),
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/not valid/);
  });

  test.each([[{}], [{ token: "" }], [{ token: "x".repeat(500) }], [{ token: ["a"] }]])(
    "bad input %p is a 400",
    async (json) => {
      const res = await call(unsubscribe, "/api/newsletter-unsubscribe", { json, headers: fresh() });
      expect(res.status).toBe(400);
    },
  );
});
