import { createRedirectMatcher, validateRules } from "@/lib/routing/redirects";

const match = createRedirectMatcher([
  { from: "/shop", to: "/product-category", permanent: true },
  { from: "/product-category/sofas", to: "/product-category/couches", permanent: true },
  { from: "/products/:slug", to: "/product/:slug", permanent: true },
  { from: "/blog/:year/:slug", to: "/blog/:slug", permanent: false },
  { from: "/instagram", to: "https://www.instagram.com/kayaliving", permanent: false },
]);

describe("redirect matcher", () => {
  test("exact paths, with or without a trailing slash", () => {
    expect(match("/shop")).toEqual({ location: "/product-category", status: 308, external: false });
    expect(match("/shop/")).toMatchObject({ location: "/product-category" });
  });
  test(":param patterns carry the value over", () => {
    expect(match("/products/eden-2-seater")).toEqual({ location: "/product/eden-2-seater", status: 308, external: false });
    expect(match("/blog/2024/caring-for-linen")).toEqual({ location: "/blog/caring-for-linen", status: 307, external: false });
  });
  test("a param is one segment only", () => {
    expect(match("/products/a/b")).toBeNull();
  });
  test("the query string travels along", () => {
    expect(match("/shop", "?utm_source=x")).toMatchObject({ location: "/product-category?utm_source=x" });
  });
  test("external targets are marked", () => {
    expect(match("/instagram")).toEqual({ location: "https://www.instagram.com/kayaliving", status: 307, external: true });
  });
  test("no rule, no redirect; similar paths do not match", () => {
    expect(match("/shopping")).toBeNull();
    expect(match("/product-category/sofas-and-more")).toBeNull();
  });
  test("the manifest is checked", () => {
    expect(() => validateRules([{ from: "shop", to: "/x" }])).toThrow(/from/);
    expect(() => validateRules([{ from: "/x", to: "javascript:alert(1)" }])).toThrow();
    expect(validateRules([{ from: "/a", to: "/b" }])).toEqual([{ from: "/a", to: "/b", permanent: true }]);
  });
});
