/**
 * E-mail bombing: a stranger types a victim's address into every form that mails it, many times,
 * each from a new network address and spelled a new way. The victim's inbox gets at most each
 * kind's limit a day, and the daily cap in all; the stranger's answers never change.
 */
import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, type CallResult } from "@/test/support/api-client";
import { mailOutbox, products, variations } from "@/lib/db/schema";
import { setEnv } from "@/lib/config/set-env";
import { afterResponseSettled } from "@/lib/api/after-response";
import { INBOX_DAILY_CAP } from "@/lib/mail/recipient-limits";
import { inboxDigest, inboxOf } from "@/lib/mail/inbox";
import { RESTOCK_CONFIRM_KIND } from "@/lib/restock/restock";
import { RESTOCK_CONFIRM_MAIL_LIMIT } from "@/lib/restock/schemas";
import { NEWSLETTER_CONFIRMATION_KIND } from "@/lib/newsletter/service";
import { NEWSLETTER_MAIL_LIMIT } from "@/lib/newsletter/input";
import { SWATCH_REQUEST_KIND } from "@/lib/swatches/service";
import { SWATCH_MAIL_LIMIT } from "@/lib/swatches/rules";
import { GIVEAWAY_ENTRY_KIND } from "@/lib/giveaways/service";
import { GIVEAWAY_MAIL_LIMIT } from "@/lib/giveaways/input";
import { RESET_CODE_KIND } from "@/lib/mail/templates/reset-code";
import { RESET_LIMITS } from "@/lib/auth/password-reset";
import { GOOD_PASSWORD, OTHER_PASSWORD, makeCustomer } from "@/test/support/auth";
import type { Limit } from "@/lib/security/rate-limit";
import * as restock from "@/app/api/back-in-stock/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as swatches from "@/app/api/swatches/route";
import * as giveaway from "@/app/api/giveaway-enter/route";
import * as resetEmail from "@/app/api/customer-lost-password-email/route";
import * as resetSet from "@/app/api/customer-lost-password-set/route";
import * as login from "@/app/api/login/route";

const getDb = setupTestDb();

let ip = 0;
const fresh = () => ({ "x-forwarded-for": `10.${(++ip >> 8) & 255}.${ip & 255}.7` });

let restoreEnv = () => {};
beforeAll(() => {
  // The Eden giveaway open from yesterday for a year, whatever day the test runs.
  restoreEnv = setEnv({
    GIVEAWAY_EDEN_OPENS_AT: new Date(Date.now() - 86_400_000).toISOString(),
    GIVEAWAY_EDEN_CLOSES_AT: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  });
});
afterAll(() => restoreEnv());

/** The victim's address as a stranger might write it the n-th time: case, +tags, Gmail's dots. */
function spelling(inbox: string, n: number): string {
  const [local, domain] = inbox.split("@") as [string, string];
  if (n === 0) return inbox;
  if (domain === "gmail.com" && n % 3 === 1) return `${local.split("").join(".")}@googlemail.com`;
  const tagged = `${local}+${n.toString(36)}@${domain}`;
  return n % 2 ? tagged.toUpperCase() : tagged;
}

async function mailsTo(inbox: string, kind?: string) {
  const rows = await getDb().db.select().from(mailOutbox);
  return rows.filter((r) => inboxOf(r.to) === inboxOf(inbox) && (!kind || r.kind === kind));
}

let soldOut: { productId: number; variationId: number };
beforeAll(async () => {
  const db = getDb().db;
  const [p] = await db.select().from(products).where(eq(products.slug, "karoo-couch"));
  const [v] = await db.select().from(variations).where(eq(variations.productId, p!.id)).orderBy(variations.id);
  await db.update(variations).set({ stock: 0 }).where(eq(variations.id, v!.id));
  soldOut = { productId: p!.id, variationId: v!.id };
});

type Feature = {
  kind: string;
  limit: Limit;
  /** The n-th request naming `to`; its answer with what differs between requests left out. */
  ask: (to: string, n: number) => Promise<CallResult>;
};

const sameAnswer = (res: CallResult) => ({ status: res.status, body: { ...res.body, id: undefined } });

const FEATURES: Record<string, Feature> = {
  "back-in-stock confirmation": {
    kind: RESTOCK_CONFIRM_KIND,
    limit: RESTOCK_CONFIRM_MAIL_LIMIT,
    ask: (to) => call(restock.POST, "/api/back-in-stock", { json: { email: to, ...soldOut }, headers: fresh() }),
  },
  "newsletter welcome": {
    kind: NEWSLETTER_CONFIRMATION_KIND,
    limit: NEWSLETTER_MAIL_LIMIT,
    ask: (to) => call(newsletter.POST, "/api/newsletter", { json: { email: to, consent: true }, headers: fresh() }),
  },
  "swatch confirmation": {
    kind: SWATCH_REQUEST_KIND,
    limit: SWATCH_MAIL_LIMIT,
    ask: (to, n) =>
      call(swatches.POST, "/api/swatches", {
        json: {
          fabrics: ["oat"],
          firstName: "Thandi",
          lastName: "Mokoena",
          email: to,
          streetAddress1: `${n + 1} Bombing Street`,
          city: "Cape Town",
          postcode: "8001",
          province: "Western Cape",
        },
        headers: fresh(),
      }),
  },
  "giveaway entry": {
    kind: GIVEAWAY_ENTRY_KIND,
    limit: GIVEAWAY_MAIL_LIMIT,
    ask: (to) =>
      call(giveaway.POST, "/api/giveaway-enter", {
        json: {
          campaign: "eden-2-seater-giveaway",
          name: "Anathi Mthembu",
          email: to,
          phone: "082 555 0199",
          province: "KwaZulu-Natal",
          adult: true,
        },
        headers: fresh(),
      }),
  },
};

