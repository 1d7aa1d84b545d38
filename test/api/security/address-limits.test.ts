/**
 * Every limit that counts a network address, called from a new address inside one IPv6 /64 each
 * time: one subscriber holds the whole /64, so the 429 must come at the limit, as from one address.
 * The limited calls are found in the source (each `addressKey(` scope), so a new one without a
 * case here fails the census below.
 */
import fs from "node:fs";
import path from "node:path";
import { like } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call, type CallResult } from "@/test/support/api-client";
import { addressGroup } from "@/lib/api/client-ip";
import { rateLimits } from "@/lib/db/schema";
import { setEnv } from "@/lib/config/set-env";
import type { Limit } from "@/lib/security/rate-limit";
import { GOOD_PASSWORD, makeCustomer, registration, type TestCustomer } from "@/test/support/auth";
import { checkoutDetails, productBySlug, type ErrorBody } from "@/test/support/orders";
import { CHECKOUT_LIMITS } from "@/lib/orders/checkout-limits";
import { RESTOCK_CONFIRM_LIMIT, RESTOCK_LIMIT } from "@/lib/restock/schemas";
import { NEWSLETTER_LIMIT, NEWSLETTER_UNSUBSCRIBE_LIMIT } from "@/lib/newsletter/input";
import { GIVEAWAY_LIMIT } from "@/lib/giveaways/input";
import { SWATCH_LIMIT } from "@/lib/swatches/rules";
import { CONTACT_LIMIT } from "@/lib/contact/input";
import { REVIEW_LIMIT } from "@/lib/reviews/input";
import { REGISTER_LIMIT } from "@/lib/auth/accounts";
import { GATE_LIMIT } from "@/lib/auth/site-gate";
import { LOGIN_LIMITS } from "@/lib/auth/login-throttle";
import { RESET_LIMITS } from "@/lib/auth/password-reset";
import { INVITATION_LINK_LIMIT } from "@/lib/admin/invitations";
import * as checkout from "@/app/api/checkout/route";
import * as retry from "@/app/api/checkout/retry/route";
import * as restock from "@/app/api/back-in-stock/route";
import * as restockConfirm from "@/app/api/back-in-stock-confirm/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as unsubscribe from "@/app/api/newsletter-unsubscribe/route";
import * as giveaway from "@/app/api/giveaway-enter/route";
import * as swatches from "@/app/api/swatches/route";
import * as contact from "@/app/api/contact/route";
import * as review from "@/app/api/review-create/route";
import * as register from "@/app/api/register/route";
import * as login from "@/app/api/login/route";
import * as resetEmail from "@/app/api/customer-lost-password-email/route";
import * as resetSet from "@/app/api/customer-lost-password-set/route";
import * as invitation from "@/app/api/staff-invitation/route";

const getDb = setupTestDb();

type Headers = Record<string, string>;
type Case = {
  /** The limit's scope as the source writes it in `addressKey(` ("login:client:${account}"). */
  scope: string;
  limit: () => Limit;
  /** One call; `n` counts the calls of the case from 0. */
  send: (n: number, headers: Headers) => Promise<CallResult<ErrorBody>>;
  /** Around the case's calls, for a limit that needs a setting. */
  around?: (run: () => Promise<void>) => Promise<void>;
};

let customer: TestCustomer;
let reviewedProductId: number;
beforeAll(async () => {
  customer = await makeCustomer(getDb().db);
  reviewedProductId = (await productBySlug(getDb().db, "pebble-ottoman")).id;
});

const NO_SUCH_PRODUCT = 2_000_000_000;

