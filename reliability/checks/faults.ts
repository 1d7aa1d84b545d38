import { Stats, sleep, type Answer, type Client } from "../support/http";
import { Guest, newKey, uniqueEmail, type CheckoutAnswer } from "../support/shopper";
import { runCheck, type CheckResult, type RunContext } from "../support/context";
import type { Sql } from "../support/processes";

/** One shopper's checkout, retried with the same key until it is placed: what it got first, and last. */
type Attempt = {
  key: string;
  email: string;
  first: Answer | null;
  orderId: number | null;
  tries: number;
  statuses: number[];
  retryAfterMissing: number;
};

async function checkoutUntilPlaced(client: Client, guest: Guest, attempt: Attempt, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    attempt.tries += 1;
    const a = await guest.checkout({ idempotencyKey: attempt.key, email: attempt.email });
    attempt.first ??= a;
    attempt.statuses.push(a.status);
    if (a.status === 201 || a.status === 200) {
      attempt.orderId = (a.json as CheckoutAnswer).order.id;
      return;
    }
    if (a.status === 503 && !a.headers["retry-after"]) attempt.retryAfterMissing += 1;
    if (a.status >= 400 && a.status < 500 && a.status !== 429) return;
    await sleep(a.status === 503 ? 500 : 250);
  }
}

async function ordersByKey(sql: Sql, keys: string[]): Promise<Map<string, number[]>> {
  const rows = await sql.query<{ idempotency_key: string; id: number }>(
    "select idempotency_key, id from orders where idempotency_key = any($1)",
    [keys],
  );
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.idempotency_key, [...(out.get(r.idempotency_key) ?? []), r.id]);
  return out;
}

