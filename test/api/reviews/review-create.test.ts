import { eq } from "drizzle-orm";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { products, reviews } from "@/lib/db/schema";
import { POST } from "@/app/api/review-create/route";
import { GET as stamped } from "@/app/api/stamped/route";
import { GET as dashboard } from "@/app/api/reviews-dashboard/route";
import { DUPLICATE_REVIEW_MESSAGE, productReviews, ratingsByProduct } from "@/lib/reviews/queries";
import { reviewCreateError } from "@/lib/reviews/client";
import { errorFromBody } from "@/lib/http/api-client";
import type { DashboardReviews, PublicReview } from "@/lib/reviews/types";
import { serverEnv } from "@/lib/config/env";
import { setEnv } from "@/lib/config/set-env";

const getDb = setupTestDb();

let ipCounter = 0;
/** Every test speaks from its own address so the rate limit only bites where a test wants it. */
const freshIp = () => ({ "x-forwarded-for": `10.1.0.${++ipCounter}` });

async function productId(slug: string): Promise<number> {
  const [row] = await getDb().db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  return row!.id;
}

async function valid(overrides: Record<string, unknown> = {}) {
  return {
    name: "Nomsa Dlamini",
    email: "nomsa.dlamini@example.co.za",
    title: "Lovely couch",
    message: "Comfortable, well made and delivered on time to Durbanville.",
    rating: 5,
    productId: await productId("pebble-ottoman"),
    ...overrides,
  };
}

type Body = { status: number; code: string; message: string; data: { status: number; field?: string } };
type Created = { success: boolean; message: string; review: PublicReview; published: boolean };

function withModeration(value: string | undefined) {
  let restore = () => {};
  beforeEach(() => {
    restore = setEnv({ REVIEWS_MODERATION: value });
  });
  afterEach(() => restore());
}

