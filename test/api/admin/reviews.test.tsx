import { renderToStaticMarkup } from "react-dom/server";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { ApiError } from "@/lib/api/errors";
import { setEnv } from "@/lib/config/set-env";
import { productBySlug } from "@/test/support/orders";
import { productReviews } from "@/lib/reviews/queries";
import { getProduct } from "@/lib/catalog/queries";
import { countWaitingReviews, listAdminReviews, moderateReview, replyToReview } from "@/lib/admin/reviews";
import type { Audit, Change } from "@/lib/admin/change";
import type { PublicReview } from "@/lib/reviews/types";
import { ProductReviewsBlock } from "@/components/reviews/product-reviews-section";
import * as reviewCreate from "@/app/api/review-create/route";
import * as stamped from "@/app/api/stamped/route";

const getDb = setupTestDb();
const noAudit: Audit = async () => {};
let ip = 0;

async function write(email: string, title: string, rating = 2): Promise<number> {
  const product = await productBySlug(getDb().db, "pebble-ottoman");
  const res = await call<{ review: PublicReview; published: boolean }>(reviewCreate.POST, "/api/review-create", {
    json: {
      name: "Lerato Khumalo",
      email,
      title,
      message: "It arrived on time and the fabric is soft, but the seat is firmer than I hoped.",
      rating,
      productId: product.id,
    },
    headers: { "x-forwarded-for": `10.77.0.${++ip}` },
  });
  expect(res.status).toBe(201);
  return res.body.review.id;
}

async function shopReviews() {
  const product = await productBySlug(getDb().db, "pebble-ottoman");
  return productReviews(getDb().db, product.id);
}

describe("moderation", () => {
  let restore = () => {};
  beforeAll(() => {
    restore = setEnv({ REVIEWS_MODERATION: "hold" });
  });
  afterAll(() => restore());

  test("a held review waits as new, shows once published, and hidden leaves the page and the rating", async () => {
    const db = getDb().db;
    const before = await shopReviews();
    const waitingBefore = await countWaitingReviews(db);
    const id = await write("held.one@example.com", "Held until checked");
    expect(await countWaitingReviews(db)).toBe(waitingBefore + 1);
    expect((await listAdminReviews(db, { state: "new" })).rows.map((r) => r.id)).toContain(id);
    expect((await shopReviews()).reviews.map((r) => r.id)).not.toContain(id);

    const changes: Change[] = [];
    const audit: Audit = async (_tx, c) => void changes.push(c);
    const published = await moderateReview(db, id, true, audit);
    expect(published).toMatchObject({ id, published: true, email: "held.one@example.com" });
    expect(await countWaitingReviews(db)).toBe(waitingBefore);
    const shown = await shopReviews();
    expect(shown.reviews.map((r) => r.id)).toContain(id);
    expect(shown.summary.count).toBe(before.summary.count + 1);
    expect((await listAdminReviews(db, { state: "published", q: "held until" })).rows.map((r) => r.id)).toEqual([id]);

    await moderateReview(db, id, false, audit);
    const hidden = await shopReviews();
    expect(hidden.reviews.map((r) => r.id)).not.toContain(id);
    expect(hidden.summary).toEqual(before.summary);
    const listed = await call<PublicReview[]>(stamped.GET, "/api/stamped", {
      query: { productId: published.productId },
    });
    expect(listed.body.map((r) => r.id)).not.toContain(id);
    expect((await listAdminReviews(db, { state: "hidden" })).rows.map((r) => r.id)).toEqual([id]);
    expect(changes.map((c) => [c.action, c.entityId, c.before, c.after])).toEqual([
      ["review.publish", String(id), { published: false }, { published: true }],
      ["review.hide", String(id), { published: true }, { published: false }],
    ]);
  });

  test("an unknown review is a 404", async () => {
    await expect(moderateReview(getDb().db, 999_999, true, noAudit)).rejects.toMatchObject({
      status: 404,
      code: "review_not_found",
    });
  });
});

describe("the shop's answer", () => {
  test("shows under the review on the product page as text, and an empty answer removes it", async () => {
    const db = getDb().db;
    const restore = setEnv({ REVIEWS_MODERATION: "publish" });
    let id: number;
    try {
      id = await write("answered@example.com", "Firm seat", 3);
    } finally {
      restore();
    }
    const answer =
      "Thank you, Lerato. The foam softens in a few weeks <script>alert(1)</script>; call us if it does not.";
    const changes: Change[] = [];
    await replyToReview(db, id, `  ${answer}  `, async (_tx, c) => void changes.push(c));
    const data = await shopReviews();
    expect(data.reviews.find((r) => r.id === id)!.reply).toBe(answer);

    const product = (await getProduct(db, "pebble-ottoman"))!;
    const html = renderToStaticMarkup(<ProductReviewsBlock product={product} {...data} />);
    expect(html).toContain("Reply from");
    expect(html).toContain("The foam softens in a few weeks &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");

    await replyToReview(db, id, "   ", noAudit);
    expect((await shopReviews()).reviews.find((r) => r.id === id)!.reply).toBeNull();
    expect(changes).toEqual([
      {
        action: "review.reply",
        entity: "review",
        entityId: String(id),
        before: { reply: null },
        after: { reply: answer },
      },
    ]);
  });

  test("an answer over 2000 characters is refused", async () => {
    const id = (await listAdminReviews(getDb().db, {})).rows[0]!.id;
    const err = await replyToReview(getDb().db, id, "x".repeat(2001), noAudit).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      message: "Keep the answer under 2000 characters",
      data: { field: "reply" },
    });
  });
});