const statusLine = (stats: Stats) =>
  [...stats.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s || "no answer"}×${n}`)
    .join(", ");

export async function faults(ctx: RunContext): Promise<CheckResult> {
  const cluster = ctx.cluster!;
  const shoppers = ctx.short ? 16 : 40;
  return runCheck(
    ctx,
    "Faults",
    `PostgreSQL stopped (immediate mode, as a crash) under a load of ${shoppers} shoppers checking out and browsing, then started again: calls meanwhile must be 503 with Retry-After, never 500, and every shopper's checkout, retried with its key, must end as exactly one order. Then the app process killed with SIGKILL while ${shoppers} checkouts are in flight, and started again: each retry with the same idempotency key returns the same order (one per key), and the stock of the product equals what it was less the units in its orders.`,
    async (figures, findings) => {
      // 1. The database stops under load.
      const loadStats = new Stats();
      const client = ctx.client(loadStats);
      const guests = Array.from({ length: shoppers }, () => new Guest(client));
      for (const g of guests) await g.add(ctx.catalogue.pebbleId);
      const attempts: Attempt[] = guests.map(() => ({
        key: newKey(),
        email: uniqueEmail("fault"),
        first: null,
        orderId: null,
        tries: 0,
        statuses: [],
        retryAfterMissing: 0,
      }));
      const browseStats = new Stats();
      const browser = ctx.client(browseStats);
      let browsing = true;
      const browse = (async () => {
        while (browsing) {
          await browser.send({ path: `/api/cart-guest?cartKey=${guests[0]!.cartKey}`, headers: guests[0]!.ip });
          await browser.send({ path: "/api/reviews-dashboard" });
          await sleep(50);
        }
      })();
      const deadline = Date.now() + 120_000;
      const load = Promise.all(
        guests.map(async (g, i) => {
          await sleep(i * (2000 / shoppers));
          await checkoutUntilPlaced(client, g, attempts[i]!, deadline);
        }),
      );
      await sleep(800);
      const stoppedAt = Date.now();
      cluster.stop("immediate");
      await sleep(4000);
      const restartAt = Date.now();
      await cluster.start();
      const startedIn = Date.now() - restartAt;
      let recoveredAt = 0;
      while (Date.now() < deadline) {
        const a = await browser.send({ path: "/api/reviews-dashboard" });
        if (a.status === 200) {
          recoveredAt = Date.now();
          break;
        }
        await sleep(100);
      }
      await load;
      browsing = false;
      await browse;
      const placed = attempts.filter((a) => a.orderId !== null);
      const byKey = await ctx.withSql((sql) =>
        ordersByKey(
          sql,
          attempts.map((a) => a.key),
        ),
      );
      const duplicates = [...byKey.values()].filter((ids) => ids.length > 1).length;
      const mismatched = placed.filter((a) => byKey.get(a.key)?.[0] !== a.orderId).length;
      const fiveHundreds =
        loadStats.count((s) => s >= 500 && s !== 503) + browseStats.count((s) => s >= 500 && s !== 503);
      const unavailable = loadStats.count((s) => s === 503) + browseStats.count((s) => s === 503);
      const missingRetryAfter = attempts.reduce((n, a) => n + a.retryAfterMissing, 0);
      const dbChecks: Array<[boolean, string]> = [
        [
          fiveHundreds === 0,
          `database stopped for ${((restartAt - stoppedAt) / 1000).toFixed(1)} s (started again in ${(startedIn / 1000).toFixed(1)} s); cart and checkout calls ${statusLine(loadStats)}; browsing calls ${statusLine(browseStats)}`,
        ],
        [
          unavailable > 0 && missingRetryAfter === 0,
          `${unavailable} answers were 503 while it was down, ${missingRetryAfter} of them without Retry-After`,
        ],
        [
          recoveredAt > 0,
          `first 200 ${recoveredAt ? ((recoveredAt - restartAt) / 1000).toFixed(1) : "never"} s after the start command`,
        ],
        [
          placed.length === shoppers,
          `${placed.length} of ${shoppers} shoppers' checkouts placed after retries (tries: ${attempts.map((a) => a.tries).reduce((x, y) => x + y, 0)})`,
        ],
        [
          duplicates === 0 && mismatched === 0 && byKey.size === placed.length,
          `orders in the database for their keys: ${byKey.size}; keys with more than one order: ${duplicates}; answers naming an order the database does not hold for that key: ${mismatched}`,
        ],
      ];

      // 2. The app is killed during checkouts.
      const killStats = new Stats();
      const killClient = ctx.client(killStats);
      const product = ctx.catalogue.simpleIds[1] ?? ctx.catalogue.simpleIds[0]!;
      const stockBefore = await ctx.withSql(async (sql) => {
        await sql.query("update products set stock = 1000 where id = $1", [product]);
        const [row] = await sql.query<{ stock: number; sold: number }>(
          "select stock, (select coalesce(sum(quantity), 0)::int from order_lines where product_id = $1) as sold from products where id = $1",
          [product],
        );
        return row!;
      });
      const killGuests = Array.from({ length: shoppers }, () => new Guest(killClient));
      for (const g of killGuests) await g.add(product, 2);
      const killAttempts: Attempt[] = killGuests.map(() => ({
        key: newKey(),
        email: uniqueEmail("kill"),
        first: null,
        orderId: null,
        tries: 0,
        statuses: [],
        retryAfterMissing: 0,
      }));
      // Spread over a second, so the kill finds some placed, some in flight and some not yet sent.
      const inFlight = Promise.all(
        killGuests.map(async (g, i) => {
          await sleep(i * (1000 / shoppers));
          return g.checkout({ idempotencyKey: killAttempts[i]!.key, email: killAttempts[i]!.email });
        }),
      );
      await sleep(500);
      ctx.shop.kill9();
      const firstAnswers = await inFlight;
      await ctx.shop.waitExit();
      const restartMs = await ctx.shop.start();
      const answeredBefore = firstAnswers.filter((a) => a.status === 201);
      const retryDeadline = Date.now() + 60_000;
      const retried = await Promise.all(
        killGuests.map(async (g, i) => {
          const at = killAttempts[i]!;
          await checkoutUntilPlaced(killClient, g, at, retryDeadline);
          return at;
        }),
      );
      const sameOrder = firstAnswers.filter(
        (a, i) => a.status === 201 && (a.json as CheckoutAnswer).order.id !== retried[i]!.orderId,
      ).length;
      const after = await ctx.withSql(async (sql) => {
        const byKilledKey = await ordersByKey(
          sql,
          killAttempts.map((a) => a.key),
        );
        const [row] = await sql.query<{ stock: number; sold: number }>(
          "select stock, (select coalesce(sum(quantity), 0)::int from order_lines where product_id = $1) as sold from products where id = $1",
          [product],
        );
        return { byKilledKey, ...row! };
      });
      const killDuplicates = [...after.byKilledKey.values()].filter((ids) => ids.length > 1).length;
      const soldNow = after.sold - stockBefore.sold;
      const killChecks: Array<[boolean, string]> = [
        [
          true,
          `SIGKILL half-way through ${shoppers} checkouts sent over a second: ${answeredBefore.length} answered 201 before it died, ${firstAnswers.filter((a) => a.status === 0).length} got no answer; the shop answered again ${restartMs} ms after its restart`,
        ],
        [
          retried.every((a) => a.orderId !== null),
          `retries with the same key: ${retried.filter((a) => a.orderId !== null).length} of ${shoppers} placed (cart and checkout calls: ${statusLine(killStats)})`,
        ],
        [
          sameOrder === 0,
          `orders answered before the kill and returned again by the retry: ${answeredBefore.length - sameOrder} of ${answeredBefore.length} the same order`,
        ],
        [
          killDuplicates === 0 && after.byKilledKey.size === shoppers,
          `orders for the ${shoppers} keys: ${after.byKilledKey.size}; keys with more than one: ${killDuplicates}`,
        ],
        [
          stockBefore.stock - after.stock === soldNow && soldNow === shoppers * 2,
          `stock ${stockBefore.stock} → ${after.stock}; units in new order lines ${soldNow} (expected ${shoppers * 2}); nothing leaked`,
        ],
      ];
      const all = [...dbChecks, ...killChecks];
      for (const [ok, text] of all) (ok ? figures : findings).push(text);
      figures.push(
        `database stopped: checkout calls ${loadStats.summary()}; browsing ${browseStats.summary()}. App killed: ${killStats.summary()}`,
      );
      const logged500 = ctx.shop
        .logged(/failed|Error/)
        .filter((l) => !/out of reach|503/.test(l))
        .slice(0, 5);
      if (logged500.length)
        figures.push(
          `shop log lines mentioning failures (first 5): ${logged500.map((l) => l.slice(0, 160)).join(" | ")}`,
        );
      return all.every(([ok]) => ok);
    },
  );
}
