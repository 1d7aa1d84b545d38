import { seedProducts } from "@/lib/catalog/seed-data";
import { SOCIAL_POSTS } from "@/lib/content/social-space";

describe("the home page's social space", () => {
  test("every post shows a product the shop sells, by its name, in a fabric it comes in", () => {
    expect(SOCIAL_POSTS.length).toBeGreaterThan(0);
    for (const post of SOCIAL_POSTS) {
      const product = seedProducts.find((p) => p.slug === post.productSlug);
      expect(product?.name).toBe(post.productName);
      const fabrics = product!.attributes.find((a) => a.name === "Fabric")?.options ?? [];
      expect(fabrics).toContain(post.fabric);
    }
  });

  test("posts have distinct ids and handles", () => {
    expect(new Set(SOCIAL_POSTS.map((p) => p.id)).size).toBe(SOCIAL_POSTS.length);
    expect(new Set(SOCIAL_POSTS.map((p) => p.handle)).size).toBe(SOCIAL_POSTS.length);
  });
});
