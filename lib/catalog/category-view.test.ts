import {
  canonicalViewSlug,
  categoryViewParams,
  categoryViewRewrite,
  DEFAULT_VIEW,
  isBelowCategory,
} from "@/lib/catalog/category-view";
import { canonicalCatalogQuery, searchParamsRecord } from "@/lib/catalog/search-params";

const rewrite = (path: string, query = "") => categoryViewRewrite(path, new URLSearchParams(query));
const canonical = (query: string) => canonicalCatalogQuery(searchParamsRecord(new URLSearchParams(query)));

describe("a category address and its cached view", () => {
  it("sends a category without a sort, page or filter to its default view", () => {
    expect(rewrite("/product-category/couches")).toBe(`/product-category/couches/${DEFAULT_VIEW}`);
    expect(rewrite("/product-category/couches/")).toBe(`/product-category/couches/${DEFAULT_VIEW}`);
    expect(rewrite("/product-category/ottomans", "utm_source=mail&gclid=1&fbclid=x&_rsc=abc")).toBe(
      `/product-category/ottomans/${DEFAULT_VIEW}`,
    );
  });

  it("puts the canonical query in the last segment, whatever order and spelling the link had", () => {
    const views = [
      "sort=price-asc&fabric=charcoal&fabric=oat&min=5000&max=15000&page=2",
      "page=02&max=15000.0&min=5000&fabric=oat,charcoal&sort=price-asc&utm_campaign=spring",
      "fabric=oat&fabric=charcoal&fabric=oat&min=15000&max=5000&sort=price-asc&sort=newest&page=2",
    ].map((q) => rewrite("/product-category/couches", q));
    expect(new Set(views)).toEqual(
      new Set(["/product-category/couches/fabric.oat.charcoal~max.15000~min.5000~page.2~sort.price-asc"]),
    );
  });

  it("leaves defaults and nonsense out, so they are the default view's page", () => {
    for (const query of [
      "sort=featured",
      "page=1",
      "sort=cheapest&page=0&min=-4&max=lots&fabric=tartan",
      "instock=1&colour=grey",
      `sort=${"x".repeat(50_000)}`,
      `fabric=${encodeURIComponent("ōat,😀,<script>")}&page=${"9".repeat(400)}`,
      "__proto__=1&constructor=x&toString=y",
      "min=&max=%20",
    ]) {
      expect(rewrite("/product-category/couches", query)).toBe(`/product-category/couches/${DEFAULT_VIEW}`);
    }
  });

  it("reads only the first of a repeated single-valued key", () => {
    expect(canonical("sort=newest&sort=price-desc&page=3&page=5")).toBe("page=3&sort=newest");
  });

  it("keeps the number of views bounded by what the catalogue can show", () => {
    expect(canonical("page=10001")).toBe("");
    expect(canonical("min=10000001")).toBe("");
    expect(canonical("fabric=" + "oat,".repeat(10_000))).toBe("fabric=oat");
    // Every view segment stays short enough for one path segment and one cache file name.
    const everything = `fabric=${"oat,sand,charcoal,ink,ivory-boucle,".repeat(20)}&min=9999999&max=10000000&page=10000&sort=price-desc`;
    expect(canonical(everything).length).toBeLessThan(255);
  });

  it("leaves every other address alone", () => {
    expect(rewrite("/product-category", "sort=newest")).toBeNull();
    expect(rewrite("/product/eden-2-seater", "fabric=oat")).toBeNull();
    expect(rewrite("/product-category/couches/default")).toBeNull();
    expect(rewrite("/blog", "page=2")).toBeNull();
  });

  it("knows the internal addresses, which no shopper should reach", () => {
    expect(isBelowCategory(`/product-category/couches/${DEFAULT_VIEW}`)).toBe(true);
    expect(isBelowCategory("/product-category/couches/sort.newest")).toBe(true);
    expect(isBelowCategory("/product-category/couches/a/b")).toBe(true);
    expect(isBelowCategory("/product-category/couches")).toBe(false);
    expect(isBelowCategory("/product-category/couches/")).toBe(false);
    expect(isBelowCategory("/product-category")).toBe(false);
  });

  it("names the category of a canonical view's address, and of no other", () => {
    expect(canonicalViewSlug(`/product-category/couches/${DEFAULT_VIEW}`)).toBe("couches");
    expect(canonicalViewSlug("/product-category/couches/fabric.oat.charcoal~sort.newest")).toBe("couches");
    for (const path of [
      "/product-category/couches/sort.featured",
      "/product-category/couches/sort%2Enewest",
      "/product-category/couches/sort=newest",
      "/product-category/couches/fabric.charcoal.oat",
      "/product-category/couches/sort.newest~sort.newest",
      "/product-category/couches/sort.newest~",
      "/product-category/couches/sort.newest/",
      "/product-category/couches/default/x",
      "/product-category/couches",
      "/product/eden-2-seater",
    ]) {
      expect(canonicalViewSlug(path)).toBeNull();
    }
  });

  it("turns a view segment back into its parameters, and refuses one that is not canonical", () => {
    expect({ ...categoryViewParams(DEFAULT_VIEW) }).toEqual({});
    expect({ ...categoryViewParams("fabric.oat.charcoal~page.2~sort.newest") }).toEqual({
      fabric: "oat,charcoal",
      page: "2",
      sort: "newest",
    });
    for (const view of [
      "",
      "~",
      ".",
      ".newest",
      "sort.featured",
      "sort.newest~fabric.oat",
      "sort.newest~utm_source.x",
      "sort=newest",
      "page.1",
      "page.02",
      "__proto__.x",
      "all",
    ]) {
      expect(categoryViewParams(view)).toBeNull();
    }
  });
});
