import {
  canonicalCatalogQuery,
  catalogFormHref,
  catalogHref,
  catalogQuery,
  DEFAULT_CATALOG_STATE,
  parseCatalogParams,
  searchParamsRecord,
  type CatalogState,
} from "@/lib/catalog/search-params";
import { seedFabrics as FABRICS } from "@/lib/catalog/seed-fabrics";

describe("catalogue URL state", () => {
  test("reads sort, price range in rand, fabrics and page", () => {
    expect(
      parseCatalogParams(
        { sort: "price-asc", min: "5000", max: "15000", fabric: ["oat", "charcoal"], page: "2" },
        FABRICS,
      ),
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
    expect(
      parseCatalogParams({ sort: "cheapest", min: "-4", max: "lots", fabric: "tartan", page: "0" }, FABRICS),
    ).toEqual({
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
      const s = parseCatalogParams({ min: blank, max: blank, sort: "newest" }, FABRICS);
      expect([s.minCents, s.maxCents, s.sort]).toEqual([undefined, undefined, "newest"]);
    }
    expect(parseCatalogParams({ min: "", max: "9000" }, FABRICS).maxCents).toBe(900000);
  });

  test("a reversed range is put the right way round", () => {
    const s = parseCatalogParams({ min: "9000", max: "3000" }, FABRICS);
    expect([s.minCents, s.maxCents]).toEqual([300000, 900000]);
  });

  test("comma-separated fabrics work too, once each", () => {
    expect(parseCatalogParams({ fabric: "oat,oat,ink" }, FABRICS).fabrics).toEqual(["Oat", "Ink"]);
  });

  test("the URL leaves defaults out and round-trips", () => {
    const base = "/product-category/couches";
    expect(catalogHref(base, { sort: "featured", fabrics: [], page: 1 }, FABRICS)).toBe(base);
    const href = catalogHref(base, { sort: "newest", minCents: 500000, fabrics: ["Ivory Bouclé"], page: 3 }, FABRICS);
    expect(href).toBe(`${base}?sort=newest&min=5000&fabric=ivory-boucle&page=3`);
    const sp = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(parseCatalogParams(sp, FABRICS)).toMatchObject({
      sort: "newest",
      minCents: 500000,
      fabrics: ["Ivory Bouclé"],
      page: 3,
    });
  });
});

describe("one query string for a catalogue state", () => {
  const base = "/product-category/couches";
  // Each state as a link's, the proxy's and the filter form's input: the same choices, spelt each way.
  const cases: Array<{ state: CatalogState; link: string; form: string; expected: string }> = [
    { state: DEFAULT_CATALOG_STATE, link: "utm_source=x&page=1", form: "sort=featured&min=&max=", expected: "" },
    {
      state: { ...DEFAULT_CATALOG_STATE, sort: "price-asc" },
      link: "sort=price-asc",
      form: "sort=price-asc&min=&max=",
      expected: "sort=price-asc",
    },
    {
      state: { sort: "newest", minCents: 500000, maxCents: 1500000, fabrics: ["Oat", "Charcoal"], page: 1 },
      link: "fabric=charcoal,oat&max=15000&min=5000&sort=newest",
      form: "sort=newest&min= 5000 &max=15000&fabric=charcoal&fabric=oat",
      expected: "sort=newest&min=5000&max=15000&fabric=oat&fabric=charcoal",
    },
    {
      state: { sort: "featured", fabrics: ["Ivory Bouclé"], page: 3 },
      link: "page=03&fabric=ivory-boucle&fabric=tartan",
      form: "sort=featured&min=lots&max=&fabric=ivory-boucle&page=3",
      expected: "fabric=ivory-boucle&page=3",
    },
  ];

  test.each(cases)(
    "$expected: the link, the proxy's cached view and the form agree",
    ({ state, link, form, expected }) => {
      const href = expected ? `${base}?${expected}` : base;
      expect(catalogQuery(state, FABRICS)).toBe(expected);
      expect(catalogHref(base, state, FABRICS)).toBe(href);
      expect(canonicalCatalogQuery(searchParamsRecord(new URLSearchParams(link)), FABRICS)).toBe(expected);
      expect(catalogFormHref(base, new URLSearchParams(form), FABRICS)).toBe(href);
    },
  );

  test("a search keeps its words first, and the form leaves a blank one out", () => {
    const state: CatalogState = { sort: "price-desc", fabrics: ["Sand"], page: 2 };
    expect(catalogHref("/search", state, FABRICS, { q: "oat couch" })).toBe(
      "/search?q=oat+couch&sort=price-desc&fabric=sand&page=2",
    );
    expect(
      catalogFormHref("/search", new URLSearchParams("q=oat+couch&sort=price-desc&fabric=sand"), FABRICS, {
        q: " oat couch ",
      }),
    ).toBe("/search?q=oat+couch&sort=price-desc&fabric=sand");
    expect(catalogFormHref("/search", new URLSearchParams("sort=newest"), FABRICS, { q: " " })).toBe(
      "/search?sort=newest",
    );
  });
});

describe("the fabric range the addresses choose from", () => {
  const range = [
    { name: "Sand", slug: "sand" },
    { name: "Fynbos", slug: "fynbos" },
  ];

  test("a fabric the range has is chosen by its slug, in the range's order; another is ignored", () => {
    expect(parseCatalogParams({ fabric: ["fynbos", "oat", "sand"] }, range).fabrics).toEqual(["Sand", "Fynbos"]);
    expect(catalogQuery({ ...DEFAULT_CATALOG_STATE, fabrics: ["Fynbos", "Sand"] }, range)).toBe(
      "fabric=sand&fabric=fynbos",
    );
    expect(canonicalCatalogQuery({ fabric: "oat" }, range)).toBe("");
  });
});
