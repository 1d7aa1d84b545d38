/** The dashboard's figures on this run's engine, from orders, stock and reviews written for it. */
import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { makeOrder } from "@/test/support/auth";
import { orders, products, reviews, variations } from "@/lib/db/schema";
import { dashboard, CHART_DAYS } from "@/lib/admin/dashboard";
import { shopDay } from "@/lib/admin/format";

const now = new Date("2026-11-23T10:00:00+02:00");
// The seed's reviews are dated a few days before `now`, so the test's own review is the latest.
const getDb = setupTestDb({ seededAt: now });

test("today's orders and takings, the last 30 days by South African day, what waits, low stock and reviews", async () => {
  const db = getDb().db;
  const paid = await makeOrder(db, null, {
    status: "processing",
    createdAt: new Date("2026-11-23T00:30:00+02:00"),
    lines: [{ name: "Eden 2 Seater", quantity: 1, unitCents: 1_000_000 }],
  });
  await db.update(orders).set({ paidAt: now, refundedCents: 100_000 }).where(eq(orders.id, paid.id));
  await makeOrder(db, null, {
    status: "on-hold",
    createdAt: new Date("2026-11-23T08:00:00+02:00"),
    lines: [{ name: "Pebble", quantity: 1, unitCents: 250_000 }],
  });
  // 23:30 on the 22nd in South Africa is 21:30 UTC: the 22nd, not the 23rd.
  const yesterday = await makeOrder(db, null, {
    status: "completed",
    createdAt: new Date("2026-11-22T23:30:00+02:00"),
    lines: [{ name: "Kraal", quantity: 2, unitCents: 300_000 }],
  });
  await db.update(orders).set({ paidAt: now }).where(eq(orders.id, yesterday.id));
  await makeOrder(db, null, { status: "failed", createdAt: new Date("2026-11-23T09:00:00+02:00") });
  await makeOrder(db, null, { status: "completed", createdAt: new Date("2026-10-01T12:00:00+02:00") });

  const [variation] = await db.select().from(variations).limit(1);
  await db.update(variations).set({ stock: 0 }).where(eq(variations.id, variation!.id));
  const [product] = await db.select().from(products).where(eq(products.id, variation!.productId));
  await db.insert(reviews).values({
    productId: product!.id,
    name: "Lerato",
    email: "lerato@example.co.za",
    title: "Soft and sturdy",
    message: "Lovely",
    rating: 5,
    published: false,
    createdAt: new Date("2026-11-21T10:00:00+02:00"),
  });

  const d = await dashboard(db, { lowStockThreshold: 1, now });
  expect(d.days).toHaveLength(CHART_DAYS);
  expect(d.days[0]!.day).toBe("2026-10-25");
  // Placed today: the paid one and the one on hold; paid: one, bringing R 9 000 after its refund.
  expect(d.today).toEqual({ day: "2026-11-23", orders: 2, paidOrders: 1, revenueCents: 900_000 });
  expect(d.days.find((x) => x.day === "2026-11-22")).toEqual({
    day: "2026-11-22",
    orders: 1,
    paidOrders: 1,
    revenueCents: 600_000,
  });
  expect(d.days.reduce((s, x) => s + x.paidOrders, 0)).toBe(2);
  expect(d.days.reduce((s, x) => s + x.revenueCents, 0)).toBe(1_500_000);
  expect(d.onHold).toBeGreaterThanOrEqual(1);
  expect(d.processing).toBeGreaterThanOrEqual(1);
  expect(d.lowStock.items).toContainEqual(expect.objectContaining({ productId: product!.id, stock: 0 }));
  expect(d.reviewsAwaiting).toBe(1);
  expect(d.reviewsLastWeek).toBeGreaterThanOrEqual(1);
  expect(d.latestReviews[0]).toMatchObject({ title: "Soft and sturdy", published: false });
  expect(shopDay(new Date("2026-11-22T22:30:00Z"))).toBe("2026-11-23");
});

test("no low-stock list when the threshold is 0", async () => {
  const d = await dashboard(getDb().db, { lowStockThreshold: 0 });
  expect(d.lowStock).toEqual({ items: [], total: 0 });
});
