import { allocate, evaluateCoupon, type RuleContext, type RuleCoupon, type RuleLine } from "@/lib/coupons/rules";

const NOW = new Date("2026-11-21T10:00:00Z");
const base: RuleCoupon = {
  code: "TEST",
  kind: "percent",
  amount: 10,
  freeProductId: null,
  requiresCategorySlug: null,
  minSpendCents: null,
  startsAt: null,
  expiresAt: null,
  usageLimit: null,
  usageLimitPerCustomer: null,
  usedCount: 0,
  productIds: [],
  categorySlugs: [],
  active: true,
};
const couch: RuleLine = { itemKey: "a", productId: 1, categorySlug: "couches", unitPriceCents: 999900, quantity: 1 };
const ottoman: RuleLine = { itemKey: "b", productId: 9, categorySlug: "ottomans", unitPriceCents: 249900, quantity: 1 };
const bed: RuleLine = { itemKey: "c", productId: 5, categorySlug: "bed-frames", unitPriceCents: 799900, quantity: 2 };
const ctx: RuleContext = { now: NOW, customerUses: 0 };

type Case = [string, Partial<RuleCoupon>, RuleLine[], { discount?: number; rejection?: string }, Partial<typeof ctx>?];

const cases: Case[] = [
  ["ten percent off everything", {}, [couch, ottoman], { discount: 124980 }],
  ["percent rounds to the cent", { amount: 15 }, [{ ...couch, unitPriceCents: 33333 }], { discount: 5000 }],
  ["fixed off the cart", { kind: "fixed_cart", amount: 50000 }, [couch], { discount: 50000 }],
  [
    "fixed off the cart never exceeds the cart",
    { kind: "fixed_cart", amount: 5000000 },
    [ottoman],
    { discount: 249900 },
  ],
  ["fixed off each product unit", { kind: "fixed_product", amount: 20000 }, [couch, bed], { discount: 60000 }],
  [
    "fixed off a product capped at its price",
    { kind: "fixed_product", amount: 300000 },
    [ottoman],
    { discount: 249900 },
  ],
  ["restricted to a category", { categorySlugs: ["bed-frames"] }, [couch, bed], { discount: 159980 }],
  ["restricted to a product", { productIds: [9] }, [couch, ottoman], { discount: 24990 }],
  ["restriction with nothing matching", { categorySlugs: ["ottomans"] }, [couch], { rejection: "not_applicable" }],
  ["expired", { expiresAt: new Date("2026-11-01T00:00:00Z") }, [couch], { rejection: "expired" }],
  ["expires exactly now", { expiresAt: NOW }, [couch], { rejection: "expired" }],
  ["not started", { startsAt: new Date("2026-12-01T00:00:00Z") }, [couch], { rejection: "not_started" }],
  [
    "inside its dates",
    { startsAt: new Date("2026-11-01T00:00:00Z"), expiresAt: new Date("2026-12-01T00:00:00Z") },
    [couch],
    { discount: 99990 },
  ],
  ["min spend not met", { minSpendCents: 1000000 }, [couch], { rejection: "min_spend" }],
  ["min spend met exactly", { minSpendCents: 999900 }, [couch], { discount: 99990 }],
  ["total usage limit reached", { usageLimit: 100, usedCount: 100 }, [couch], { rejection: "usage_limit" }],
  ["total usage limit not yet reached", { usageLimit: 100, usedCount: 99 }, [couch], { discount: 99990 }],
  [
    "per-customer limit reached",
    { usageLimitPerCustomer: 1 },
    [couch],
    { rejection: "customer_limit" },
    { customerUses: 1 },
  ],
  [
    "per-customer limit unknown shopper",
    { usageLimitPerCustomer: 1 },
    [couch],
    { discount: 99990 },
    { customerUses: null },
  ],
  ["inactive", { active: false }, [couch], { rejection: "inactive" }],
  ["empty cart", {}, [], { rejection: "empty_cart" }],
  [
    "free ottoman with a couch",
    { kind: "free_product", freeProductId: 9, requiresCategorySlug: "couches" },
    [couch, ottoman],
    { discount: 249900 },
  ],
  [
    "free ottoman without a couch",
    { kind: "free_product", freeProductId: 9, requiresCategorySlug: "couches" },
    [ottoman, bed],
    { rejection: "requires_category" },
  ],
  [
    "free ottoman: a couch but no ottoman",
    { kind: "free_product", freeProductId: 9, requiresCategorySlug: "couches" },
    [couch],
    { rejection: "not_applicable" },
  ],
  [
    "free ottoman: one free per couch",
    { kind: "free_product", freeProductId: 9, requiresCategorySlug: "couches" },
    [couch, { ...ottoman, quantity: 3 }],
    { discount: 249900 },
  ],
  [
    "free ottoman: two couches, two free",
    { kind: "free_product", freeProductId: 9, requiresCategorySlug: "couches" },
    [
      { ...couch, quantity: 2 },
      { ...ottoman, quantity: 3 },
    ],
    { discount: 499800 },
  ],
];

describe("coupon rules", () => {
  for (const [name, over, lines, expected, ctxOver] of cases)
    test(name, () => {
      const result = evaluateCoupon({ ...base, ...over }, lines, { ...ctx, ...ctxOver });
      if (expected.rejection) {
        expect(result).toMatchObject({ ok: false, code: expected.rejection });
        expect(result.ok === false && result.message.length).toBeGreaterThan(5);
      } else {
        expect(result).toMatchObject({ ok: true, discountCents: expected.discount });
        if (result.ok) expect(Object.values(result.lineDiscounts).reduce((s, d) => s + d, 0)).toBe(expected.discount);
      }
    });

  test("min spend message names the amount", () => {
    const r = evaluateCoupon({ ...base, minSpendCents: 1500000 }, [couch], ctx);
    expect(r.ok === false && r.message.replace(/\u00a0/g, " ")).toBe(
      "Spend at least R 15 000,00 to use this promo code",
    );
  });

  const freeOttoman: RuleCoupon = { ...base, kind: "free_product", freeProductId: 9, requiresCategorySlug: "couches" };
  test("an ottoman alone is asked for a couch, in good English", () => {
    const r = evaluateCoupon(freeOttoman, [ottoman], ctx);
    expect(r.ok === false && r.message).toBe("Add a couch to your cart to get this offer");
    const beds = evaluateCoupon({ ...freeOttoman, requiresCategorySlug: "ottomans", freeProductId: 5 }, [bed], ctx);
    expect(beds.ok === false && beds.message).toBe("Add an ottoman to your cart to get this offer");
  });

  test("a couch without the ottoman names the free product to add", () => {
    const r = evaluateCoupon(freeOttoman, [couch], { ...ctx, freeProductName: "Pebble Ottoman" });
    expect(r.ok === false && r.message).toBe("Add the free Pebble Ottoman to your cart to claim it");
  });
});

describe("allocate", () => {
  test("line shares add up to the discount exactly", () => {
    const shares = allocate(100, [
      { itemKey: "a", valueCents: 1 },
      { itemKey: "b", valueCents: 1 },
      { itemKey: "c", valueCents: 1 },
    ]);
    expect(Object.values(shares).reduce((s, x) => s + x, 0)).toBe(100);
    expect(Object.values(shares).sort()).toEqual([33, 33, 34]);
  });
  test("shares follow the value of each line", () => {
    expect(
      allocate(300, [
        { itemKey: "a", valueCents: 200 },
        { itemKey: "b", valueCents: 100 },
      ]),
    ).toEqual({ a: 200, b: 100 });
  });
});
