import { Guest, payfastItn, uniqueEmail, type CheckoutAnswer } from "../support/shopper";
import { freshAddress, isContractError, type Answer } from "../support/http";
import { runCheck, type CheckResult, type RunContext } from "../support/context";

const tally = (answers: Answer[]) => {
  const m = new Map<string, number>();
  for (const a of answers) {
    const key =
      a.status === 0
        ? `no answer (${a.error ?? "?"})`
        : `${a.status}${a.status >= 400 ? ` ${(a.json as { code?: string } | undefined)?.code ?? ""}` : ""}`;
    m.set(key, (m.get(key) ?? 0) + 1);
  }
  return [...m.entries()].map(([k, n]) => `${k}×${n}`).join(", ");
};

export async function concurrency(ctx: RunContext): Promise<CheckResult> {
  const shoppers = ctx.short ? 12 : 24;
  return runCheck(
    ctx,
    "Concurrency",
    `The last units of stock under ${shoppers} parallel checkouts; a coupon limited to one use per customer, ${shoppers} guest checkouts with the same e-mail address at once; a coupon limited to 3 uses in total, ${shoppers} checkouts by different shoppers at once; parallel PayFast notifications for one order (the same notification repeated and distinct ones), which must make one transition and send one mail; the checkout's flood guard per address, once.`,
    async (figures, findings) => {
      const client = ctx.client();
      const stockProduct = ctx.catalogue.simpleIds[0]!;
      const STOCK = 3;
      await ctx.withSql(async (sql) => {
        await sql.query("update products set stock = $2 where id = $1", [stockProduct, STOCK]);
        await sql.query(
          "insert into coupons (code, kind, amount, usage_limit_per_customer) values ('RELONCE', 'percent', 5, 1)",
        );
        await sql.query("insert into coupons (code, kind, amount, usage_limit) values ('RELTHREE', 'percent', 5, 3)");
      });

      // Stock: every shopper holds one of the last units in the cart, and all check out at once.
      const stockers = Array.from({ length: shoppers }, () => new Guest(client));
      for (const g of stockers) await g.add(stockProduct);
      const stockAnswers = await Promise.all(stockers.map((g) => g.checkout()));
      const sold = stockAnswers.filter((a) => a.status === 201).length;

      // Per customer: one address, many carts.
      const email = uniqueEmail("once");
      const onceShoppers = Array.from({ length: shoppers }, () => new Guest(client));
      for (const g of onceShoppers) {
        await g.add(ctx.catalogue.pebbleId);
        const applied = await g.applyCoupon("RELONCE");
        if (applied.status !== 200)
          findings.push(
            `RELONCE could not be applied to a fresh cart: ${applied.status} ${applied.text.slice(0, 120)}`,
          );
      }
      const onceAnswers = await Promise.all(onceShoppers.map((g) => g.checkout({ email })));

      // In total: three uses among many shoppers.
      const threeShoppers = Array.from({ length: shoppers }, () => new Guest(client));
      for (const g of threeShoppers) {
        await g.add(ctx.catalogue.pebbleId);
        await g.applyCoupon("RELTHREE");
      }
      const threeAnswers = await Promise.all(threeShoppers.map((g) => g.checkout()));

      // Parallel notifications for one PayFast order.
      const payer = new Guest(client);
      await payer.add(ctx.catalogue.pebbleId);
      const placed = await payer.checkout({ paymentMethod: "payfast" });
      const payfastOrder = placed.json as CheckoutAnswer;
      if (placed.status !== 201 || payfastOrder.next?.kind !== "form")
        throw new Error(`the PayFast checkout answered ${placed.status}: ${placed.text.slice(0, 200)}`);
      const same = payfastItn(ctx.standIns, payfastOrder.next);
      const distinct = Array.from({ length: 4 }, () => payfastItn(ctx.standIns, payfastOrder.next));
      const notify = (body: string) =>
        client.send({
          path: "/api/payments/payfast/notify",
          body,
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "127.0.0.1" },
        });
      const itnAnswers = await Promise.all([...Array.from({ length: 8 }, () => notify(same)), ...distinct.map(notify)]);

      // The checkout's flood guard per address: attempts count whatever their outcome.
      const perAddress = ctx.settings.CHECKOUT_RATE_LIMIT_PER_HOUR;
      const ip = freshAddress();
      const attempts: Answer[] = [];
      for (let i = 0; i <= perAddress; i++)
        attempts.push(await client.send({ path: "/api/checkout", json: {}, headers: ip }));
      const limited = attempts.at(-1)!;

      const db = await ctx.withSql(async (sql) => {
        const [stock] = await sql.query<{ stock: number }>("select stock from products where id = $1", [stockProduct]);
        const [lines] = await sql.query<{ n: number }>(
          "select coalesce(sum(quantity), 0)::int as n from order_lines where product_id = $1",
          [stockProduct],
        );
        const [once] = await sql.query<{ used: number; redemptions: number; orders: number }>(
          "select c.used_count as used, (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions, (select count(*)::int from orders o where o.coupon_code = c.code) as orders from coupons c where c.code = 'RELONCE'",
        );
        const [three] = await sql.query<{ used: number; redemptions: number; orders: number }>(
          "select c.used_count as used, (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions, (select count(*)::int from orders o where o.coupon_code = c.code) as orders from coupons c where c.code = 'RELTHREE'",
        );
        const [paid] = await sql.query<{ status: string; paid_at: string | null }>(
          "select status, paid_at from orders where id = $1",
          [payfastOrder.order.id],
        );
        const events = await sql.query<{ status: string }>("select status from payment_events where order_id = $1", [
          payfastOrder.order.id,
        ]);
        const [mails] = await sql.query<{ n: number }>(
          "select count(*)::int as n from mail_outbox where kind = 'order-paid' and subject like $1",
          [`%${payfastOrder.order.number}%`],
        );
        return {
          stock: stock!.stock,
          sold: lines!.n,
          once: once!,
          three: three!,
          paid: paid!,
          events: events.length,
          paidMails: mails!.n,
        };
      });

      const checks: Array<[boolean, string]> = [
        [
          sold === STOCK,
          `stock: ${STOCK} units, ${shoppers} checkouts at once → ${sold} orders (${tally(stockAnswers)})`,
        ],
        [db.stock === 0 && db.sold === STOCK, `stock after: ${db.stock}, units in order lines: ${db.sold}`],
        [
          stockAnswers.every((a) => a.status === 201 || (a.status === 409 && isContractError(a))),
          "every other stock checkout is a 409 with the contract's body",
        ],
        [
          db.once.orders <= 1 && db.once.used === db.once.orders && db.once.redemptions === db.once.orders,
          `one use per customer: ${shoppers} checkouts at once with one address → ${db.once.orders} order(s) with the coupon, used_count ${db.once.used}, ${db.once.redemptions} redemption(s) (${tally(onceAnswers)})`,
        ],
        [db.once.orders === 1, "the one allowed use went through"],
        [
          db.three.orders === 3 && db.three.used === 3 && db.three.redemptions === 3,
          `three uses in all: ${shoppers} checkouts at once → ${db.three.orders} orders with the coupon, used_count ${db.three.used}, ${db.three.redemptions} redemptions (${tally(threeAnswers)})`,
        ],
        [
          [...onceAnswers, ...threeAnswers].every(
            (a) => a.status === 201 || (a.status >= 400 && a.status < 500 && isContractError(a)),
          ),
          "every refused coupon checkout is a 4xx with the contract's body",
        ],
        [
          itnAnswers.every((a) => a.status === 200),
          `12 PayFast notifications for one order at once (8 the same, 4 distinct): ${tally(itnAnswers)}`,
        ],
        [
          db.paid.status === "processing" && db.paid.paid_at !== null,
          `the order is ${db.paid.status}, paid ${db.paid.paid_at ? "once" : "never"}`,
        ],
        [db.paidMails === 1, `payment mails for the order: ${db.paidMails}; payment events recorded: ${db.events}`],
        [
          limited.status === 429 &&
            isContractError(limited) &&
            !!limited.headers["retry-after"] &&
            attempts.slice(0, perAddress).every((a) => a.status !== 429),
          `checkout flood guard per address: attempts 1-${perAddress} ${tally(attempts.slice(0, perAddress))}, attempt ${perAddress + 1} → ${limited.status} (Retry-After ${limited.headers["retry-after"] ?? "missing"})`,
        ],
      ];
      for (const [ok, text] of checks) (ok ? figures : findings).push(text);
      figures.push(client.stats.summary());
      return checks.every(([ok]) => ok);
    },
  );
}
