import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { products, reviews } from "@/lib/db/schema";
import { GET as stamped } from "@/app/api/stamped/route";
import { GET as dashboard } from "@/app/api/reviews-dashboard/route";
import { seedReviews } from "@/lib/reviews/seed-data";
import { seedReviews as writeSeedReviews } from "@/lib/reviews/seed";
import type { DashboardReviews, PublicReview } from "@/lib/reviews/types";

const getDb = setupTestDb();

describe("GET /api/stamped", () => {
  test("lists every published seed review, newest first, without e-mail addresses", async () => {
    const res = await call<PublicReview[]>(stamped, "/api/stamped");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(seedReviews.length);
    const times = res.body.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const r of res.body) {
      expect(Object.keys(r).sort()).toEqual(
        [
          "createdAt",
          "id",
          "message",
          "name",
          "productId",
          "productName",
          "productSlug",
          "rating",
          "reply",
          "title",
          "verifiedBuyer",
        ].sort(),
      );
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
    }
    expect(JSON.stringify(res.body)).not.toMatch(/@example/);
  });

  test("filters by product and pages", async () => {
    const [eden] = await getDb()
      .db.select({ id: products.id })
      .from(products)
      .where(eq(products.slug, "eden-2-seater"));
    const res = await call<PublicReview[]>(stamped, "/api/stamped", { query: { productId: eden!.id } });
    expect(res.body.length).toBe(seedReviews.filter((r) => r.product === "eden-2-seater").length);
    expect(res.body.every((r) => r.productSlug === "eden-2-seater")).toBe(true);

    const page2 = await call<PublicReview[]>(stamped, "/api/stamped", { query: { perPage: 5, page: 2 } });
    const all = await call<PublicReview[]>(stamped, "/api/stamped");
    expect(page2.body.map((r) => r.id)).toEqual(all.body.slice(5, 10).map((r) => r.id));
  });

  test("leaves out unpublished reviews", async () => {
    const [first] = await getDb().db.select().from(reviews).limit(1);
    await getDb().db.update(reviews).set({ published: false }).where(eq(reviews.id, first!.id));
    const res = await call<PublicReview[]>(stamped, "/api/stamped");
    expect(res.body.some((r) => r.id === first!.id)).toBe(false);
    await getDb().db.update(reviews).set({ published: true }).where(eq(reviews.id, first!.id));
  });

  test.each([["abc"], ["-1"], ["0"], ["1.5"]])("a productId of %p is a 400", async (productId) => {
    const res = await call<{ code: string }>(stamped, "/api/stamped", { query: { productId } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_params");
  });

  test("a perPage over 100 is a 400", async () => {
    expect((await call(stamped, "/api/stamped", { query: { perPage: 1000 } })).status).toBe(400);
  });

  test("seeding again adds nothing", async () => {
    expect(await writeSeedReviews(getDb().db)).toBe(0);
  });
});

describe("GET /api/reviews-dashboard", () => {
  test("gives the home page's reviews as results, with the overall rating", async () => {
    const res = await call<DashboardReviews>(dashboard, "/api/reviews-dashboard");
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(res.body.results.length).toBeLessThanOrEqual(6);
    expect(res.body.results.every((r) => r.rating >= 4)).toBe(true);
    expect(res.body.summary.count).toBe(seedReviews.length);
    const average = seedReviews.reduce((s, r) => s + r.rating, 0) / seedReviews.length;
    expect(res.body.summary.average).toBeCloseTo(average, 2);
  });
});
