import {
  canonicalViewSlug,
  categoryRoute,
  categoryViewParams,
  DEFAULT_VIEW,
  isBelowCategory,
  LIVE_VIEW,
  type LastPage,
} from "@/lib/catalog/category-view";
import { seedFabrics as FABRICS } from "@/lib/catalog/seed-fabrics";
import { canonicalCatalogQuery, searchParamsRecord } from "@/lib/catalog/search-params";
import { SORT_OPTIONS } from "@/lib/catalog/types";

/** Three pages in all, one with a fabric chosen. */
const threePages: LastPage = async (_category, fabric) => (fabric === undefined ? 3 : 1);

const route = (path: string, query = "", lastPage: LastPage = threePages) =>
  categoryRoute(path, new URLSearchParams(query), lastPage, FABRICS);
const rewrite = async (path: string, query = "", lastPage: LastPage = threePages) => {
  const to = await route(path, query, lastPage);
  return to && "rewrite" in to ? to.rewrite : to;
};
const canonical = (query: string) => canonicalCatalogQuery(searchParamsRecord(new URLSearchParams(query)), FABRICS);

describe("a category address and its cached view", () => {
  it("sends a category without a sort, page or filter to its default view", async () => {
    expect(await rewrite("/product-category/couches")).toBe(`/product-category/couches/${DEFAULT_VIEW}`);
    expect(await rewrite("/product-category/couches/")).toBe(`/product-category/couches/${DEFAULT_VIEW}`);
    expect(await rewrite("/product-category/ottomans", "utm_source=mail&gclid=1&fbclid=x&_rsc=abc")).toBe(
      `/product-category/ottomans/${DEFAULT_VIEW}`,
    );
  });

  it("puts the canonical query in the last segment, whatever order and spelling the link had", async () => {
    const views = await Promise.all(
      [
        "sort=price-asc&fabric=charcoal&page=2",
        "page=02&fabric=charcoal&sort=price-asc&utm_campaign=spring",
        "fabric=charcoal&fabric=charcoal&sort=price-asc&sort=newest&page=2",
      ].map((q) => rewrite("/product-category/couches", q, async () => 2)),
    );
    expect(new Set(views)).toEqual(new Set(["/product-category/couches/sort.price-asc~fabric.charcoal~page.2"]));
  });

  it("leaves defaults and nonsense out, so they are the default view's page", async () => {
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
      expect(await rewrite("/product-category/couches", query)).toBe(`/product-category/couches/${DEFAULT_VIEW}`);
    }
  });

  it("reads only the first of a repeated single-valued key", () => {
    expect(canonical("sort=newest&sort=price-desc&page=3&page=5")).toBe("sort=newest&page=3");
  });

  it("sends a page past the last to the last page's address, its other choices kept", async () => {
    const lastPage = jest.fn(threePages);
    expect(await route("/product-category/couches", "page=4&sort=newest&utm_source=x", lastPage)).toEqual({
      redirect: "/product-category/couches?sort=newest&page=3",
    });
    expect(await route("/product-category/couches", "page=9999&fabric=oat", lastPage)).toEqual({
      redirect: "/product-category/couches?fabric=oat",
    });
    expect(lastPage).toHaveBeenCalledWith("couches", "Oat", 9999);
    expect(await rewrite("/product-category/couches", "page=3")).toBe("/product-category/couches/page.3");
    // The first page always exists: the catalogue is not asked.
    lastPage.mockClear();
    await route("/product-category/couches", "sort=newest", lastPage);
    expect(lastPage).not.toHaveBeenCalled();
  });

  it("renders a price range or several fabrics on each request, under one canonical query", async () => {
    const live = `/product-category/couches/${LIVE_VIEW}?sort=price-asc&min=5000&max=15000&fabric=oat&fabric=charcoal`;
    for (const query of [
      "sort=price-asc&fabric=charcoal&fabric=oat&min=5000&max=15000",
      "max=15000.0&min=5000&fabric=oat,charcoal&sort=price-asc&utm_campaign=spring",
      "fabric=oat&fabric=charcoal&min=15000&max=5000&sort=price-asc",
    ])
      expect(await rewrite("/product-category/couches", query)).toBe(live);
    expect(await rewrite("/product-category/couches", "min=1234")).toBe(
      `/product-category/couches/${LIVE_VIEW}?min=1234`,
    );
    expect(await rewrite("/product-category/couches", "fabric=oat,sand&page=7")).toBe(
      `/product-category/couches/${LIVE_VIEW}?fabric=oat&fabric=sand&page=7`,
    );
  });

  it("keeps at most 4 sorts x (1 + the fabrics) x the pages of views of a category, whatever is asked", async () => {
    const kept = new Set<string>();
    const queries = [];
    for (let i = 0; i < 3000; i++) {
      const fabric = FABRICS[i % FABRICS.length]!.slug;
      queries.push(
        `page=${i}`,
        `min=${i}&max=${i * 7}`,
        `sort=${SORT_OPTIONS[i % 4]!.value}&fabric=${fabric}&page=${i % 5}`,
        `fabric=${fabric}&fabric=${FABRICS[(i + 1) % FABRICS.length]!.slug}`,
        `utm_x${i}=1&sort=newest`,
      );
    }
    for (const query of queries) {
      const to = await route("/product-category/couches", query);
      if (to && "rewrite" in to && !to.rewrite.includes(`/${LIVE_VIEW}?`)) kept.add(to.rewrite);
    }
    expect(kept.size).toBeLessThanOrEqual(4 * 3 + 4 * FABRICS.length * 1);
  });

  it("keeps every view segment short enough for one path segment and one cache file name", () => {
    expect(canonical("page=10001")).toBe("");
    expect(canonical("min=10000001")).toBe("");
    expect(canonical("fabric=" + "oat,".repeat(10_000))).toBe("fabric=oat");
    const everything = `fabric=${"oat,sand,charcoal,ink,ivory-boucle,".repeat(20)}&min=9999999&max=10000000&page=10000&sort=price-desc`;
    expect(canonical(everything).length).toBeLessThan(255);
  });

  it("leaves every other address alone", async () => {
    expect(await route("/product-category", "sort=newest")).toBeNull();
    expect(await route("/product/eden-2-seater", "fabric=oat")).toBeNull();
    expect(await route("/product-category/couches/default")).toBeNull();
    expect(await route("/blog", "page=2")).toBeNull();
  });

  it("knows the internal addresses, which no shopper should reach", () => {
    expect(isBelowCategory(`/product-category/couches/${DEFAULT_VIEW}`)).toBe(true);
    expect(isBelowCategory("/product-category/couches/sort.newest")).toBe(true);
    expect(isBelowCategory(`/product-category/couches/${LIVE_VIEW}`)).toBe(true);
    expect(isBelowCategory("/product-category/couches/a/b")).toBe(true);
    expect(isBelowCategory("/product-category/couches")).toBe(false);
    expect(isBelowCategory("/product-category/couches/")).toBe(false);
    expect(isBelowCategory("/product-category")).toBe(false);
  });

  it("names the category of a canonical view's address, and of no other", () => {
    expect(canonicalViewSlug(`/product-category/couches/${DEFAULT_VIEW}`, "", FABRICS)).toBe("couches");
    expect(canonicalViewSlug("/product-category/couches/sort.newest~fabric.charcoal", "?utm_source=x", FABRICS)).toBe(
      "couches",
    );
    expect(canonicalViewSlug(`/product-category/couches/${LIVE_VIEW}`, "?min=5000&max=15000", FABRICS)).toBe("couches");
    expect(canonicalViewSlug(`/product-category/couches/${LIVE_VIEW}`, "?fabric=oat&fabric=sand", FABRICS)).toBe(
      "couches",
    );
    for (const [path, search] of [
      ["/product-category/couches/sort.featured", ""],
      ["/product-category/couches/sort%2Enewest", ""],
      ["/product-category/couches/sort=newest", ""],
      ["/product-category/couches/fabric.charcoal.oat", ""],
      ["/product-category/couches/fabric.charcoal~sort.newest", ""],
      ["/product-category/couches/sort.newest~sort.newest", ""],
      ["/product-category/couches/sort.newest~", ""],
      ["/product-category/couches/sort.newest/", ""],
      ["/product-category/couches/default/x", ""],
      ["/product-category/couches", ""],
      ["/product/eden-2-seater", ""],
      // The live route only with the canonical query of a view the cache does not keep.
      [`/product-category/couches/${LIVE_VIEW}`, ""],
      [`/product-category/couches/${LIVE_VIEW}`, "?sort=newest"],
      [`/product-category/couches/${LIVE_VIEW}`, "?fabric=oat"],
      [`/product-category/couches/${LIVE_VIEW}`, "?max=15000&min=5000"],
      [`/product-category/couches/${LIVE_VIEW}`, "?min=05000"],
      [`/product-category/couches/${LIVE_VIEW}`, "?min=5000&utm_source=x"],
      [`/product-category/couches/${LIVE_VIEW}`, "?fabric=oat%2Csand"],
      [`/product-category/couches/${LIVE_VIEW}`, "?fabric=oat,sand"],
      [`/product-category/couches/${LIVE_VIEW}`, "?fabric=sand&fabric=oat"],
    ] as const) {
      expect({ path, search, slug: canonicalViewSlug(path, search, FABRICS) }).toEqual({ path, search, slug: null });
    }
  });

  it("turns a view segment back into its parameters, and refuses one that is not canonical", () => {
    expect({ ...categoryViewParams(DEFAULT_VIEW, FABRICS) }).toEqual({});
    expect({ ...categoryViewParams("sort.newest~fabric.oat~page.2", FABRICS) }).toEqual({
      sort: "newest",
      fabric: "oat",
      page: "2",
    });
    for (const view of [
      "",
      "~",
      ".",
      ".newest",
      "sort.featured",
      "fabric.oat~sort.newest",
      "fabric.oat.charcoal~page.2~sort.newest",
      "fabric.oat~fabric.charcoal",
      "sort.newest~utm_source.x",
      "sort=newest",
      "page.1",
      "page.02",
      "__proto__.x",
      "all",
      LIVE_VIEW,
    ]) {
      expect(categoryViewParams(view, FABRICS)).toBeNull();
    }
  });
});