const CASES: Record<string, Case> = {
  checkout: {
    scope: "checkout",
    limit: () => CHECKOUT_LIMITS.perAddress,
    send: (n, headers) =>
      call(checkout.POST, "/api/checkout", {
        json: checkoutDetails({ cartKey: `no-such-cart-${n}-xxxxxxxx` }),
        headers,
      }),
  },
  "checkout retry": {
    scope: "checkout",
    limit: () => CHECKOUT_LIMITS.perAddress,
    send: (n, headers) =>
      call(retry.POST, "/api/checkout/retry", {
        json: { order: NO_SUCH_PRODUCT, paymentMethod: "bank-transfer", idempotencyKey: `retry-probe-${n}-abcdefgh` },
        headers,
      }),
  },
  "back-in-stock": {
    scope: "back-in-stock",
    limit: () => RESTOCK_LIMIT,
    send: (n, headers) =>
      call(restock.POST, "/api/back-in-stock", {
        json: { email: `restock.${n}@example.co.za`, productId: NO_SUCH_PRODUCT, variationId: null },
        headers,
      }),
  },
  "back-in-stock confirmation": {
    scope: "back-in-stock-confirm",
    limit: () => RESTOCK_CONFIRM_LIMIT,
    send: (n, headers) =>
      call(restockConfirm.POST, "/api/back-in-stock-confirm", { json: { token: `no-such-token-${n}` }, headers }),
  },
  newsletter: {
    scope: "newsletter",
    limit: () => NEWSLETTER_LIMIT,
    send: (n, headers) =>
      call(newsletter.POST, "/api/newsletter", {
        json: { email: `news.${n}@example.co.za`, consent: true },
        headers,
      }),
  },
  "newsletter unsubscribe": {
    scope: "newsletter-unsubscribe",
    limit: () => NEWSLETTER_UNSUBSCRIBE_LIMIT,
    send: (n, headers) =>
      call(unsubscribe.POST, "/api/newsletter-unsubscribe", { json: { token: `no-such-token-${n}` }, headers }),
  },
  giveaway: {
    scope: "giveaway",
    limit: () => GIVEAWAY_LIMIT,
    send: (n, headers) =>
      call(giveaway.POST, "/api/giveaway-enter", {
        json: {
          campaign: "no-such-giveaway",
          name: "Anathi Mthembu",
          email: `entrant.${n}@example.co.za`,
          phone: "082 555 0199",
          province: "KwaZulu-Natal",
          adult: true,
        },
        headers,
      }),
  },
  swatches: {
    scope: "swatches",
    limit: () => SWATCH_LIMIT,
    send: (n, headers) =>
      call(swatches.POST, "/api/swatches", {
        json: {
          fabrics: ["oat"],
          firstName: "Thandi",
          lastName: "Mokoena",
          email: `swatches.${n}@example.co.za`,
          streetAddress1: `${n + 1} Probe Street`,
          city: "Cape Town",
          postcode: "8001",
          province: "Western Cape",
        },
        headers,
      }),
  },
  contact: {
    scope: "contact",
    limit: () => CONTACT_LIMIT,
    send: (n, headers) =>
      call(contact.POST, "/api/contact", {
        json: { name: "Sibongile Khumalo", email: `contact.${n}@example.co.za`, message: "Does the couch come apart?" },
        headers,
      }),
  },
  review: {
    scope: "review-create",
    limit: () => REVIEW_LIMIT,
    send: (n, headers) =>
      call(review.POST, "/api/review-create", {
        json: {
          name: "Nomsa Dlamini",
          email: `reviewer.${n}@example.co.za`,
          title: "Lovely",
          message: "Comfortable and well made.",
          rating: 5,
          productId: reviewedProductId,
        },
        headers,
      }),
  },
  "sign-up": {
    scope: "register",
    limit: () => REGISTER_LIMIT,
    // The address is taken, so no password is hashed; the attempt still counts.
    send: (_n, headers) =>
      call(register.POST, "/api/register", { json: registration({ email: customer.email }), headers }),
  },
  "site gate": {
    scope: "site-gate",
    limit: () => GATE_LIMIT,
    send: (n, headers) => call(register.POST, "/api/register", { json: { password: `wrong-${n}` }, headers }),
    around: async (run) => {
      const restore = setEnv({ SITE_PASSWORD: "preview-week" });
      try {
        await run();
      } finally {
        restore();
      }
    },
  },
  "sign-in, one account": {
    scope: "login:client:${account}",
    limit: () => LOGIN_LIMITS.perClient,
    send: (n, headers) =>
      call(login.POST, "/api/login", { json: { email: customer.email, password: `wrong-password-${n}` }, headers }),
  },
  "sign-in, many accounts": {
    scope: "login",
    limit: () => LOGIN_LIMITS.perAddress,
    send: (n, headers) =>
      call(login.POST, "/api/login", {
        json: { email: `nobody.${n}@example.co.za`, password: "wrong-password" },
        headers,
      }),
  },
  "reset code, one account": {
    scope: "reset-email:client:${account}",
    limit: () => RESET_LIMITS.perClient,
    send: (_n, headers) =>
      call(resetEmail.POST, "/api/customer-lost-password-email", { json: { email: customer.email }, headers }),
  },
  "reset code, many accounts": {
    scope: "reset-email",
    limit: () => RESET_LIMITS.perAddress,
    send: (n, headers) =>
      call(resetEmail.POST, "/api/customer-lost-password-email", {
        json: { email: `reset.${n}@example.co.za` },
        headers,
      }),
  },
  "a staff invitation's link": {
    scope: "staff-invitation",
    limit: () => INVITATION_LINK_LIMIT,
    send: (n, headers) =>
      call(invitation.POST, "/api/staff-invitation", { json: { token: `no-such-invitation-${n}` }, headers }),
  },
  "new password with a code": {
    scope: "reset-set",
    limit: () => RESET_LIMITS.setPerAddress,
    send: (_n, headers) =>
      call(resetSet.POST, "/api/customer-lost-password-set", {
        json: { email: customer.email, code: "000000", password: GOOD_PASSWORD },
        headers,
      }),
  },
};

let networks = 0;
/**
 * A fresh /64, and the n-th address in it: random interface identifiers, written compressed,
 * in full and in capitals, as a subscriber's devices and privacy addresses would be.
 */
function network() {
  networks += 1;
  const prefix = `2001:db8:${(0x640 + networks).toString(16)}:${(networks * 7).toString(16)}`;
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  const address = (n: number) => {
    const id = (n + 1).toString(16);
    if (n % 3 === 0) return `${prefix}::${id}`;
    const full = `${prefix}:${group()}:${group()}:${group()}:${id}`;
    return n % 3 === 1 ? full : full.toUpperCase();
  };
  return { address, group: addressGroup(address(0)) };
}

