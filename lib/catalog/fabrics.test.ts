import { fabricByName, fabricBySlug, restockNote, toSwatch } from "@/lib/catalog/fabrics";
import { seedFabrics } from "@/lib/catalog/seed-fabrics";
import { seedProducts } from "@/lib/catalog/seed-data";

const RANGE = [
  { name: "Oat", slug: "oat", hex: "#d9ccb4", shade: "#b3a488", restockWeeks: 3 },
  { name: "Ivory Bouclé", slug: "ivory-boucle", hex: "#ece6da", shade: "#cbc2b2", restockWeeks: 6 },
];

describe("finding a fabric in a range", () => {
  test("by name whatever its case, and by slug", () => {
    expect(fabricByName(RANGE, "ivory bouclé")?.slug).toBe("ivory-boucle");
    expect(fabricByName(RANGE, "OAT")?.name).toBe("Oat");
    expect(fabricByName(RANGE, "Tartan")).toBeUndefined();
    expect(fabricBySlug(RANGE, "oat")?.name).toBe("Oat");
    expect(fabricBySlug(RANGE, "Oat")).toBeUndefined();
    expect(fabricByName([], "Oat")).toBeUndefined();
  });

  test("what the browser is handed of a fabric leaves out its note and family", () => {
    expect(toSwatch(seedFabrics[0]!)).toEqual({
      name: "Oat",
      slug: "oat",
      hex: "#d9ccb4",
      shade: "#b3a488",
      restockWeeks: 3,
    });
  });
});

describe("when a sold-out fabric is back", () => {
  test("every demo fabric has a lead time of whole weeks", () => {
    for (const f of seedFabrics)
      expect([f.name, Number.isInteger(f.restockWeeks) && f.restockWeeks > 0]).toEqual([f.name, true]);
  });

  test("a sold-out option names its lead time from its fabric in the range given", () => {
    expect(restockNote(seedFabrics, { Fabric: "Oat", Size: "3 Seater" })).toBe("Back in about 3 weeks");
    expect(restockNote(seedFabrics, { Fabric: "Olive" })).toBe("Back in about 5 weeks");
    expect(restockNote(seedFabrics, { Size: "Queen" })).toBeNull();
    expect(restockNote(seedFabrics, { Fabric: "Tartan" })).toBeNull();
    expect(restockNote([{ name: "Oat", restockWeeks: 9 }], { Fabric: "Oat" })).toBe("Back in about 9 weeks");
    expect(restockNote([], { Fabric: "Oat" })).toBeNull();
  });

  test("every sold-out variation in the demo catalogue has a lead time to show", () => {
    const soldOut = seedProducts.flatMap((p) => (p.variations ?? []).filter((v) => v.stock === 0));
    expect(soldOut.length).toBeGreaterThan(0);
    for (const v of soldOut) expect(restockNote(seedFabrics, v.attributes)).toMatch(/^Back in about \d+ weeks$/);
  });
});
