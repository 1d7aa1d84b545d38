import { categoryQueryRewrite, isFilteredRoute } from "@/lib/catalog/cache";

const rewrite = (path: string, query = "") => categoryQueryRewrite(path, new URLSearchParams(query));

describe("which category addresses leave the cached page", () => {
  it("keeps a category without a query, or with only campaign ids, on the cached page", () => {
    expect(rewrite("/product-category/couches")).toBeNull();
    expect(rewrite("/product-category/couches/")).toBeNull();
    expect(
      rewrite("/product-category/sleeper-couches", "utm_source=mail&utm_campaign=spring&gclid=1&fbclid=x"),
    ).toBeNull();
  });

  it("sends a sort, a page, a filter or any other parameter to the per-request route", () => {
    for (const query of [
      "sort=newest",
      "page=2",
      "fabric=oat",
      "min=1000&max=9000",
      "utm_source=x&sort=price-asc",
      "instock=1",
    ]) {
      expect(rewrite("/product-category/couches", query)).toBe("/product-category/couches/filtered");
    }
    expect(rewrite("/product-category/ottomans", "sort=newest")).toBe("/product-category/ottomans/filtered");
  });

  it("leaves every other address alone", () => {
    expect(rewrite("/product-category", "sort=newest")).toBeNull();
    expect(rewrite("/product/eden-2-seater", "fabric=oat")).toBeNull();
    expect(rewrite("/blog", "page=2")).toBeNull();
  });

  it("knows the per-request route's own address, which is not for visitors", () => {
    expect(isFilteredRoute("/product-category/couches/filtered")).toBe(true);
    expect(isFilteredRoute("/product-category/couches/filtered/")).toBe(true);
    expect(isFilteredRoute("/product-category/couches")).toBe(false);
    expect(isFilteredRoute("/product-category/filtered")).toBe(false);
  });
});
