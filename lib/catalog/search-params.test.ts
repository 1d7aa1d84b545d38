import { catalogHref, parseCatalogParams } from "@/lib/catalog/search-params";

describe("catalogue URL state", () => {
  test("reads sort, price range in rand, fabrics and page", () => {
    expect(
      parseCatalogParams({ sort: "price-asc", min: "5000", max: "15000", fabric: ["oat", "charcoal"], page: "2" }),
    ).toEqual({
      sort: "price-asc",
      minCents: 500000,
      maxCents: 1500000,
      fabrics: ["Oat", "Charcoal"],
      page: 2,
      perPage: 12,
    });
  });

  test("ignores nonsense instead of failing", () => {
    expect(parseCatalogParams({ sort: "cheapest", min: "-4", max: "lots", fabric: "tartan", page: "0" })).toEqual({
      sort: "featured",
      minCents: undefined,
      maxCents: undefined,
      fabrics: [],
      page: 1,
      perPage: 12,
    });
  });

  test("empty or blank price boxes mean no limit, not R 0", () => {
    for (const blank of ["", " ", "  "]) {
      const s = parseCatalogParams({ min: blank, max: blank, sort: "newest" });
      expect([s.minCents, s.maxCents, s.sort]).toEqual([undefined, undefined, "newest"]);
    }
    expect(parseCatalogParams({ min: "", max: "9000" }).maxCents).toBe(900000);
  });

  test("a reversed range is put the right way round", () => {
    const s = parseCatalogParams({ min: "9000", max: "3000" });
    expect([s.minCents, s.maxCents]).toEqual([300000, 900000]);
  });

  test("comma-separated fabrics work too, once each", () => {
    expect(parseCatalogParams({ fabric: "oat,oat,ink" }).fabrics).toEqual(["Oat", "Ink"]);
  });

  test("the URL leaves defaults out and round-trips", () => {
    const base = "/product-category/couches";
    expect(catalogHref(base, { sort: "featured", fabrics: [], page: 1 })).toBe(base);
    const href = catalogHref(base, { sort: "newest", minCents: 500000, fabrics: ["Ivory Bouclé"], page: 3 });
    expect(href).toBe(`${base}?sort=newest&min=5000&fabric=ivory-boucle&page=3`);
    const sp = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(parseCatalogParams(sp)).toMatchObject({
      sort: "newest",
      minCents: 500000,
      fabrics: ["Ivory Bouclé"],
      page: 3,
    });
  });
});
