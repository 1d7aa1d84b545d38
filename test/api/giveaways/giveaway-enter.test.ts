import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { giveawayEntries } from "@/lib/db/schema";
import { latestMail } from "@/lib/mail/mail";
import { POST } from "@/app/api/giveaway-enter/route";
import { campaigns, campaignStatus, type Campaign } from "@/lib/giveaways/campaigns";
import { enterGiveaway } from "@/lib/giveaways/service";
import { setEnv } from "@/lib/config/set-env";
import { PROVINCES } from "@/lib/forms/provinces";

const getDb = setupTestDb({ seed: false });

/** A day inside the Eden campaign and after the spring one: the route judges dates by the clock. */
const TODAY = new Date("2026-12-01T10:00:00+02:00");
beforeAll(() => {
  jest.useFakeTimers({
    now: TODAY,
    advanceTimers: true,
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  });
});
afterAll(() => {
  jest.useRealTimers();
});

let ip = 0;
const fresh = () => ({ "x-forwarded-for": `10.4.0.${++ip}` });
const open = campaigns().find((c) => campaignStatus(c, TODAY) === "open")!;
const closed = campaigns().find((c) => campaignStatus(c, TODAY) === "closed")!;
const entry = (o: Record<string, unknown> = {}) => ({
  campaign: open.slug,
  name: "Anathi Mthembu",
  email: "anathi@example.co.za",
  phone: "+27 82 555 0199",
  province: "KwaZulu-Natal",
  adult: true,
  ...o,
});

type Body = { status: number; code: string; message: string; data: { status: number; field?: string } };

