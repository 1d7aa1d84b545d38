import { chosenDimensions, dimensionSets, overallSize, sizeName } from "@/lib/catalog/dimensions";
import { seedProducts, sizeDimensions } from "@/lib/catalog/seed-data";

/** A seeded product as the catalogue reads it: each variation with its size's measurements. */
function measured(slug: string) {
  const p = seedProducts.find((s) => s.slug === slug)!;
  return {
    dimensions: p.dimensions,
    variations: (p.variations ?? []).map((v) => ({
      attributes: v.attributes,
      dimensions: sizeDimensions(p, v.attributes.Size),
    })),
  };
}

describe("a product's sets of measurements", () => {
  test("the Fynbos Sleeper has one per size, picked by the size whatever the fabric, the 2 Seater first", () => {
    const sets = dimensionSets(measured("fynbos-sleeper"));
    expect(sets.map((s) => s.match)).toEqual([{ Size: "2 Seater" }, { Size: "3 Seater" }]);
    expect(sets.map((s) => [sizeName(s), overallSize(s.dimensions), s.dimensions.sleepingArea])).toEqual([
      ["2 Seater", "W 172 x D 94 x H 86 cm", "120 x 188 cm"],
      ["3 Seater", "W 208 x D 94 x H 86 cm", "137 x 188 cm"],
    ]);
  });

  test("the chosen size's, the first size's before a size is chosen", () => {
    const sets = dimensionSets(measured("kloof-couch"));
    const width = (selection: Record<string, string>) => chosenDimensions(sets, selection).dimensions.width;
    expect(width({})).toBe(176);
    expect(width({ Fabric: "Charcoal" })).toBe(176);
    expect(width({ Size: "3 Seater" })).toBe(216);
    expect(width({ Fabric: "Oat", Size: "4 Seater" })).toBe(256);
    // An option the product does not have leaves the first size's.
    expect(width({ Size: "9 Seater" })).toBe(176);
  });

  test("a product in one size, or none to choose, has one set that names no size", () => {
    for (const slug of ["magalies-3-seater", "protea-sleeper", "knysna-corner-couch"]) {
      const sets = dimensionSets(measured(slug));
      expect(sets).toHaveLength(1);
      expect(sizeName(sets[0]!)).toBeNull();
      expect(sets[0]!.dimensions).toEqual(seedProducts.find((p) => p.slug === slug)!.dimensions);
    }
  });

  test("measurements stored with their keys in another order are the same set", () => {
    const sets = dimensionSets({
      dimensions: { width: 100, depth: 60, height: 40 },
      variations: [
        { attributes: { Fabric: "Oat" }, dimensions: { width: 100, depth: 60, height: 40 } },
        { attributes: { Fabric: "Ink" }, dimensions: { height: 40, depth: 60, width: 100 } },
      ],
    });
    expect(sets).toEqual([{ match: {}, dimensions: { width: 100, depth: 60, height: 40 } }]);
  });
});
