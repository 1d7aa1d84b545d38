import { createRedirectMatcher, redirectChains, validateRules } from "@/lib/routing/redirects";

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
    expect(match("/products/eden-2-seater")).toEqual({
      location: "/product/eden-2-seater",
      status: 308,
      external: false,
    });
    expect(match("/blog/2024/caring-for-linen")).toEqual({
      location: "/blog/caring-for-linen",
      status: 307,
      external: false,
    });
  });
  test("a param is one segment only", () => {
    expect(match("/products/a/b")).toBeNull();
  });
  test("the query string travels along; a parameter the target sets wins", () => {
    expect(match("/shop", "?utm_source=x")).toMatchObject({ location: "/product-category?utm_source=x" });
    const withOwn = createRedirectMatcher([
      { from: "/sale", to: "/product-category/couches?sort=price-asc#grid", permanent: false },
    ]);
    expect(withOwn("/sale", "?sort=newest&utm_source=ig")).toMatchObject({
      location: "/product-category/couches?sort=price-asc&utm_source=ig#grid",
    });
    expect(withOwn("/sale", "")).toMatchObject({ location: "/product-category/couches?sort=price-asc#grid" });
  });
  test("exact rules beat patterns; a longer parameter name is not confused with a shorter one", () => {
    const m = createRedirectMatcher([
      { from: "/p/:s/:slug", to: "/product/:slug?from=:s", permanent: true },
      { from: "/p/old/new", to: "/product-category", permanent: true },
    ]);
    expect(m("/p/old/new")).toMatchObject({ location: "/product-category" });
    expect(m("/p/x/eden")).toMatchObject({ location: "/product/eden?from=x" });
  });
  test("an external target keeps its port and scheme", () => {
    const m = createRedirectMatcher([{ from: "/go/:id", to: "https://partner.example:8443/r/:id", permanent: false }]);
    expect(m("/go/42")).toEqual({ location: "https://partner.example:8443/r/42", status: 307, external: true });
  });
  test("external targets are marked", () => {
    expect(match("/instagram")).toEqual({
      location: "https://www.instagram.com/kayaliving",
      status: 307,
      external: true,
    });
  });
  test("no rule, no redirect; similar paths do not match", () => {
    expect(match("/shopping")).toBeNull();
    expect(match("/product-category/sofas-and-more")).toBeNull();
  });
  test("the manifest is checked", () => {
    expect(() => validateRules([{ from: "shop", to: "/x" }])).toThrow(/from/);
    expect(() => validateRules([{ from: "/x", to: "javascript:alert(1)" }])).toThrow(/dangerous/);
    expect(() => validateRules([{ from: "/x", to: " data:text/html,hi" }])).toThrow(/dangerous/);
    expect(validateRules([{ from: "/a", to: "/b" }])).toEqual([{ from: "/a", to: "/b", permanent: true }]);
    expect(validateRules([{ from: "/a", to: "/b", permanent: false, note: "why" }])).toEqual([
      { from: "/a", to: "/b", permanent: false },
    ]);
    const bad: Array<[unknown, RegExp]> = [
      [{ from: "/a" }, /redirect 0: to/],
      [{ from: "/a", to: "/b", permanent: "yes" }, /permanent/],
      [{ from: "/a", to: "/b", typo: 1 }, /redirect 0/],
      [{ from: "//evil.example", to: "/b" }, /from/],
      [{ from: "/a?b=1", to: "/b" }, /no query/],
      [{ from: "/a/:", to: "/b" }, /malformed parameter/],
      [{ from: "/a/:x/:x", to: "/b" }, /twice/],
      [{ from: "/a/:x", to: "/b/:y" }, /:y/],
      [{ from: "/a", to: "b" }, /"to"/],
      [{ from: "/a", to: "//evil.example" }, /"to"/],
      [{ from: "/a", to: "ftp://files.example" }, /"to"/],
      [{ from: "/a", to: "https://" }, /valid URL/],
    ];
    for (const [rule, message] of bad) expect(() => validateRules([rule])).toThrow(message);
    expect(() => validateRules({ from: "/a", to: "/b" })).toThrow(/array/);
    expect(() =>
      validateRules([
        { from: "/a", to: "/b" },
        { from: "/a/", to: "/c" },
      ]),
    ).toThrow(/already/);
    expect(() =>
      validateRules([
        { from: "/p/:a", to: "/b" },
        { from: "/p/:b", to: "/c" },
      ]),
    ).toThrow(/already/);
  });
  test("chains and loops are found", () => {
    expect(
      redirectChains([
        { from: "/a", to: "/b", permanent: true },
        { from: "/b", to: "/c", permanent: true },
      ]),
    ).toEqual(["/a -> /b -> /c"]);
    expect(redirectChains([{ from: "/a", to: "/a/", permanent: true }])).toEqual(["/a -> /a/ -> /a/ (a loop)"]);
    expect(
      redirectChains([
        { from: "/old/:s", to: "/new/:s", permanent: true },
        { from: "/new/:s", to: "/newer/:s", permanent: true },
      ]),
    ).toHaveLength(1);
    expect(
      redirectChains([
        { from: "/a", to: "/b", permanent: true },
        { from: "/x", to: "https://example.com/a", permanent: true },
      ]),
    ).toEqual([]);
  });
});
