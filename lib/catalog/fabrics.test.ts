import { FABRICS, restockNote } from "@/lib/catalog/fabrics";
import { seedProducts } from "@/lib/catalog/seed-data";

describe("when a sold-out fabric is back", () => {
  test("every fabric has a lead time of whole weeks", () => {
    for (const f of FABRICS)
      expect([f.name, Number.isInteger(f.restockWeeks) && f.restockWeeks > 0]).toEqual([f.name, true]);
  });

  test("a sold-out option names its lead time from its fabric", () => {
    expect(restockNote({ Fabric: "Oat", Size: "3 Seater" })).toBe("Back in about 3 weeks");
    expect(restockNote({ Fabric: "Olive" })).toBe("Back in about 5 weeks");
    expect(restockNote({ Size: "Queen" })).toBeNull();
    expect(restockNote({ Fabric: "Tartan" })).toBeNull();
  });

  test("every sold-out variation in the demo catalogue has a lead time to show", () => {
    const soldOut = seedProducts.flatMap((p) => (p.variations ?? []).filter((v) => v.stock === 0));
    expect(soldOut.length).toBeGreaterThan(0);
    for (const v of soldOut) expect(restockNote(v.attributes)).toMatch(/^Back in about \d+ weeks$/);
  });
});
