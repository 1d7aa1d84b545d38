import fs from "node:fs";
import path from "node:path";
import { inboxOf } from "@/lib/mail/inbox";
import type { Limit } from "@/lib/security/rate-limit";
import type { SpooledMail } from "@/lib/mail/spool";
import { Client, freshAddress, isContractError, sleep, type Answer } from "../support/http";
import { ROOT, Shop } from "../support/processes";
import { Customer, PASSWORD, uniqueEmail } from "../support/shopper";
import { shopLimits } from "../support/shop-limits";
import { runCheck, type CheckResult, type RunContext } from "../support/context";

type Headers = Record<string, string>;
type LimitedCall = {
  name: string;
  /** The limit's scope as the source gives it to `addressKey(`. */
  scope: string;
  limit: Limit;
  send: (client: Client, n: number, headers: Headers) => Promise<Answer>;
  /** The 429 is plain text, not the API's error body (an image route). */
  plain?: true;
};

let networks = 0;
/** A fresh IPv6 /64 (documentation space), and the n-th address in it, each with its own interface id. */
function network() {
  networks += 1;
  const prefix = `2001:db8:${(0x7e0 + networks).toString(16)}:${(networks * 13).toString(16)}`;
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return (n: number) => ({
    "x-forwarded-for":
      n % 2 ? `${prefix}::${(n + 1).toString(16)}` : `${prefix}:${group()}:${group()}:${group()}:${n + 1}`,
  });
}

/** Every scope the source gives `addressKey(`: the calls the table below must cover. */
function scopesInSource(): Set<string> {
  const scopes = new Set<string>();
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return walk(full);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
    });
  for (const file of [...walk(path.join(ROOT, "app")), ...walk(path.join(ROOT, "lib"))]) {
    const text = fs.readFileSync(file, "utf8");
    if (!/import\s*\{[^}]*\baddressKey\b[^}]*\}\s*from\s*"@\/lib\/security\/rate-limit"/.test(text)) continue;
    for (const m of text.matchAll(/\baddressKey\(\s*(?:"([^"]*)"|`([^`]*)`)/g)) scopes.add(m[1] ?? m[2]!);
  }
  return scopes;
}

