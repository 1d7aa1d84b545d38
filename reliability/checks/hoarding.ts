import type { BlobProduct } from "@/lib/catalog/blob";
import { SITE } from "@/lib/config/site";
import { formatMoney } from "@/lib/money/money";
import { ORDER_LIMITS } from "@/lib/orders/order-limits";
import { codeOf, isContractError, type Answer, type Client } from "../support/http";
import { checkoutBody, uniqueEmail, uniquePhone, type CheckoutAnswer } from "../support/shopper";
import { runCheck, type CheckResult, type RunContext } from "../support/context";

/** One thing a shopper can buy now: a simple product, or one variation of a variable one. */
type Line = { productId: number; variationId: number | null; name: string; stock: number; priceCents: number };

async function inStock(client: Client): Promise<Line[]> {
  const res = await client.send({ path: "/api/products-blob" });
  if (res.status !== 200) throw new Error(`/api/products-blob answered ${res.status}`);
  const lines: Line[] = [];
  for (const p of res.json as BlobProduct[]) {
    if (p.type === "simple" && (p.stock_quantity ?? 0) > 0)
      lines.push({ productId: p.id, variationId: null, name: p.name, stock: p.stock_quantity!, priceCents: +p.price });
    for (const v of Object.values(p.variations))
      if (v.stock_quantity > 0)
        lines.push({ productId: p.id, variationId: v.id, name: p.name, stock: v.stock_quantity, priceCents: +v.price });
  }
  return lines.sort((a, b) => a.priceCents - b.priceCents || a.productId - b.productId);
}

const stockOf = (lines: Line[]) => new Map(lines.map((l) => [`${l.productId}/${l.variationId ?? 0}`, l.stock]));

/** A guest cart, its key kept from the first answer, every call from `address`. */
class Cart {
  key = "";
  constructor(
    readonly client: Client,
    readonly address: Record<string, string>,
  ) {}

  async add(line: Pick<Line, "productId" | "variationId">, quantity: number): Promise<Answer> {
    const res = await this.client.send({
      path: "/api/cart-guest",
      json: {
        productId: line.productId,
        ...(line.variationId ? { variationId: line.variationId } : {}),
        productQuantity: quantity,
        ...(this.key ? { cartKey: this.key } : {}),
      },
      headers: this.address,
    });
    const key = (res.json as { cart_key?: string } | undefined)?.cart_key;
    if (res.status < 300 && key) this.key = key;
    return res;
  }

  checkout(input: { email?: string; phone?: string; paymentMethod?: string } = {}): Promise<Answer> {
    return this.client.send({
      path: "/api/checkout",
      json: checkoutBody({ cartKey: this.key }, input),
      headers: this.address,
    });
  }
}

