import { renderToStaticMarkup } from "react-dom/server";
import { setupTestDb } from "@/test/support/db";
import { call } from "@/test/support/api-client";
import { reviews } from "@/lib/db/schema";
import { POST } from "@/app/api/review-create/route";
import { getProduct } from "@/lib/catalog/queries";
import { productReviews } from "@/lib/reviews/queries";
import { publicName } from "@/lib/reviews/types";
import { jsonLdBlocks, scriptProblems } from "@/lib/seo/script-scan";
import { ProductReviewsBlock } from "@/components/reviews/product-reviews-section";
import { setEnv } from "@/lib/config/set-env";

const getDb = setupTestDb();

/** Texts that end a script element, open one, or switch the browser's script tokeniser into its comment states. */
const TITLES = [
  "</script ><script>window.__pwned=1</script>",
  "</script/><img src=x onerror=window.__pwned=2>",
  "Nice </SCRIPT\t><script>window.__pwned=3</script>",
  "<!--<script>window.__pwned=4</script>-->",
  "<script>window.__pwned=5</script> & more",
];
const MESSAGE = "Really comfortable.</script >\u2028<script>window.__pwned=6</script><!-- and </SCRIPT\t> too";
// Names are refused with markup by the review form's check, so these arrive as stored rows (an
// import, a looser check one day): the page must be safe whatever the database holds.
const NAMES = [
  "</script/><script>window.__pwned=7</script>",
  "<!--<script>",
  "</SCRIPT\t><script>window.__pwned=8</script>",
];

async function hostilePage(slug: string) {
  const { db } = getDb();
  setEnv({ REVIEWS_MODERATION: "publish" });
  const product = (await getProduct(db, slug))!;
  let ip = 0;
  for (const [i, title] of TITLES.entries()) {
    const res = await call(POST, "/api/review-create", {
      json: {
        name: "Eve Mallory",
        email: `eve${i}@example.com`,
        title,
        message: MESSAGE,
        rating: 5,
        productId: product.id,
      },
      headers: { "x-forwarded-for": `10.9.0.${++ip}` },
    });
    expect(res.status).toBe(201);
  }
  await db.insert(reviews).values(
    NAMES.map((name, i) => ({
      productId: product.id,
      name,
      email: `stored${i}@example.com`,
      title: `Stored ${i}`,
      message: MESSAGE,
      rating: 4,
      published: true,
    })),
  );
  const data = await productReviews(db, product.id);
  return { product, data, html: renderToStaticMarkup(<ProductReviewsBlock product={product} {...data} />) };
}

type ProductLd = {
  review: Array<{ name: string; reviewBody: string; author: { name: string } }>;
  aggregateRating: { reviewCount: number };
};

describe("the product page's reviews and JSON-LD", () => {
  test("review text that would close or open a script stays inert, in the JSON-LD and on the page", async () => {
    const { data, html } = await hostilePage("dune-ottoman");
    expect(scriptProblems(html, [...TITLES, ...NAMES, MESSAGE, "</script >", "</script/>", "</SCRIPT\t>"])).toEqual([]);

    // The structured data still says exactly what the reviewers wrote.
    const ld = jsonLdBlocks(html).get("product-json-ld") as ProductLd;
    expect(ld.aggregateRating.reviewCount).toBe(data.summary.count);
    expect(ld.review.map((r) => r.name)).toEqual(expect.arrayContaining(TITLES));
    expect(ld.review.map((r) => r.author.name)).toEqual(expect.arrayContaining(NAMES.map(publicName)));
    expect(ld.review.filter((r) => r.reviewBody === MESSAGE)).toHaveLength(TITLES.length + NAMES.length);

    // And the page shows it as text (the newest four reviews are listed before "Show all").
    expect(html).toContain(">&lt;script&gt;window.__pwned=5&lt;/script&gt; &amp; more</h3>");
    expect(html).toContain("Really comfortable.&lt;/script &gt;");
    expect(html).toContain(">&lt;/script/&gt;&lt;script&gt;window.__pwned=7&lt;/script&gt;</span>");
    expect(html).toContain(">&lt;!--&lt;script&gt;</span>");
  });

  test("a review held for approval is neither shown nor in the JSON-LD nor counted", async () => {
    const { db } = getDb();
    const product = (await getProduct(db, "umhlanga-bed-frame"))!;
    const render = async () =>
      renderToStaticMarkup(<ProductReviewsBlock product={product} {...await productReviews(db, product.id)} />);
    const before = jsonLdBlocks(await render()).get("product-json-ld") as ProductLd;

    const restore = setEnv({ REVIEWS_MODERATION: "hold" });
    try {
      const res = await call(POST, "/api/review-create", {
        json: {
          name: "Held Reviewer",
          email: "held@example.com",
          title: "Held marker title",
          message: "Held marker message, waiting for a person to read it.",
          rating: 1,
          productId: product.id,
        },
        headers: { "x-forwarded-for": "10.9.1.1" },
      });
      expect(res.status).toBe(201);
    } finally {
      restore();
    }

    const html = await render();
    expect(html).not.toContain("Held marker");
    expect(html).not.toContain("Held R.");
    expect(jsonLdBlocks(html).get("product-json-ld")).toEqual(before);
  });
});
