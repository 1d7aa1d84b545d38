import { canonicalPath, canonicalWhitelist } from "@/lib/seo/canonical";
import { readPublicEnv } from "@/lib/config/public";

const whitelist = (value: string | undefined) =>
  readPublicEnv({ NEXT_PUBLIC_CANONICAL_PARAMS: value }).env.NEXT_PUBLIC_CANONICAL_PARAMS;

describe("canonical links", () => {
  test("keep only whitelisted parameters, in a fixed order", () => {
    const sp = new URLSearchParams("utm_source=facebook&sort=price-asc&fbclid=abc&page=2&gclid=x&fabric=oat");
    expect(canonicalPath("/product-category/couches", sp, ["page", "sort"])).toBe(
      "/product-category/couches?page=2&sort=price-asc",
    );
  });
  test("drop everything for a plain page", () => {
    expect(canonicalPath("/product/eden-2-seater", { fabric: "oat", utm_campaign: "spring" }, ["page", "sort"])).toBe(
      "/product/eden-2-seater",
    );
  });
  test("page 1 and empty values are the page itself", () => {
    expect(canonicalPath("/blog", { page: "1" }, ["page"])).toBe("/blog");
    expect(canonicalPath("/blog", { page: "" }, ["page"])).toBe("/blog");
  });
  test("trailing slashes go, the home page stays /", () => {
    expect(canonicalPath("/blog/", {}, [])).toBe("/blog");
    expect(canonicalPath("/", { utm_source: "x" }, [])).toBe("/");
  });
  test("the whitelist comes from public configuration", () => {
    expect(whitelist("page, sort ,q")).toEqual(["page", "sort", "q"]);
    expect(whitelist("")).toEqual([]);
    expect(whitelist(undefined)).toEqual(["page", "sort"]);
    expect(canonicalWhitelist()).toEqual(["page", "sort"]);
  });
});
