import { isContractError, type Answer } from "../support/http";
import { Customer, Guest, newKey, type CheckoutAnswer } from "../support/shopper";
import { runCheck, type CheckResult, type RunContext } from "../support/context";

type Probe = { what: string; answer: Answer; ok: boolean; expected: string };

export async function accessBetweenCustomers(ctx: RunContext): Promise<CheckResult> {
  return runCheck(
    ctx,
    "Access between customers",
    "Customer A places an order (and a guest places one); customer B, signed in, and a stranger try A's order list, A's order pages with and without the order key, A's cart lines, A's review slot and A's idempotency key. Each try must be refused or come back empty, and A's data must be as it was.",
    async (figures, findings) => {
      const client = ctx.client();
      const a = await new Customer(client).register();
      const b = await new Customer(client).register();
      await a.add(ctx.catalogue.pebbleId);
      const key = newKey();
      const placedA = await a.checkout({ idempotencyKey: key });
      const orderA = (placedA.json as CheckoutAnswer).order;
      if (placedA.status !== 201)
        throw new Error(`A's checkout answered ${placedA.status}: ${placedA.text.slice(0, 200)}`);
      await a.add(ctx.catalogue.pebbleId, 2);
      const cartA = (await client.send({ path: `/api/cart?token=${encodeURIComponent(a.token)}`, headers: a.ip }))
        .json as { items: Array<{ item_key: string; quantity: { value: number } }> };
      const itemA = cartA.items[0]!.item_key;
      const guest = new Guest(client);
      await guest.add(ctx.catalogue.pebbleId);
      const guestOrder = ((await guest.checkout()).json as CheckoutAnswer).order;

      const probes: Probe[] = [];
      const probe = async (what: string, expected: string, answer: Promise<Answer>, ok: (a: Answer) => boolean) => {
        const res = await answer;
        probes.push({
          what,
          answer: res,
          ok: ok(res) && !res.text.includes(orderA.number) && !res.text.includes(a.email),
          expected,
        });
      };
      const refused =
        (...statuses: number[]) =>
        (res: Answer) =>
          statuses.includes(res.status) &&
          (res.status < 400 || isContractError(res) || !/json/.test(String(res.headers["content-type"])));
      const page = (path: string, headers: Record<string, string>) =>
        client.send({ path, headers: { ...headers, accept: "text/html" } });

      await probe(
        "B lists A's orders (customer_id=A)",
        "403",
        client.send({
          path: `/api/orders-customer?customer_id=${a.id}&token=${encodeURIComponent(b.token)}`,
          headers: b.ip,
        }),
        refused(403),
      );
      await probe(
        "a stranger lists A's orders",
        "401",
        client.send({ path: `/api/orders-customer?customer_id=${a.id}` }),
        refused(401, 403),
      );
      await probe(
        "B opens A's account order page",
        "404",
        page(`/my-account/view-order/${orderA.id}`, b.cookie),
        refused(404),
      );
      await probe(
        "B opens A's order page without the key",
        "404",
        page(`/checkout/order/${orderA.id}`, b.cookie),
        refused(404),
      );
      await probe(
        "B opens A's order page with a wrong key",
        "404",
        page(`/checkout/order/${orderA.id}?key=wc_order_wrong${"x".repeat(20)}`, b.cookie),
        refused(404),
      );
      await probe(
        "a stranger opens A's order page without the key",
        "404",
        page(`/checkout/order/${orderA.id}`, {}),
        refused(404),
      );
      await probe(
        "a stranger opens the guest's order page with A's key",
        "404",
        page(`/checkout/order/${guestOrder.id}?key=${encodeURIComponent(orderA.key)}`, {}),
        refused(404),
      );
      await probe(
        "B changes A's cart line",
        "404",
        client.send({
          path: "/api/cart-update",
          json: { token: b.token, itemKey: itemA, productQuantity: 9 },
          headers: b.ip,
        }),
        refused(404),
      );
      await probe(
        "B removes A's cart line",
        "404",
        client.send({
          method: "DELETE",
          path: `/api/cart?token=${encodeURIComponent(b.token)}&itemKey=${itemA}`,
          headers: b.ip,
        }),
        refused(404),
      );
      await probe(
        "a stranger reads A's cart by A's customer id as a cart key",
        "404",
        client.send({ path: `/api/cart-guest?cartKey=${a.id}` }),
        refused(404, 400),
      );

      const review = {
        name: "Sipho Nkosi",
        title: "Solid",
        message: "Well made and comfortable, delivered on time.",
        rating: 5,
        productId: ctx.catalogue.pebbleId,
      };
      const first = await client.send({
        path: "/api/review-create",
        json: { ...review, email: a.email },
        headers: a.ip,
      });
      await probe(
        "B posts a review in A's name and address (A reviewed first)",
        "409",
        client.send({
          path: "/api/review-create",
          json: { ...review, email: a.email.toUpperCase(), message: "Changed by someone else entirely." },
          headers: b.ip,
        }),
        refused(409),
      );
      const dashboard = await client.send({ path: "/api/reviews-dashboard" });
      probes.push({
        what: "the public reviews carry no reviewer's e-mail address",
        answer: dashboard,
        ok: dashboard.status === 200 && !dashboard.text.includes(a.email),
        expected: "200 without e-mail",
      });

      await b.add(ctx.catalogue.pebbleId);
      const placedB = await b.checkout({ idempotencyKey: key });
      const orderB = (placedB.json as CheckoutAnswer).order;
      probes.push({
        what: "B checks out with A's idempotency key",
        answer: placedB,
        ok: placedB.status === 201 && !!orderB && orderB.id !== orderA.id && !placedB.text.includes(orderA.number),
        expected: "201, a new order of B's own",
      });
      const replayA = await a.checkout({ idempotencyKey: key });
      probes.push({
        what: "A's own retry with the key replays A's order",
        answer: replayA,
        ok: replayA.status === 200 && (replayA.json as CheckoutAnswer).order?.id === orderA.id,
        expected: "200, A's order",
      });

      const ownPage = await page(`/my-account/view-order/${orderA.id}`, a.cookie);
      const ownCart = (await client.send({ path: `/api/cart?token=${encodeURIComponent(a.token)}`, headers: a.ip }))
        .json as { items: Array<{ item_key: string; quantity: { value: number } }> };
      const bad = probes.filter((p) => !p.ok);
      for (const p of bad)
        findings.push(`${p.what}: expected ${p.expected}, answered ${p.answer.status} ${p.answer.text.slice(0, 160)}`);
      const controls = [
        [first.status === 201, `A's own review was accepted (${first.status})`],
        [
          ownPage.status === 200 && ownPage.text.includes(orderA.number),
          `A's own order page shows the order (${ownPage.status})`,
        ],
        [ownCart.items[0]?.quantity.value === 2, `A's cart line still holds 2 (${ownCart.items[0]?.quantity.value})`],
      ] as const;
      for (const [ok, what] of controls) if (!ok) findings.push(`control failed: ${what}`);
      figures.push(client.stats.summary());
      figures.push(
        `${probes.length} tries at another shopper's data, ${probes.length - bad.length} refused or empty as expected; 3 controls (A still sees and holds A's own)`,
      );
      figures.push(`answers: ${probes.map((p) => `${p.what} → ${p.answer.status}`).join("; ")}`);
      return bad.length === 0 && controls.every(([ok]) => ok);
    },
  );
}