/** The scope a key was made for, from the address's group back to what `addressKey` was given. */
async function scopesUsedBy(group: string): Promise<string[]> {
  const suffix = `:address:${group}`;
  const rows = await getDb()
    .db.select({ key: rateLimits.key })
    .from(rateLimits)
    .where(like(rateLimits.key, `%${suffix}`));
  return rows.map((r) => r.key.slice(0, -suffix.length));
}

/** "login:client:${account}" as a pattern a key's scope matches. */
const scopePattern = (scope: string) =>
  new RegExp(
    `^${scope
      .split(/\$\{[^}]*\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^:]+")}$`,
  );

describe("every per-address limit, from rotating addresses in one IPv6 /64", () => {
  test.each(Object.keys(CASES))("%s: the 429 comes at the limit", async (name) => {
    const c = CASES[name]!;
    const { limit } = c.limit();
    const net = network();
    const statuses: number[] = [];
    let last: CallResult<ErrorBody> | undefined;
    let control: CallResult<ErrorBody> | undefined;
    await (c.around ?? ((run) => run()))(async () => {
      for (let n = 0; n <= limit; n++) {
        last = await c.send(n, { "x-forwarded-for": net.address(n) });
        statuses.push(last.status);
      }
      // Another subscriber's /64 is not held by this one's calls.
      control = await c.send(limit + 1, { "x-forwarded-for": network().address(0) });
    });
    expect({
      refusedBeforeTheLimit: statuses.slice(0, limit).filter((s) => s === 429).length,
      atTheLimit: statuses[limit],
      anotherNetwork: control!.status === 429 ? "refused" : "served",
    }).toEqual({ refusedBeforeTheLimit: 0, atTheLimit: 429, anotherNetwork: "served" });
    expect(last!.body).toMatchObject({ status: 429, code: "rate_limited", data: { retryAfter: expect.any(Number) } });
    expect(last!.response.headers.get("Retry-After")).toBe(String(last!.body.data.retryAfter));
    expect((await scopesUsedBy(net.group)).some((s) => scopePattern(c.scope).test(s))).toBe(true);
  });
});

const ROOT = process.cwd();
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}
const SOURCES = [...sourceFiles("app"), ...sourceFiles("lib")].map((file) => ({
  file,
  text: fs.readFileSync(path.join(ROOT, file), "utf8"),
}));
const RATE_LIMIT_MODULE = path.join("lib", "security", "rate-limit.ts");
/**
 * Limits counted in a process's memory rather than the database: each has its /64 test in the
 * named file, which this census reads for it.
 */
const COUNTED_IN_MEMORY: Record<string, string> = { "og-image": "lib/seo/og-image.test.ts" };

describe("the census of per-address limits", () => {
  test("every scope the source gives addressKey has a case above, and every case's scope is in the source", () => {
    const inSource = new Set<string>();
    const unreadable: string[] = [];
    for (const { file, text } of SOURCES) {
      if (file === RATE_LIMIT_MODULE) continue;
      if (!/import\s*\{[^}]*\baddressKey\b[^}]*\}\s*from\s*"@\/lib\/security\/rate-limit"/.test(text)) continue;
      for (const m of text.matchAll(/\baddressKey\(\s*(?:"([^"]*)"|`([^`]*)`)?/g)) {
        const scope = m[1] ?? m[2];
        if (scope === undefined) unreadable.push(`${file}: ${text.slice(m.index, m.index + 60)}`);
        else inSource.add(scope);
      }
    }
    // A scope held in a variable cannot be matched to a case: write it out where the key is made.
    expect(unreadable).toEqual([]);
    expect(inSource.size).toBeGreaterThan(10);
    for (const [scope, file] of Object.entries(COUNTED_IN_MEMORY))
      expect({ scope, sharesA64: /one IPv6 \/64/.test(fs.readFileSync(path.join(ROOT, file), "utf8")) }).toEqual({
        scope,
        sharesA64: true,
      });
    const covered = new Set([...Object.values(CASES).map((c) => c.scope), ...Object.keys(COUNTED_IN_MEMORY)]);
    expect([...inSource].filter((s) => !covered.has(s))).toEqual([]);
    expect([...covered].filter((s) => !inSource.has(s))).toEqual([]);
  });

  test("no limit is keyed on an address as written: every one goes through addressKey", () => {
    const raw: string[] = [];
    for (const { file, text } of SOURCES) {
      for (const m of text.matchAll(
        /\b(?:enforce|hit|reserve)\(\s*\w+\s*,\s*`[^`]*\$\{\s*(?:ip|clientIp\(|[\w.]+\.ip\b)/g,
      ))
        raw.push(`${file}: ${m[0]}`);
      if (
        file !== RATE_LIMIT_MODULE &&
        !file.endsWith(path.join("api", "client-ip.ts")) &&
        /\baddressGroup\(/.test(text)
      )
        raw.push(`${file}: addressGroup(`);
    }
    expect(raw).toEqual([]);
  });
});