/** The spooled copies of every message the shop delivered, read from its spool folder. */
function spooled(dir: string): SpooledMail[] {
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    try {
      return [JSON.parse(fs.readFileSync(path.join(dir, n), "utf8")) as SpooledMail];
    } catch {
      return [];
    }
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;

export async function limits(ctx: RunContext): Promise<CheckResult> {
  return runCheck(
    ctx,
    "Limits per network and per inbox",
    "Every call the shop limits per network address (each scope the source gives `addressKey`, checked against this list), called from a new address inside one IPv6 /64 each time, through the one proxy the shop trusts: the 429 must come at the limit, as from one address, and another /64 must still be served (the site gate on a second start of the shop with a site password). Then 30 back-in-stock sign-ups for one inbox, its address written 30 ways from 30 addresses: the spool may hold only the inbox's daily limit of confirmations. Then the reset-code call for an address with an account and one without, back to back in each round, each from a new address: the answer must not wait for the mail or tell an account by its time, so the account's answer may be the slower one only as often as chance has it (a sign test).",
    async (figures, findings) => {
      const fail = (what: string) => findings.push(what);
      const shopLimit = shopLimits(ctx.shop.env());
      const client = ctx.client();
      const owner = await new Customer(client).register();
      const resetOwner = await new Customer(client).register();
      const NO_SUCH = 2_000_000_000;
      const reviewed = ctx.catalogue.simpleIds.at(-1)!;
      const post = (p: string) => (c: Client, json: unknown, headers: Headers) => c.send({ path: p, json, headers });

      const calls: LimitedCall[] = [
        {
          name: "checkout",
          scope: "checkout",
          limit: shopLimit.checkout,
          send: (c, n, h) => post("/api/checkout")(c, { cartKey: `no-such-cart-${n}-xxxxxxxx` }, h),
        },
        {
          name: "checkout retry",
          scope: "checkout",
          limit: shopLimit.checkout,
          send: (c, n, h) =>
            post("/api/checkout/retry")(
              c,
              { order: NO_SUCH, paymentMethod: "bank-transfer", idempotencyKey: `retry-probe-${n}-abcdefgh` },
              h,
            ),
        },
        {
          name: "back-in-stock",
          scope: "back-in-stock",
          limit: shopLimit.restock,
          send: (c, n, h) =>
            post("/api/back-in-stock")(
              c,
              { email: uniqueEmail(`restock${n}`), productId: NO_SUCH, variationId: null },
              h,
            ),
        },
        {
          name: "back-in-stock confirmation",
          scope: "back-in-stock-confirm",
          limit: shopLimit.restockConfirm,
          send: (c, n, h) => post("/api/back-in-stock-confirm")(c, { token: `no-such-token-${n}` }, h),
        },
        {
          name: "newsletter",
          scope: "newsletter",
          limit: shopLimit.newsletter,
          send: (c, n, h) => post("/api/newsletter")(c, { email: uniqueEmail(`news${n}`), consent: true }, h),
        },
        {
          name: "newsletter unsubscribe",
          scope: "newsletter-unsubscribe",
          limit: shopLimit.newsletterUnsubscribe,
          send: (c, n, h) => post("/api/newsletter-unsubscribe")(c, { token: `no-such-token-${n}` }, h),
        },
        {
          name: "giveaway",
          scope: "giveaway",
          limit: shopLimit.giveaway,
          send: (c, n, h) =>
            post("/api/giveaway-enter")(
              c,
              {
                campaign: "no-such-giveaway",
                name: "Anathi Mthembu",
                email: uniqueEmail(`entrant${n}`),
                phone: "082 555 0199",
                province: "KwaZulu-Natal",
                adult: true,
              },
              h,
            ),
        },
        {
          name: "swatches",
          scope: "swatches",
          limit: shopLimit.swatches,
          send: (c, n, h) =>
            post("/api/swatches")(
              c,
              {
                fabrics: ["oat"],
                firstName: "Thandi",
                lastName: "Mokoena",
                email: uniqueEmail(`swatches${n}`),
                streetAddress1: `${n + 1} Reliability Street`,
                city: "Cape Town",
                postcode: "8001",
                province: "Western Cape",
              },
              h,
            ),
        },
        {
          name: "contact",
          scope: "contact",
          limit: shopLimit.contact,
          send: (c, n, h) =>
            post("/api/contact")(
              c,
              { name: "Sibongile Khumalo", email: uniqueEmail(`contact${n}`), message: "Does the couch come apart?" },
              h,
            ),
        },
        {
          name: "review",
          scope: "review-create",
          limit: shopLimit.review,
          send: (c, n, h) =>
            post("/api/review-create")(
              c,
              {
                name: "Nomsa Dlamini",
                email: uniqueEmail(`reviewer${n}`),
                title: "Lovely",
                message: "Comfortable and well made.",
                rating: 5,
                productId: reviewed,
              },
              h,
            ),
        },
        {
          name: "sign-up",
          scope: "register",
          limit: shopLimit.register,
          send: (c, _n, h) =>
            post("/api/register")(
              c,
              { email: owner.email, password: PASSWORD, first_name: "Sipho", last_name: "Nkosi" },
              h,
            ),
        },
        {
          name: "sign-in, one account",
          scope: "login:client:${account}",
          limit: shopLimit.login.perClient,
          send: (c, n, h) => post("/api/login")(c, { email: owner.email, password: `wrong-${n}` }, h),
        },
        {
          name: "sign-in, many accounts",
          scope: "login",
          limit: shopLimit.login.perAddress,
          send: (c, n, h) => post("/api/login")(c, { email: uniqueEmail(`nobody${n}`), password: "wrong-password" }, h),
        },
        {
          name: "reset code, one account",
          scope: "reset-email:client:${account}",
          limit: shopLimit.reset.perClient,
          send: (c, _n, h) => post("/api/customer-lost-password-email")(c, { email: resetOwner.email }, h),
        },
        {
          name: "reset code, many accounts",
          scope: "reset-email",
          limit: shopLimit.reset.perAddress,
          send: (c, n, h) => post("/api/customer-lost-password-email")(c, { email: uniqueEmail(`reset${n}`) }, h),
        },
        {
          name: "new password with a code",
          scope: "reset-set",
          limit: shopLimit.reset.setPerAddress,
          send: (c, _n, h) =>
            post("/api/customer-lost-password-set")(
              c,
              { email: resetOwner.email, code: "000000", password: PASSWORD },
              h,
            ),
        },
        {
          name: "staff invitation link",
          scope: "staff-invitation",
          limit: shopLimit.staffInvitation,
          send: (c, n, h) => post("/api/staff-invitation")(c, { token: `no-such-invitation-${n}` }, h),
        },
        {
          name: "link preview",
          scope: "og-image",
          limit: shopLimit.ogImage,
          plain: true,
          send: (c, _n, h) => c.send({ path: "/og/product/eden-2-seater", headers: h }),
        },
      ];
      const gate: LimitedCall = {
        name: "site gate",
        scope: "site-gate",
        limit: shopLimit.gate,
        send: (c, n, h) => post("/api/register")(c, { password: `wrong-${n}` }, h),
      };

      const inSource = scopesInSource();
      const covered = new Set([...calls, gate].map((c) => c.scope));
      const missing = [...inSource].filter((s) => !covered.has(s));
      const stale = [...covered].filter((s) => !inSource.has(s));
      if (missing.length) fail(`limited calls with no case in this check: ${missing.join(", ")}`);
      if (stale.length) fail(`cases for scopes the source no longer has: ${stale.join(", ")}`);

      const outcomes: string[] = [];
      const run = async (call: LimitedCall, c: Client) => {
        const address = network();
        const statuses: number[] = [];
        let last: Answer | undefined;
        for (let n = 0; n <= call.limit.limit; n++) {
          last = await call.send(c, n, address(n));
          statuses.push(last.status);
        }
        const early = statuses.slice(0, call.limit.limit).filter((s) => s === 429 || s === 0 || s >= 500);
        const other = await call.send(c, call.limit.limit + 1, network()(0));
        const ok =
          early.length === 0 && last!.status === 429 && (call.plain || isContractError(last!)) && other.status !== 429;
        if (!ok)
          fail(
            `${call.name} from one /64: ${early.length} of the first ${call.limit.limit} refused or failed (${[...new Set(early)].join(", ") || "none"}), call ${call.limit.limit + 1} answered ${last!.status}, another /64 ${other.status}`,
          );
        outcomes.push(`${call.name} ${ok ? `429 at ${call.limit.limit + 1}` : "NOT at the limit"}`);
      };
      for (const call of calls) await run(call, client);

      // The site gate needs a site password: a second start of the shop with one, on the same database.
      await ctx.shop.stop();
      const gated = new Shop({ ...ctx.shop.options, env: { SITE_PASSWORD: "reliability-gate-password" } });
      try {
        await gated.start();
        await run(gate, new Client(gated.url, client.stats));
      } finally {
        await gated.stop();
        await ctx.shop.start();
      }
      figures.push(
        `${calls.length + 1} limited calls (${inSource.size} scopes in the source, ${missing.length} without a case), each from one IPv6 /64, a new address per call: ${outcomes.join("; ")}`,
      );

      // One inbox, many strangers: the spool holds at most the inbox's daily limit of confirmations.
      const blob = (await client.send({ path: "/api/products-blob" })).json as Array<{
        id: number;
        variations: Record<string, { id: number; stock_status: string }>;
      }>;
      const soldOut = blob.flatMap((p) =>
        Object.values(p.variations)
          .filter((v) => v.stock_status === "outofstock")
          .map((v) => ({ productId: p.id, variationId: v.id })),
      )[0];
      if (!soldOut) throw new Error("no sold-out variation in the catalogue");
      const victim = `bombed.${Date.now().toString(36)}@example.co.za`;
      const [local, domain] = victim.split("@");
      const signUps: Answer[] = [];
      for (let n = 0; n < 30; n++) {
        const to = n === 0 ? victim : `${local}+${n}@${domain}`;
        signUps.push(
          await client.send({
            path: "/api/back-in-stock",
            json: { email: n % 2 ? to.toUpperCase() : to, ...soldOut },
            headers: freshAddress(),
          }),
        );
      }
      const confirmations = () =>
        spooled(ctx.shop.options.mailDir).filter(
          (m) => m.kind === "back-in-stock-confirm" && inboxOf(m.to) === inboxOf(victim),
        ).length;
      // Delivered after each answer: wait until the count holds still.
      let count = -1;
      for (let stable = 0, tries = 0; stable < 4 && tries < 40; tries++) {
        await sleep(250);
        const now = confirmations();
        stable = now === count ? stable + 1 : 0;
        count = now;
      }
      const answers = new Set(signUps.map((a) => `${a.status} ${a.text}`));
      if (answers.size !== 1 || signUps[0]!.status !== 200)
        fail(
          `30 back-in-stock sign-ups for one inbox were not answered alike: ${[...answers].join(" | ").slice(0, 300)}`,
        );
      if (count !== shopLimit.restockConfirmMails.limit)
        fail(
          `30 back-in-stock sign-ups for one inbox put ${count} confirmations in the spool (its daily limit is ${shopLimit.restockConfirmMails.limit})`,
        );
      figures.push(
        `30 back-in-stock sign-ups for one inbox (written 30 ways, from 30 addresses): all answered ${signUps[0]!.status} alike; ${count} confirmations in the spool (daily limit ${shopLimit.restockConfirmMails.limit})`,
      );

      // Reset codes: an address with an account and one without must take the same time. Each of a
      // few addresses of either kind is asked as often, so their counters are alike too.
      const rounds = ctx.short ? 50 : 100;
      const perAddress = Math.min(shopLimit.reset.perInbox.limit, 10);
      const accounts: string[] = [];
      const strangers: string[] = [];
      while (accounts.length * perAddress < rounds) {
        accounts.push((await new Customer(client).register()).email);
        strangers.push(uniqueEmail("nobody"));
      }
      const ask = (email: string) =>
        client.send({ path: "/api/customer-lost-password-email", json: { email }, headers: freshAddress() });
      for (let i = 0; i < 5; i++) await ask(uniqueEmail("warm-up"));
      const times = { known: [] as number[], unknown: [] as number[] };
      const refused: string[] = [];
      for (let i = 0; i < rounds; i++) {
        const order = i % 2 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
        for (const kind of order) {
          const answer = await ask((kind === "known" ? accounts : strangers)[i % accounts.length]!);
          if (answer.status !== 200) refused.push(`${kind} ${answer.status}`);
          times[kind].push(answer.ms);
        }
      }
      const known = median(times.known);
      const unknown = median(times.unknown);
      // Each round asks both kinds back to back, so a busy moment slows both: in how many rounds was
      // the account's answer the slower one? By chance half, give or take three standard deviations
      // (a sign test); a call that waits for the mail makes it nearly every round.
      const slower = times.known.filter((t, i) => t > times.unknown[i]!).length;
      const band = 3 * (Math.sqrt(rounds) / 2);
      if (refused.length) fail(`reset-code calls not answered 200: ${refused.slice(0, 5).join(", ")}`);
      if (Math.abs(slower - rounds / 2) > band)
        fail(
          `the reset-code call tells an account by its time: the answer for an account was the slower in ${slower} of ${rounds} rounds (chance: ${rounds / 2} ± ${band.toFixed(0)}); medians ${known.toFixed(1)} and ${unknown.toFixed(1)} ms`,
        );
      figures.push(
        `reset-code call, ${rounds} rounds of one address with an account and one without, back to back: medians ${known.toFixed(1)} ms and ${unknown.toFixed(1)} ms (difference ${(known - unknown).toFixed(1)} ms; median difference within a round ${median(times.known.map((t, i) => t - times.unknown[i]!)).toFixed(1)} ms); the account's answer the slower in ${slower} of ${rounds} rounds (chance: ${rounds / 2} ± ${band.toFixed(0)}); p90 ${quantile(times.known, 0.9).toFixed(1)} and ${quantile(times.unknown, 0.9).toFixed(1)} ms`,
      );
      figures.push(client.stats.summary());
      return findings.length === 0;
    },
  );
}