describe("POST /api/review-create with reviews published at once", () => {
  withModeration("publish");

  test("stores a published review and it is listed at once", async () => {
    const input = await valid({ email: "first.review@example.com" });
    const res = await call<Created>(POST, "/api/review-create", { json: input, headers: freshIp() });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Thank you for your review");
    expect(res.body.published).toBe(true);
    expect(res.body.review).toMatchObject({
      title: "Lovely couch",
      rating: 5,
      name: "Nomsa D.",
      productSlug: "pebble-ottoman",
    });
    expect(res.body.review).not.toHaveProperty("email");

    const list = await call<PublicReview[]>(stamped, "/api/stamped", { query: { productId: input.productId } });
    expect(list.status).toBe(200);
    expect(list.body[0]!.id).toBe(res.body.review.id);
    expect(JSON.stringify(list.body)).not.toContain("@");
  });

  test("accepts query-string and form parameters as well as JSON", async () => {
    const input = await valid({ email: "form.sender@example.com" });
    const form = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
    expect((await call(POST, "/api/review-create", { form, headers: freshIp() })).status).toBe(201);
    const query = { ...form, email: "query.sender@example.com" };
    expect((await call(POST, "/api/review-create", { method: "POST", query, headers: freshIp() })).status).toBe(201);
  });

  test.each([
    ["a missing field", { title: "" }, "Please complete all fields", "title"],
    ["a field of spaces", { name: "   " }, "Please complete all fields", "name"],
    ["no rating", { rating: undefined }, "Please complete all fields", "rating"],
    ["a name of digits", { name: "12345" }, "Invalid Name", "name"],
    ["a name with markup", { name: "<b>Bob</b>" }, "Invalid Name", "name"],
    ["a one-letter name", { name: "J" }, "Invalid Name", "name"],
    ["a malformed e-mail", { email: "nomsa@" }, "Invalid email", "email"],
    ["a too-short message", { message: "Nice" }, "Invalid Message", "message"],
    ["a message of symbols", { message: "!!!!!!!!!!!!!!!!" }, "Invalid Message", "message"],
    ["a too-long title", { title: "x".repeat(121) }, "Invalid Title", "title"],
    ["a rating of 6", { rating: 6 }, "Please choose a rating from 1 to 5 stars", "rating"],
    ["a rating of 0", { rating: 0 }, "Please choose a rating from 1 to 5 stars", "rating"],
    ["a fractional rating", { rating: 4.5 }, "Please choose a rating from 1 to 5 stars", "rating"],
    ["a rating in words", { rating: "five" }, "Please choose a rating from 1 to 5 stars", "rating"],
    ["a product id in words", { productId: "sofa" }, "Invalid product", "productId"],
    ["a field sent as an object", { message: { text: "hello there friend" } }, "Please complete all fields", "message"],
  ])("refuses %s with a 400 naming the problem", async (_, overrides, message, field) => {
    const res = await call<Body>(POST, "/api/review-create", { json: await valid(overrides), headers: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: "invalid_params", message, data: { status: 400, field } });
  });

  test("a second review of one product from one address is a 409 that the client maps to a 401", async () => {
    const input = await valid({ email: "twice@example.com" });
    expect((await call(POST, "/api/review-create", { json: input, headers: freshIp() })).status).toBe(201);
    const again = await call<Body>(POST, "/api/review-create", {
      json: { ...input, email: "TWICE@Example.com", title: "Again" },
      headers: freshIp(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      status: 409,
      code: "duplicate_review",
      message: DUPLICATE_REVIEW_MESSAGE,
      data: { status: 409 },
    });
    const mapped = reviewCreateError(errorFromBody(again.status, again.body));
    expect(mapped.status).toBe(401);
    expect(mapped.message).toBe(DUPLICATE_REVIEW_MESSAGE);

    // The same address may review a different product.
    const other = await call(POST, "/api/review-create", {
      json: { ...input, productId: await productId("dune-ottoman") },
      headers: freshIp(),
    });
    expect(other.status).toBe(201);
  });

  test("two simultaneous reviews from one address: the database lets one through", async () => {
    const input = await valid({ email: "racer@example.com", productId: await productId("kraal-cube-ottoman") });
    const results = await Promise.all(
      [1, 2, 3].map(() => call(POST, "/api/review-create", { json: input, headers: freshIp() })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await getDb().db.select().from(reviews).where(eq(reviews.email, "racer@example.com"));
    expect(rows).toHaveLength(1);
  });

  test("an unknown or unpublished product is a 404", async () => {
    const res = await call<Body>(POST, "/api/review-create", {
      json: await valid({ productId: 999_999 }),
      headers: freshIp(),
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Product not found");
  });

  test("bad bodies are 4xx, never 500", async () => {
    const bad = [
      { json: [1, 2, 3] },
      { json: "just text" },
      { json: null },
      { form: {} },
      { json: { name: ["a"], email: 5, title: true, message: null, rating: [], productId: {} } },
      { json: await valid({ productId: "1e400" }) },
      { json: await valid({ productId: -4 }) },
      { json: await valid({ rating: "5; drop table reviews" }) },
      { json: await valid({ name: "Robert'); DROP TABLE reviews;--" }) },
    ];
    for (const opts of bad) {
      const res = await call(POST, "/api/review-create", { method: "POST", ...opts, headers: freshIp() });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const raw = await POST(
      new (await import("next/server")).NextRequest("http://shop.test/api/review-create", {
        method: "POST",
        headers: { "content-type": "application/json", ...freshIp() },
        body: "{not json",
      }),
      undefined,
    );
    expect(raw.status).toBe(400);
  });

  test("is rate limited per address", async () => {
    const headers = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(POST, "/api/review-create", {
        json: await valid({ email: `limit${i}@example.com` }),
        headers,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const blocked = await call<Body>(POST, "/api/review-create", {
      json: await valid({ email: "limit-ok@example.com" }),
      headers,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("rate_limited");
    expect(blocked.body.message).toMatch(/Too many reviews/);
    // Another address is not affected.
    expect(
      (
        await call(POST, "/api/review-create", {
          json: await valid({ email: "limit-ok@example.com" }),
          headers: freshIp(),
        })
      ).status,
    ).toBe(201);
  });

  test("a form refused for its own mistakes does not count against the limit", async () => {
    const headers = freshIp();
    for (let i = 0; i < 11; i++)
      expect(
        (
          await call(POST, "/api/review-create", {
            json: await valid({ email: `typo${i}@example.com`, name: "" }),
            headers,
          })
        ).status,
      ).toBe(400);
    expect(
      (await call(POST, "/api/review-create", { json: await valid({ email: "typo-fixed@example.com" }), headers }))
        .status,
    ).toBe(201);
  });
});

describe("POST /api/review-create with reviews held for approval", () => {
  withModeration("hold");

  test("a held review is stored unpublished, and the writer is told it will appear once checked", async () => {
    const input = await valid({
      email: "held.review@example.com",
      productId: await productId("eden-2-seater"),
      rating: 1,
      message: "Held back until someone has read it. It should not count anywhere yet.",
    });
    const res = await call<Created>(POST, "/api/review-create", { json: input, headers: freshIp() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      published: false,
      message: "Thank you for your review. It will appear once we have checked it.",
    });
    expect(res.body.review).toMatchObject({ title: input.title, name: "Nomsa D." });
    const [row] = await getDb().db.select().from(reviews).where(eq(reviews.email, "held.review@example.com"));
    expect(row).toMatchObject({ id: res.body.review.id, published: false, title: input.title, rating: 1 });

    const listed = async () =>
      (await call<PublicReview[]>(stamped, "/api/stamped", { query: { productId: input.productId } })).body.map(
        (r) => r.id,
      );
    expect(await listed()).not.toContain(row!.id);
    await getDb().db.update(reviews).set({ published: true }).where(eq(reviews.id, row!.id));
    expect(await listed()).toContain(row!.id);
  });

  test("a held review is in no list, page data or rating", async () => {
    const { db } = getDb();
    const id = await productId("karoo-couch");
    const before = {
      page: await productReviews(db, id),
      cards: (await ratingsByProduct(db, [id])).get(id),
      home: (await call<DashboardReviews>(dashboard, "/api/reviews-dashboard")).body,
    };
    const input = await valid({
      email: "held.twice@example.com",
      productId: id,
      rating: 1,
      title: "Held title marker",
      message: "A long enough message that the home page could pick it, were it five stars.",
    });
    const created = await call<Created>(POST, "/api/review-create", { json: input, headers: freshIp() });
    expect(created.status).toBe(201);
    const heldId = created.body.review.id;

    const all = await call<PublicReview[]>(stamped, "/api/stamped");
    const mine = await call<PublicReview[]>(stamped, "/api/stamped", { query: { productId: id } });
    expect(all.body.some((r) => r.id === heldId)).toBe(false);
    expect(mine.body.some((r) => r.id === heldId)).toBe(false);

    const home = await call<DashboardReviews>(dashboard, "/api/reviews-dashboard");
    expect(home.body.summary).toEqual(before.home.summary);
    expect(home.body.results.some((r) => r.id === heldId)).toBe(false);

    expect(await productReviews(db, id)).toEqual(before.page);
    expect((await ratingsByProduct(db, [id])).get(id)).toEqual(before.cards);

    // Published by a person later, it counts like any other.
    await db.update(reviews).set({ published: true }).where(eq(reviews.id, heldId));
    const after = await productReviews(db, id);
    expect(after.summary.count).toBe(before.page.summary.count + 1);
    expect(after.reviews.map((r) => r.id)).toContain(heldId);
  });

  test("a held review still counts as the address's one review of the product", async () => {
    const input = await valid({ email: "held.dup@example.com", productId: await productId("dune-ottoman") });
    expect((await call(POST, "/api/review-create", { json: input, headers: freshIp() })).status).toBe(201);
    const again = await call<Body>(POST, "/api/review-create", { json: input, headers: freshIp() });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("duplicate_review");
  });
});

describe("POST /api/review-create with an unreadable moderation setting", () => {
  withModeration("publsh");

  // The server refuses to start with such a setting (lib/config/start.test.ts); called anyway,
  // the shop publishes nothing nobody asked to publish.
  test("publishes nothing: the setting is refused by name and the review is a 500, stored nowhere", async () => {
    expect(() => serverEnv()).toThrow(/REVIEWS_MODERATION: must be publish or hold/);
    const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
    const input = await valid({ email: "typo.setting@example.com", productId: await productId("protea-sleeper") });
    const res = await call<Body>(POST, "/api/review-create", { json: input, headers: freshIp() });
    const logged = quiet.mock.calls.flat().map(String).join("\n");
    quiet.mockRestore();
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ status: 500, code: "internal_error", message: "Internal Server Error" });
    expect(logged).toMatch(/REVIEWS_MODERATION/);
    const stored = await getDb().db.select().from(reviews).where(eq(reviews.email, "typo.setting@example.com"));
    expect(stored).toEqual([]);
    const listed = await call<PublicReview[]>(stamped, "/api/stamped", { query: { productId: input.productId } });
    expect(listed.body.some((r) => r.title === input.title && r.name === "Nomsa D.")).toBe(false);
  });
});
