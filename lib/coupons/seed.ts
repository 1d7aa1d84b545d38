import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { coupons, products, type NewCoupon } from "@/lib/db/schema";

const DAY = 86_400_000;

/** The demo promotions; dates are relative to the seed so a fresh shop always has live offers. */
export async function seedCoupons(db: Db, now = new Date()): Promise<number> {
  const [ottoman] = await db.select({ id: products.id }).from(products).where(eq(products.slug, "pebble-ottoman"));
  const list: NewCoupon[] = [
    {
      code: "FREEOTTOMAN",
      description: "Get a Free Ottoman: a Pebble Ottoman free with every couch",
      kind: "free_product",
      freeProductId: ottoman?.id ?? null,
      requiresCategorySlug: "couches",
      automatic: true,
      autoOrder: 1,
    },
    {
      code: "WELCOME10",
      description: "10% off your first order over R5 000",
      kind: "percent",
      amount: 10,
      minSpendCents: 500000,
      usageLimitPerCustomer: 1,
      expiresAt: new Date(now.getTime() + 365 * DAY),
    },
    {
      code: "SUMMER500",
      description: "R500 off orders over R8 000 this summer",
      kind: "fixed_cart",
      amount: 50000,
      minSpendCents: 800000,
      startsAt: new Date(now.getTime() - 10 * DAY),
      expiresAt: new Date(now.getTime() + 60 * DAY),
      usageLimit: 500,
    },
    {
      code: "SLEEPWELL15",
      description: "15% off bed frames",
      kind: "percent",
      amount: 15,
      categorySlugs: ["bed-frames"],
    },
    {
      code: "OTTOMAN200",
      description: "R200 off every ottoman",
      kind: "fixed_product",
      amount: 20000,
      categorySlugs: ["ottomans"],
    },
    {
      code: "KAYAFRIENDS",
      description: "5% off for friends of Kaya, from our partners' links",
      kind: "percent",
      amount: 5,
      affiliate: true,
    },
    {
      code: "WINTER2025",
      description: "Last winter's sale",
      kind: "percent",
      amount: 20,
      startsAt: new Date(now.getTime() - 200 * DAY),
      expiresAt: new Date(now.getTime() - 100 * DAY),
    },
  ];
  for (const c of list) {
    await db
      .insert(coupons)
      .values(c)
      .onConflictDoUpdate({ target: coupons.code, set: { ...c, code: undefined } });
  }
  return list.length;
}