describe("POST /api/giveaway-enter", () => {
  test("the configuration has an open and a closed campaign", () => {
    expect(open).toBeDefined();
    expect(closed).toBeDefined();
  });

  test("stores one entry and confirms it by e-mail", async () => {
    const res = await call<{ message: string }>(POST, "/api/giveaway-enter", { json: entry(), headers: fresh() });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("You're in the draw. Good luck.");
    const rows = await getDb()
      .db.select()
      .from(giveawayEntries)
      .where(eq(giveawayEntries.email, "anathi@example.co.za"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ campaign: open.slug, phone: "0825550199", province: "KwaZulu-Natal" });
    const [mail] = await latestMail(getDb().db, { to: "anathi@example.co.za", kind: "giveaway-entry" });
    expect(mail!.subject).toContain(open.title);
  });

  test("a second entry from one address (any case) is a 409 with a clear message", async () => {
    const res = await call<Body>(POST, "/api/giveaway-enter", {
      form: { ...entry({ email: "ANATHI@example.co.za", adult: "on" }) } as never,
      headers: fresh(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "already_entered", data: { status: 409 } });
    expect(res.body.message).toMatch(/already entered this giveaway/);
  });

  test("simultaneous entries: the database lets one through", async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call(POST, "/api/giveaway-enter", { json: entry({ email: "rush@example.com" }), headers: fresh() }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  test("a closed campaign takes no entries", async () => {
    const res = await call<Body>(POST, "/api/giveaway-enter", {
      json: entry({ campaign: closed.slug, email: "late@example.com" }),
      headers: fresh(),
    });
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({
      code: "giveaway_closed",
      message: "This giveaway has closed and is no longer taking entries.",
    });
    expect(
      await getDb().db.select().from(giveawayEntries).where(eq(giveawayEntries.email, "late@example.com")),
    ).toHaveLength(0);
  });

  test("campaign dates decide: before opening, open, after closing", async () => {
    const c: Campaign = {
      ...open,
      slug: "test-campaign",
      opensAt: "2030-01-01T00:00:00+02:00",
      closesAt: "2030-01-31T23:59:59+02:00",
    };
    const find = (slug: string) => (slug === c.slug ? c : undefined);
    const input = {
      campaign: c.slug,
      name: "Test Person",
      email: "dates@example.com",
      phone: "0825550100",
      province: "Gauteng" as const,
    };
    await expect(enterGiveaway(getDb().db, input, new Date("2029-12-31T21:59:00Z"), find)).rejects.toMatchObject({
      status: 403,
    });
    await expect(enterGiveaway(getDb().db, input, new Date("2030-01-15T10:00:00Z"), find)).resolves.toHaveProperty(
      "id",
    );
    await expect(
      enterGiveaway(getDb().db, { ...input, email: "after@example.com" }, new Date("2030-01-31T22:00:01Z"), find),
    ).rejects.toMatchObject({ status: 410 });
  });

  test("a date-setting cookie moves no dates, whatever the server's environment", async () => {
    const restore = setEnv({ E2E_CLOCK: "1" });
    try {
      const res = await call<Body>(POST, "/api/giveaway-enter", {
        json: entry({ campaign: closed.slug, email: "clock@example.com" }),
        headers: { ...fresh(), cookie: `kaya_test_now=${encodeURIComponent("2026-09-15T10:00:00+02:00")}` },
      });
      expect(res.status).toBe(410);
    } finally {
      restore();
    }
  });

  test("a campaign's dates come from configuration: a later closing date reopens it, a later opening closes it", async () => {
    let restore = setEnv({ GIVEAWAY_COUCH_CLOSES_AT: "2027-01-31" });
    try {
      const res = await call<Body>(POST, "/api/giveaway-enter", {
        json: entry({ campaign: "couch-giveaway", email: "extended@example.com" }),
        headers: fresh(),
      });
      expect(res.status).toBe(201);
      const [mail] = await latestMail(getDb().db, { to: "extended@example.com", kind: "giveaway-entry" });
      expect(mail!.text).toContain("Entries close on 31 January 2027");
    } finally {
      restore();
    }
    restore = setEnv({ GIVEAWAY_EDEN_OPENS_AT: "2026-12-24", GIVEAWAY_EDEN_CLOSES_AT: "2027-01-31T12:00:00+02:00" });
    try {
      const res = await call<Body>(POST, "/api/giveaway-enter", {
        json: entry({ email: "early@example.com" }),
        headers: fresh(),
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("This giveaway opens on 24 December 2026.");
    } finally {
      restore();
    }
  });

  test("an unknown campaign is a 404", async () => {
    const res = await call<Body>(POST, "/api/giveaway-enter", {
      json: entry({ campaign: "free-cars" }),
      headers: fresh(),
    });
    expect(res.status).toBe(404);
  });

  test.each([
    ["no name", { name: "" }, "Please complete all fields", "name"],
    ["no phone", { phone: undefined }, "Please complete all fields", "phone"],
    ["no province", { province: "" }, "Please complete all fields", "province"],
    ["a bad name", { name: "1234" }, "Invalid Name", "name"],
    ["a bad e-mail", { email: "anathi@" }, "Invalid email", "email"],
    ["a bad phone number", { phone: "555" }, "Invalid phone number", "phone"],
    ["a province that is not one", { province: "Atlantis" }, "Please choose your province", "province"],
    ["no 18+ confirmation", { adult: undefined }, "You must be 18 or older to enter", "adult"],
    ["an 18+ confirmation of false", { adult: false }, "You must be 18 or older to enter", "adult"],
  ])("refuses %s", async (_, overrides, message, field) => {
    const res = await call<Body>(POST, "/api/giveaway-enter", {
      json: entry({ email: "checks@example.com", ...overrides }),
      headers: fresh(),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_params", message, data: { status: 400, field } });
  });

  test("every province is accepted", async () => {
    for (const [i, province] of PROVINCES.entries()) {
      const res = await call(POST, "/api/giveaway-enter", {
        json: entry({ email: `p${i}@example.com`, province }),
        headers: fresh(),
      });
      expect(res.status).toBe(201);
    }
  });

  test("bad bodies are 4xx, never 500", async () => {
    for (const json of [[], "x", null, { campaign: ["a"], name: {}, email: 1 }]) {
      const res = await call(POST, "/api/giveaway-enter", { method: "POST", json, headers: fresh() });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  test("is rate limited per address", async () => {
    const headers = fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call(POST, "/api/giveaway-enter", { json: entry({ email: `lim${i}@example.com` }), headers })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  test("a form refused for its own mistakes does not count against the limit", async () => {
    const headers = fresh();
    for (let i = 0; i < 11; i++)
      expect(
        (
          await call(POST, "/api/giveaway-enter", {
            json: entry({ email: `minor${i}@example.com`, adult: false }),
            headers,
          })
        ).status,
      ).toBe(400);
    expect(
      (await call(POST, "/api/giveaway-enter", { json: entry({ email: "adult@example.com" }), headers })).status,
    ).toBe(201);
  });
});
