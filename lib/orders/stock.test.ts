import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { orderLines, orders, products, type Address } from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";
import { releaseStock } from "@/lib/orders/stock";

const getDb = setupTestDb();

const address: Address = {
  firstName: "Thandi",
  lastName: "Mokoena",
  streetAddress1: "12 Loop Street",
  city: "Cape Town",
  province: "Western Cape",
  postcode: "8001",
  country: "ZA",
};

/** An unpaid order holding one of each product, its lines written in the order given. */
async function orderHolding(db: Db, productIds: number[]): Promise<number> {
  const id = randomUUID();
  const [order] = await db
    .insert(orders)
    .values({
      number: `KL-T-${id}`,
      orderKey: `wc_order_${id}`,
      email: `stock.${id}@example.co.za`,
      phone: "082 555 0101",
      paymentMethod: "bank-transfer",
      subtotalCents: 100,
      totalCents: 100,
      vatCents: 13,
      shipping: address,
      billing: address,
      idempotencyKey: id,
      paymentSecret: `secret-${id}`,
      status: "on-hold",
    })
    .returning({ id: orders.id });
  for (const productId of productIds) {
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId,
      name: `Product ${productId}`,
      slug: `product-${productId}`,
      quantity: 1,
      unitPriceCents: 100,
      unitRegularCents: 100,
      totalCents: 100,
    });
  }
  return order!.id;
}

describe("releaseStock", () => {
  test("puts each line's quantity back on the shelf", async () => {
    const { db } = getDb();
    const [a, b] = await db.select({ id: products.id, stock: products.stock }).from(products).limit(2);
    const order = await orderHolding(db, [a!.id, b!.id]);
    await db.transaction((tx) => releaseStock(tx, order));
    const after = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [a!.id, b!.id]));
    expect(Object.fromEntries(after.map((p) => [p.id, p.stock]))).toEqual({
      [a!.id]: a!.stock + 1,
      [b!.id]: b!.stock + 1,
    });
  });

  // Two orders holding the same pieces, their lines written in opposite orders, given up at the same
  // moment (the shopper's two tabs, or the expiry job beside Back to cart). A third transaction holds
  // both rows until both releases wait, so each release takes its first row the moment it is free:
  // in line order they would take one row each and wait for the other's (a deadlock, a 500 for one
  // shopper); in the one fixed order both wait for the same first row and both succeed.
  test("two orders given up at once, their lines in opposite orders, both release (no deadlock)", async () => {
    const { db, engine } = getDb();
    if (engine !== "postgres") return; // PGlite runs one transaction at a time
    const [a, b] = await db.select({ id: products.id, stock: products.stock }).from(products).limit(2);
    const first = await orderHolding(db, [a!.id, b!.id]);
    const second = await orderHolding(db, [b!.id, a!.id]);

    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select id from products where id in (${a!.id}, ${b!.id}) for update`);
      locked();
      await held;
    });
    await isLocked;
    const releases = [first, second].map((id) => db.transaction((tx) => releaseStock(tx, id)));
    // Both releases are waiting for a row lock before the holder lets go.
    for (let i = 0; i < 100; i++) {
      const waiting = (await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      )) as unknown as { rows: Array<{ n: number }> };
      const n = waiting.rows[0]?.n ?? 0;
      if (n >= 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    letGo();
    await holder;
    const outcomes = await Promise.allSettled(releases);
    expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : "released"))).toEqual([
      "released",
      "released",
    ]);
    const after = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [a!.id, b!.id]));
    expect(Object.fromEntries(after.map((p) => [p.id, p.stock]))).toEqual({
      [a!.id]: a!.stock + 2,
      [b!.id]: b!.stock + 2,
    });
  }, 30_000);
});
