import { jsonLdBlocks, scriptProblems } from "@/lib/seo/script-scan";
import { codeOf, freshAddress, isContractError, type Answer } from "../support/http";
import { freePort, Shop } from "../support/processes";
import { ORDER_LIMITS } from "@/lib/orders/order-limits";
import { checkoutBody, Customer, PASSWORD, uniqueEmail, type CheckoutAnswer } from "../support/shopper";
import { changedRows, rowCounts, runCheck, type CheckResult, type RunContext } from "../support/context";

/** Review text that would run script if it could end the product page's JSON-LD script early. */
const ATTACKS = [
  { title: "</script ><script>window.__pwned=1</script >", message: "Lovely bench.</script ><img src=x onerror=1>" },
  { title: "Solid </SCRIPT/><script>window.__pwned=2</SCRIPT >", message: "Well made <!--<script>window.__pwned=3" },
];

/** What the server log must never hold: parameters, personal data, secrets, or Next's prerender complaints. */
const LEAK_MARKER = "leak.marker.4711@example.co.za";

export async function boundaries(ctx: RunContext): Promise<CheckResult> {
  return runCheck(
    ctx,
    "Boundaries and logs",
    "Cross-site state-changing calls (Origin and Sec-Fetch-Site of another site) to sign-up, cart and reviews, and the same calls from the shop's own origin as controls; X-Forwarded-For entries a client writes before the trusted proxy's (the address the shop sees, and the checkout's flood guard per address with a new forged entry on each attempt); one customer placing orders from a new address, e-mail address and phone number each time (the unpaid orders one account may have at once); reviews whose text closes the JSON-LD script (`</script >`, `</SCRIPT/>`, `<!--`), read back from the product page's HTML; the account pages visited signed in; on the embedded database, a second server started on the same folder. Then the shop's log of the check is searched for the customer's e-mail address and password, the session token, a marker e-mail sent as a query parameter, and Next's prerender warnings.",
    async (figures, findings) => {
      ctx.shop.clearLog();
      const client = ctx.client();
      const fail = (what: string) => findings.push(what);

      // Cross-site calls: refused with the contract's 403, nothing written; the same from the shop's origin goes through.
      const before = await ctx.withSql(rowCounts);
      const evil = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
      const crossSite: Array<[string, Answer]> = [];
      for (const [what, send] of [
        ["sign-up", { path: "/api/register", json: { email: "csrf@example.co.za", password: PASSWORD } }],
        ["add to cart", { path: "/api/cart-guest", json: { productId: ctx.catalogue.pebbleId, productQuantity: 1 } }],
        [
          "review",
          {
            path: "/api/review-create",
            json: {
              name: "Eve Mallory",
              email: "csrf@example.co.za",
              title: "Forged",
              message: "Posted from elsewhere.",
              rating: 1,
              productId: ctx.catalogue.pebbleId,
            },
          },
        ],
      ] as const) {
        crossSite.push([
          `${what}, Origin and Sec-Fetch-Site`,
          await client.send({ ...send, headers: { ...freshAddress(), ...evil } }),
        ]);
        crossSite.push([
          `${what}, Origin only`,
          await client.send({ ...send, headers: { ...freshAddress(), origin: "https://evil.example" } }),
        ]);
      }
      const afterCrossSite = await ctx.withSql(rowCounts);
      const written = changedRows(before, afterCrossSite);
      const notRefused = crossSite.filter(([, a]) => !(a.status === 403 && isContractError(a)));
      for (const [what, a] of notRefused)
        fail(`cross-site ${what}: expected 403 with the contract's body, answered ${a.status} ${a.text.slice(0, 120)}`);
      if (written.length) fail(`rows written by refused cross-site calls: ${written.join("; ")}`);
      const sameSite = await client.send({
        path: "/api/cart-guest",
        json: { productId: ctx.catalogue.pebbleId, productQuantity: 1 },
        headers: { ...freshAddress(), origin: ctx.shop.url, "sec-fetch-site": "same-origin" },
      });
      if (sameSite.status !== 201 && sameSite.status !== 200)
        fail(
          `control: add to cart from the shop's own origin answered ${sameSite.status} ${sameSite.text.slice(0, 120)}`,
        );
      figures.push(
        `cross-site calls: ${crossSite.length}, answered ${crossSite.map(([, a]) => a.status).join(", ")}; rows written: ${written.length}; the same call from the shop's origin → ${sameSite.status}`,
      );

      // X-Forwarded-For: only the entry the trusted proxy (this runner) vouches for is the visitor's address.
      const seen = await client.send({
        path: "/api/ip-address",
        headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.77.0.1" },
      });
      const seenIp = (seen.json as { clientIp?: string } | undefined)?.clientIp;
      if (seenIp !== "10.77.0.1")
        fail(`a forged X-Forwarded-For chain: the shop took ${seenIp ?? seen.status} for the visitor, not 10.77.0.1`);
      // The flood guard per address counts the address the trusted proxy saw, whatever is written before it.
      const perAddress = ctx.settings.CHECKOUT_RATE_LIMIT_PER_HOUR;
      const forged: Answer[] = [];
      for (let i = 0; i <= perAddress; i++)
        forged.push(
          await client.send({
            path: "/api/checkout",
            json: {},
            headers: { "x-forwarded-for": `198.51.${100 + (i >> 8)}.${i & 255}, 10.77.0.2` },
          }),
        );
      const last = forged.at(-1)!;
      const early = forged.slice(0, perAddress).filter((a) => a.status === 429).length;
      if (!(last.status === 429 && isContractError(last) && early === 0))
        fail(
          `the checkout limit with a new forged X-Forwarded-For entry each time: attempt ${perAddress + 1} answered ${last.status}, attempts 1-${perAddress} ${early} × 429`,
        );
      figures.push(
        `forged X-Forwarded-For: the shop saw ${seenIp} for "6.6.6.6, 203.0.113.9, 10.77.0.1"; ${perAddress + 1} checkouts each with a new forged entry before one address → attempt ${perAddress + 1} ${last.status} (Retry-After ${last.headers["retry-after"] ?? "missing"})`,
      );

      // One customer, a new address, e-mail and phone for each checkout: the account's unpaid orders are counted, so one shopper cannot hold the stock.
      const hoarder = await new Customer(client).register();
      const most = ORDER_LIMITS.unpaidOrders.perCustomer;
      const placed: number[] = [];
      let refusedAt = 0;
      for (let i = 1; i <= most + 1; i++) {
        await hoarder.add(ctx.catalogue.pebbleId);
        const res = await client.send({
          path: "/api/checkout",
          json: checkoutBody({ token: hoarder.token }, { email: uniqueEmail("hoarder") }),
          headers: freshAddress(),
        });
        if (res.status === 201) placed.push((res.json as CheckoutAnswer).order.id);
        else if (res.status === 409 && isContractError(res) && codeOf(res) === "too_many_unpaid_orders" && !refusedAt)
          refusedAt = i;
        else fail(`stock held per shopper: checkout ${i} answered ${res.status} ${res.text.slice(0, 120)}`);
      }
      if (placed.length !== most || refusedAt !== most + 1)
        fail(
          `one customer from ${most + 1} addresses: ${placed.length} unpaid orders placed, refused at attempt ${refusedAt || "none"} (expected ${most}, then 409)`,
        );
      figures.push(
        `one customer checking out from a new address, e-mail and phone each time: ${placed.length} unpaid orders, then 409 too_many_unpaid_orders at attempt ${refusedAt || "none"}`,
      );

      // Reviews that try to close the JSON-LD script.
      const product = ctx.catalogue.reviewProduct;
      const posted: Answer[] = [];
      for (const [i, a] of ATTACKS.entries())
        posted.push(
          await client.send({
            path: "/api/review-create",
            json: {
              name: "Eve Mallory",
              email: `eve${i}.${Date.now()}@example.com`,
              rating: 5,
              productId: product.id,
              ...a,
            },
            headers: freshAddress(),
          }),
        );
      if (!posted.every((p) => p.status === 201))
        fail(`the script-closing reviews were not stored: ${posted.map((p) => p.status).join(", ")}`);
      const page = await client.send({ path: `/product/${product.slug}`, headers: { accept: "text/html" } });
      const problems = scriptProblems(page.text, [
        ...ATTACKS.flatMap((a) => [a.title, a.message]),
        "</script >",
        "</SCRIPT/>",
      ]);
      let ldReviews: Array<{ name?: string; reviewBody?: string }> = [];
      try {
        ldReviews =
          (jsonLdBlocks(page.text).get("product-json-ld") as { review?: typeof ldReviews } | undefined)?.review ?? [];
      } catch (err) {
        problems.push(`the product's JSON-LD does not parse: ${String(err)}`);
      }
      const carried = ATTACKS.filter((a) =>
        ldReviews.some((r) => r.name === a.title && r.reviewBody === a.message),
      ).length;
      if (page.status !== 200 || problems.length || carried !== ATTACKS.length)
        fail(
          `product page with script-closing reviews: ${page.status}; ${problems.join("; ") || "no script problems"}; ${carried} of ${ATTACKS.length} reviews in its JSON-LD as written`,
        );
      figures.push(
        `script-closing reviews: ${posted.map((p) => p.status).join(", ")}; the product page (${page.status}) has ${problems.length} script problems and carries ${carried} of ${ATTACKS.length} of them in its JSON-LD, as written`,
      );

      // The account pages, signed in, with a marker in a query parameter and a failed sign-in.
      const shopper = await new Customer(client).register();
      await shopper.add(ctx.catalogue.pebbleId);
      const order = (await shopper.checkout()).json as CheckoutAnswer;
      const pages = [
        "/my-account",
        "/my-account/orders",
        "/my-account/change-password",
        `/my-account/view-order/${order.order.id}`,
      ];
      const visits: Answer[] = [];
      for (const p of pages)
        visits.push(await client.send({ path: p, headers: { ...shopper.cookie, accept: "text/html" } }));
      const badVisits = visits.filter((v, i) => v.status !== 200 || (i === 3 && !v.text.includes(order.order.number)));
      if (badVisits.length) fail(`account pages signed in: ${visits.map((v) => v.status).join(", ")}`);
      await client.send({
        path: `/api/cart-guest?email=${encodeURIComponent(LEAK_MARKER)}&password=${PASSWORD}`,
        headers: freshAddress(),
      });
      await client.send({
        path: "/api/login",
        json: { email: shopper.email, password: `${PASSWORD}-wrong` },
        headers: shopper.ip,
      });
      await client.send({
        path: `/api/orders-customer?customer_id=${shopper.id}&token=not-a-token-${shopper.token.slice(0, 12)}`,
      });
      figures.push(`account pages signed in: ${pages.map((p, i) => `${p} ${visits[i]!.status}`).join(", ")}`);

      // A second server on the embedded database's folder must refuse to start and leave the first serving.
      if (ctx.engine === "pglite") {
        const second = new Shop({ ...ctx.shop.options, port: await freePort() });
        let refusal = "";
        try {
          await second.start();
          await second.stop();
          fail("a second server on the embedded database's folder started and served");
        } catch (err) {
          refusal = String(err instanceof Error ? err.message : err);
        }
        const named = /in use by process \d+/.test(refusal);
        const still = await client.send({ path: "/api/ip-address" });
        if (!named) fail(`the second server's refusal does not name the holder: ${refusal.slice(0, 300)}`);
        if (still.status !== 200) fail(`the first server after the second's attempt: ${still.status}`);
        figures.push(
          `a second server on the same folder: ${named ? "refused, naming the holder" : "not refused as expected"} ("${/in use by process \d+[^.]*/.exec(refusal)?.[0] ?? refusal.slice(0, 80)}"); the first still answers ${still.status}`,
        );
      }

      // The log of everything above.
      const log = ctx.shop.logged(/./);
      const secrets: Array<[string, string]> = [
        ["the customer's e-mail address", shopper.email],
        ["the marker e-mail sent as a query parameter", LEAK_MARKER],
        ["the password", PASSWORD],
        ["the session token", shopper.token],
        ["the hoarder's session token", hoarder.token],
      ];
      const leaks = secrets
        .filter(([, s]) => log.some((l) => l.includes(s) || l.includes(encodeURIComponent(s))))
        .map(([what]) => what);
      const prerender = log.filter((l) => /while prerendering|`(Date\.now|new Date|Date)\(\)`/.test(l));
      if (leaks.length) fail(`the shop's log holds ${leaks.join(", ")}`);
      for (const l of prerender.slice(0, 3)) fail(`the shop logged a prerender warning: ${l.slice(0, 300)}`);
      figures.push(
        `shop log: ${log.length} lines searched; ${leaks.length} of ${secrets.length} secrets found; ${prerender.length} prerender warnings`,
      );
      figures.push(client.stats.summary());
      return findings.length === 0;
    },
  );
}