const ROUNDS = 30;

describe("what one inbox is sent because strangers typed its address", () => {
  test.each(Object.keys(FEATURES))("%s: at most its limit a day, and the answers do not change", async (name) => {
    const feature = FEATURES[name]!;
    const victim = `victim.${name.replace(/\W+/g, "")}@example.co.za`;
    const answers: Array<ReturnType<typeof sameAnswer>> = [];
    for (let n = 0; n < ROUNDS; n++) answers.push(sameAnswer(await feature.ask(spelling(victim, n), n)));
    expect(answers[0]!.status).toBeLessThan(300);
    expect(answers.filter((a) => JSON.stringify(a) !== JSON.stringify(answers[0]))).toEqual([]);
    expect((await mailsTo(victim, feature.kind)).length).toBe(feature.limit.limit);
  });

  test("every kind together: the inbox's daily cap", async () => {
    const victim = "everyone.wants.me@gmail.com";
    for (const feature of Object.values(FEATURES))
      for (let n = 0; n < ROUNDS / 3; n++) await feature.ask(spelling(victim, n + 1), n + 100);
    const total = Object.values(FEATURES).reduce((sum, f) => sum + f.limit.limit, 0);
    expect(total).toBeGreaterThan(INBOX_DAILY_CAP.limit);
    expect((await mailsTo(victim)).length).toBe(INBOX_DAILY_CAP.limit);
  });

  test("reset codes: at most the inbox's limit a day; past it the answer is the same, and the last code mailed still works", async () => {
    const db = getDb().db;
    const c = await makeCustomer(db);
    const ask = async () => {
      const res = await call(resetEmail.POST, "/api/customer-lost-password-email", {
        json: { email: c.email },
        headers: fresh(),
      });
      await afterResponseSettled();
      return res;
    };
    const answers: Array<ReturnType<typeof sameAnswer>> = [];
    for (let n = 0; n < RESET_LIMITS.perInbox.limit + 5; n++) answers.push(sameAnswer(await ask()));
    expect(answers.filter((a) => JSON.stringify(a) !== JSON.stringify(answers[0]))).toEqual([]);
    const codes = await mailsTo(c.email, RESET_CODE_KIND);
    expect(codes.length).toBe(RESET_LIMITS.perInbox.limit);
    const last = /\b(\d{6})\b/.exec(codes.sort((a, b) => b.id - a.id)[0]!.text)![1]!;
    const set = await call(resetSet.POST, "/api/customer-lost-password-set", {
      json: { email: c.email, code: last, password: OTHER_PASSWORD },
      headers: fresh(),
    });
    expect(set.status).toBe(200);
    expect(
      (await call(login.POST, "/api/login", { json: { email: c.email, password: OTHER_PASSWORD }, headers: fresh() }))
        .status,
    ).toBe(200);
  });

  test("a reset code is not crowded out by what strangers signed the inbox up for", async () => {
    const db = getDb().db;
    const c = await makeCustomer(db, { email: "crowded.out@example.co.za", password: GOOD_PASSWORD });
    for (const feature of Object.values(FEATURES))
      for (let n = 0; n < ROUNDS / 3; n++) await feature.ask(spelling(c.email, n + 1), n + 200);
    expect((await mailsTo(c.email)).length).toBe(INBOX_DAILY_CAP.limit);
    await call(resetEmail.POST, "/api/customer-lost-password-email", { json: { email: c.email }, headers: fresh() });
    await afterResponseSettled();
    expect(await mailsTo(c.email, RESET_CODE_KIND)).toHaveLength(1);
  });
});

describe("one inbox, however its address is written", () => {
  test.each([
    ["Thandi@Example.co.za", "thandi@example.co.za"],
    [" thandi+shop@example.co.za ", "thandi@example.co.za"],
    ["T.Hand.I+x@gmail.com", "thandi@gmail.com"],
    ["thandi@googlemail.com", "thandi@gmail.com"],
    ["t.handi@example.co.za", "t.handi@example.co.za"],
  ])("%s is the inbox %s", (written, inbox) => {
    expect(inboxOf(written)).toBe(inbox);
    expect(inboxDigest(written)).toBe(inboxDigest(inbox));
  });

  test("the counters hold a digest, never the address", async () => {
    const { rateLimits } = await import("@/lib/db/schema");
    const keys = (await getDb().db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.filter((k) => k.startsWith("mail-to:")).length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.includes("@"))).toEqual([]);
  });
});