export async function hoarding(ctx: RunContext): Promise<CheckResult> {
  const shoppers = ctx.short ? 40 : 120;
  return runCheck(
    ctx,
    "Stock hoarding",
    `The review's attack: one guest cart with every in-stock item at its full stock (as much as the cart takes where it says no), placed as a bank transfer and then by card, and a cart of the dearest items an order may hold, the same; /api/products-blob read before and after. Then one e-mail address and phone number holding as much stock as the limits let them by bank transfer (cheapest items first, as many units as possible), until refused; those orders are then given up (Back to cart) and the stock must be back. Then ${shoppers} different shoppers (carts, e-mail addresses, phone numbers) checking out from one network address, as a mobile network's customers do.`,
    async (figures, findings) => {
      const client = ctx.client();
      const checks: Array<[boolean, string]> = [];

      // 1. Everything in stock, in one cart, one order.
      const before = await inStock(client);
      // The suite stocks 100 000 Pebble Ottomans for its other checks: the catalogue's figures leave them out.
      const catalogue = before.filter((l) => l.productId !== ctx.catalogue.pebbleId);
      const units = catalogue.reduce((n, l) => n + l.stock, 0);
      const value = catalogue.reduce((n, l) => n + l.stock * l.priceCents, 0);
      const attacker = new Cart(client, { "x-forwarded-for": "198.18.0.66" });
      let capped = 0;
      for (const line of before) {
        // A quantity no cart could hold is refused as bad input: ask for less until the cart answers.
        let ask = line.stock;
        let res = await attacker.add(line, ask);
        while (res.status === 400 && ask > 1) res = await attacker.add(line, (ask = Math.ceil(ask / 2)));
        if (res.status === 422 && codeOf(res) === "quantity_limit") {
          capped++;
          res = await attacker.add(line, Number((res.json as { data: { max: number } }).data.max));
        }
        if (res.status >= 300) throw new Error(`adding ${line.name} answered ${res.status}: ${res.text.slice(0, 160)}`);
      }
      const attempts: Answer[] = [];
      for (const paymentMethod of ["bank-transfer", "payfast"])
        attempts.push(await attacker.checkout({ email: uniqueEmail("hoarder"), paymentMethod }));
      // Told about the number of items, the hoarder keeps the dearest ones that an order may hold.
      const dearest = new Cart(client, { "x-forwarded-for": "198.18.0.67" });
      for (const line of catalogue.slice(-ORDER_LIMITS.linesPerOrder))
        await dearest.add(line, Math.min(line.stock, ORDER_LIMITS.unitsPerLine));
      const large: Answer[] = [];
      for (const paymentMethod of ["bank-transfer", "payfast"])
        large.push(await dearest.checkout({ email: uniqueEmail("hoarder"), paymentMethod }));
      const after = stockOf(await inStock(client));
      const changed = [...stockOf(before)].filter(([k, n]) => after.get(k) !== n).length;
      checks.push([
        attempts.every(
          (a) =>
            a.status >= 400 &&
            a.status < 500 &&
            isContractError(a) &&
            String((a.json as { message: string }).message).includes(SITE.phone),
        ),
        `every in-stock item (${before.length} lines; without the Pebbles ${units} units, ${formatMoney(value)}; ${capped} lines over the ${ORDER_LIMITS.unitsPerLine} a cart line takes, added at that): bank transfer → ${attempts[0]!.status} ${codeOf(attempts[0]!)}, card → ${attempts[1]!.status} ${codeOf(attempts[1]!)}: "${String((attempts[0]!.json as { message?: string } | undefined)?.message ?? attempts[0]!.text.slice(0, 200))}"`,
      ]);
      checks.push([
        large.every((a) => a.status === 422 && codeOf(a) === "order_too_large"),
        `the ${ORDER_LIMITS.linesPerOrder} dearest items, as many of each as a line takes: bank transfer → ${large[0]!.status} ${codeOf(large[0]!)}, card → ${large[1]!.status} ${codeOf(large[1]!)}`,
      ]);
      checks.push([
        changed === 0,
        `/api/products-blob after the attempts: ${changed} of ${before.length} lines' stock changed`,
      ]);

      // 2. What one e-mail address and phone number can hold within the limits, by bank transfer.
      const email = uniqueEmail("most");
      const phone = uniquePhone();
      const most = ORDER_LIMITS.unpaidOrders.perEmail;
      const held: CheckoutAnswer[] = [];
      let heldUnits = 0;
      let heldCents = 0;
      let refusal: Answer | null = null;
      const pool = (await inStock(client)).filter((l) => l.productId !== ctx.catalogue.pebbleId);
      for (let n = 0; n <= most && !refusal; n++) {
        const cart = new Cart(client, { "x-forwarded-for": `198.18.1.${n + 1}` });
        let cents = 0;
        let taken = 0;
        let lines = 0;
        for (const line of pool) {
          if (lines === ORDER_LIMITS.linesPerOrder) break;
          const room = Math.floor((ORDER_LIMITS.orderValueCents.bankTransfer - cents) / line.priceCents);
          const quantity = Math.min(line.stock, ORDER_LIMITS.unitsPerLine, room);
          if (quantity < 1) continue;
          if ((await cart.add(line, quantity)).status >= 300) continue;
          line.stock -= quantity;
          cents += quantity * line.priceCents;
          taken += quantity;
          lines++;
        }
        const res = await cart.checkout({ email, phone });
        if (res.status === 201) {
          held.push(res.json as CheckoutAnswer);
          heldUnits += taken;
          heldCents += cents;
        } else refusal = res;
      }
      checks.push([
        held.length === most && refusal?.status === 409 && codeOf(refusal) === "too_many_unpaid_orders",
        `one e-mail address and phone number, cheapest items first: ${held.length} unpaid bank-transfer orders holding ${heldUnits} units, ${formatMoney(heldCents)} (${((100 * heldCents) / value).toFixed(1)}% of the value in stock), then ${refusal?.status ?? "no refusal"} ${refusal ? codeOf(refusal) : ""}`,
      ]);
      const perShopper = most * ORDER_LIMITS.orderValueCents.bankTransfer;
      figures.push(
        `to hold all ${formatMoney(value)} in stock by bank transfer takes at least ${Math.ceil(value / perShopper)} different e-mail addresses and as many phone numbers (${most} orders of at most ${formatMoney(ORDER_LIMITS.orderValueCents.bankTransfer)} each); before, one order did it`,
      );
      const back = await Promise.all(
        held.map((h) =>
          client.send({
            path: "/api/checkout/back-to-cart",
            json: { order: h.order.id, key: h.order.key },
            headers: { "x-forwarded-for": "198.18.2.1" },
          }),
        ),
      );
      const restored = stockOf(await inStock(client));
      const notBack = [...stockOf(before)].filter(([k, n]) => restored.get(k) !== n).length;
      checks.push([
        back.every((b) => b.status === 200) && notBack === 0,
        `those orders given up (Back to cart: ${back.map((b) => b.status).join(", ")}): ${notBack} lines' stock not back as it was`,
      ]);

      // 3. Many shoppers behind one address.
      const address = { "x-forwarded-for": "41.13.250.7" };
      const started = Date.now();
      const answers: Answer[] = [];
      for (let i = 0; i < shoppers; i++) {
        const cart = new Cart(client, address);
        await cart.add({ productId: ctx.catalogue.pebbleId, variationId: null }, 1);
        answers.push(await cart.checkout());
      }
      const placed = answers.filter((a) => a.status === 201).length;
      checks.push([
        placed === shoppers,
        `${shoppers} shoppers from one address (their own carts, e-mail addresses and phone numbers): ${placed} placed in ${((Date.now() - started) / 1000).toFixed(1)} s (${
          answers
            .filter((a) => a.status !== 201)
            .map((a) => `${a.status} ${codeOf(a)}`)
            .slice(0, 3)
            .join(", ") || "none refused"
        }); the flood guard per address is ${ctx.settings.CHECKOUT_RATE_LIMIT_PER_HOUR} attempts an hour`,
      ]);

      for (const [ok, text] of checks) (ok ? figures : findings).push(text);
      figures.push(client.stats.summary());
      return checks.every(([ok]) => ok);
    },
  );
}
