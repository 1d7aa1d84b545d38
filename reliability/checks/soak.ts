import { Stats, sleep } from "../support/http";
import { Guest, newKey, payfastItn, payOnOzow, uniqueEmail, type CheckoutAnswer } from "../support/shopper";
import { runCheck, type CheckResult, type RunContext } from "../support/context";

const METHODS = ["bank-transfer", "payfast", "ozow", "payjustnow", "finchoice"] as const;
const PAGES = ["/", "/product-category/couches", "/product/pebble-ottoman", "/product/eden-2-seater", "/blog", "/cart"];

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

export async function soak(ctx: RunContext, seconds: number): Promise<CheckResult> {
  const workers = 6;
  return runCheck(
    ctx,
    "Soak",
    `${seconds} s of mixed traffic from ${workers} concurrent shoppers on PostgreSQL: pages (home, category, product, blog, cart), cart reads and changes, coupons, and checkouts with each payment method (PayFast paid by its notification, Ozow on the stand-in's page, the others placed and left). Every answer is counted; the orders in the database are compared with the successful checkouts, key by key; the shop runs with --trace-gc; after the first quarter (warm-up), the heap in use after a full collection (the memory the shop still holds), at its lowest in the later half of those collections, must be no more than 10% of its mean (or 10 MB) above its lowest in the earlier half (with fewer than two full collections, the lowest after any collection in the first and last quarters stand in). Resident memory, sampled every 2 s, is reported beside it with its slope.`,
    async (figures, findings) => {
      const stats = new Stats();
      const client = ctx.client(stats);
      const since = await ctx.withSql(
        async (sql) => (await sql.query<{ id: number }>("select coalesce(max(id), 0)::int as id from orders"))[0]!.id,
      );
      const placed = new Map<string, number>();
      const perMethod = new Map<string, number>();
      let paid = 0;
      const failures: string[] = [];
      const rss: Array<[number, number]> = [];
      const started = Date.now();
      const end = started + seconds * 1000;
      const sampler = setInterval(() => {
        try {
          rss.push([(Date.now() - started) / 1000, ctx.shop.rssMb()]);
        } catch {
          // The process is between samples' reach; the next sample counts.
        }
      }, 2000);

      const note = (what: string, status: number, text: string) => {
        if (status === 0 || status >= 500) failures.push(`${what} → ${status}: ${text.slice(0, 160)}`);
      };

      let turn = 0;
      const worker = async (w: number) => {
        while (Date.now() < end) {
          turn += 1;
          const page = PAGES[turn % PAGES.length]!;
          const p = await client.send({ path: page, headers: { accept: "text/html" } });
          note(`GET ${page}`, p.status, p.text);
          const guest = new Guest(client);
          const added = await guest.add(ctx.catalogue.pebbleId, 1 + (turn % 2));
          note("add to cart", added.status, added.text);
          if (added.status >= 300) continue;
          const view = await client.send({ path: `/api/cart-guest?cartKey=${guest.cartKey}`, headers: guest.ip });
          note("cart", view.status, view.text);
          if (turn % 3 === 0) note("coupon", (await guest.applyCoupon("OTTOMAN200")).status, "");
          if (turn % 4 === 0) {
            const upd = await client.send({
              path: "/api/cart-update-guest",
              json: { cartKey: guest.cartKey, itemKey: guest.itemKey, productQuantity: 3 },
              headers: guest.ip,
            });
            note("cart update", upd.status, upd.text);
          }
          if (turn % 2 === 0) continue;
          const method = METHODS[(turn + w) % METHODS.length]!;
          const key = newKey();
          const res = await guest.checkout({ paymentMethod: method, idempotencyKey: key, email: uniqueEmail("soak") });
          note(`checkout ${method}`, res.status, res.text);
          if (res.status !== 201) {
            if (res.status < 500) failures.push(`checkout ${method} → ${res.status}: ${res.text.slice(0, 160)}`);
            continue;
          }
          const answer = res.json as CheckoutAnswer;
          placed.set(key, answer.order.id);
          perMethod.set(method, (perMethod.get(method) ?? 0) + 1);
          if (method === "payfast") {
            const itn = await client.send({
              path: "/api/payments/payfast/notify",
              body: payfastItn(ctx.standIns, answer.next),
              headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "127.0.0.1" },
            });
            note("PayFast notification", itn.status, itn.text);
            if (itn.status === 200) paid += 1;
          } else if (method === "ozow") {
            const status = await payOnOzow(ctx.standIns.url, answer.next);
            if (status === 303) paid += 1;
            else failures.push(`Ozow stand-in payment → ${status}`);
          }
          const orderPage = await client.send({ path: answer.order_url, headers: { accept: "text/html" } });
          note("order page", orderPage.status, orderPage.text);
        }
      };
      await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
      clearInterval(sampler);
      await sleep(100);

      const db = await ctx.withSql(async (sql) => {
        const rows = await sql.query<{ id: number; idempotency_key: string; status: string; payment_method: string }>(
          "select id, idempotency_key, status, payment_method from orders where id > $1",
          [since],
        );
        return rows;
      });
      const dbKeys = new Map<string, number[]>();
      for (const r of db) dbKeys.set(r.idempotency_key, [...(dbKeys.get(r.idempotency_key) ?? []), r.id]);
      const lost = [...placed.entries()].filter(([k, id]) => !dbKeys.get(k)?.includes(id)).length;
      const duplicated = [...dbKeys.values()].filter((ids) => ids.length > 1).length;
      const unexpected = [...dbKeys.keys()].filter((k) => !placed.has(k)).length;
      const processing = db.filter((r) => r.status === "processing").length;

      const warmFrom = seconds / 4;
      const warm = rss.filter(([t]) => t >= warmFrom);
      const rssPerMinute = slope(warm) * 60;
      const rssMean = warm.reduce((sum, [, y]) => sum + y, 0) / Math.max(1, warm.length);
      const minutes = ((warm.at(-1)?.[0] ?? 0) - (warm[0]?.[0] ?? 0)) / 60;
      // The heap in use after each collection, at its lowest in each quarter of the measured time, is what the process
      // still holds: resident memory also counts heap V8 has grown into and native memory the allocator keeps.
      const gcs = ctx.shop.gcs.filter((g) => g.at >= started + warmFrom * 1000 && g.at <= end);
      const quarter = (end - started - warmFrom * 1000) / 4;
      const floors = [0, 1, 2, 3].map((q) => {
        const inQuarter = gcs.filter(
          (g) =>
            g.at >= started + warmFrom * 1000 + q * quarter && g.at < started + warmFrom * 1000 + (q + 1) * quarter,
        );
        return inQuarter.length ? Math.min(...inQuarter.map((g) => g.mb)) : NaN;
      });
      const fullGcs = gcs.filter((g) => g.full).map((g) => g.mb);
      // A full collection leaves what is still live, so two or more are the measure: the lowest of the later half
      // against the lowest of the earlier. Without them (a short soak), the quarters' floors stand in, which a
      // quarter with only young-generation collections can overstate.
      const byFull = fullGcs.length >= 2;
      const half = Math.ceil(fullGcs.length / 2);
      const [fromMb, toMb] = byFull
        ? [Math.min(...fullGcs.slice(0, half)), Math.min(...fullGcs.slice(half))]
        : [floors[0]!, floors[3]!];
      const heapGrowth = toMb - fromMb;
      const heapMean = byFull
        ? fullGcs.reduce((sum, f) => sum + f, 0) / fullGcs.length
        : floors.reduce((sum, f) => sum + f, 0) / 4;
      const flat = Number.isFinite(heapGrowth) && heapGrowth <= Math.max(0.1 * heapMean, 10);
      const fiveHundreds = stats.count((s) => s === 0 || s >= 500);

      const checks: Array<[boolean, string]> = [
        [fiveHundreds === 0, `${stats.summary()}; ${(stats.requests / seconds).toFixed(1)} requests/s`],
        [
          placed.size > 0 && failures.length === 0,
          `checkouts placed: ${placed.size} (${[...perMethod.entries()].map(([m, n]) => `${m} ${n}`).join(", ")}); paid through the stand-ins: ${paid}, orders now processing: ${processing}`,
        ],
        [
          lost === 0 && duplicated === 0 && unexpected === 0 && db.length === placed.size,
          `orders in the database since the soak began: ${db.length}; lost: ${lost}; duplicated: ${duplicated}; not from a successful checkout: ${unexpected}`,
        ],
        [
          flat,
          `heap in use after warm-up (the first ${warmFrom.toFixed(0)} s), lowest after a collection in each quarter of the rest: ${floors.map((f) => f.toFixed(0)).join(", ")} MB (${gcs.length} collections, ${fullGcs.length} full, leaving ${fullGcs.map((f) => f.toFixed(0)).join(", ") || "none"} MB); growth ${byFull ? `from the earlier to the later half of the full collections (lowest ${fromMb.toFixed(0)} → ${toMb.toFixed(0)} MB)` : "first to last quarter"} ${heapGrowth.toFixed(1)} MB over ${minutes.toFixed(1)} min (allowed ${Math.max(0.1 * heapMean, 10).toFixed(0)} MB)`,
        ],
        [
          true,
          `resident memory: ${rss.length} samples, ${rss[0]?.[1].toFixed(0) ?? "?"} MB at start, ${warm[0]?.[1].toFixed(0) ?? "?"} MB after warm-up, ${rss.at(-1)?.[1].toFixed(0) ?? "?"} MB at the end, peak ${Math.max(...rss.map(([, y]) => y)).toFixed(0)} MB; slope after warm-up ${rssPerMinute.toFixed(1)} MB/min (mean ${rssMean.toFixed(0)} MB)`,
        ],
      ];
      for (const [ok, text] of checks) (ok ? figures : findings).push(text);
      const every = Math.max(1, Math.round(rss.length / 12));
      figures.push(
        `memory samples (s: MB): ${rss
          .filter((_, i) => i % every === 0 || i === rss.length - 1)
          .map(([t, y]) => `${t.toFixed(0)}: ${y.toFixed(0)}`)
          .join(", ")}`,
      );
      for (const f of failures.slice(0, 10)) findings.push(f);
      return checks.every(([ok]) => ok);
    },
  );
}
