import { seedProducts } from "@/lib/catalog/seed-data";
import { featuresText, parseFeatures, parseSpecs, productDetailsErrors, specsText } from "@/lib/admin/product-form";

const valid = { name: "Eden", slug: "eden" };

describe("features and specifications as the details form shows them", () => {
  test.each(seedProducts.map((p) => [p.slug, p] as const))(
    "%s: its features and specifications come back exactly from their text",
    (_slug, p) => {
      expect(parseFeatures(featuresText(p.features))).toEqual({ ok: true, value: p.features });
      expect(parseSpecs(specsText(p.specs))).toEqual({ ok: true, value: p.specs });
    },
  );

  test("a value may hold colons (the fabrics' line does); a label never does, so the first colon splits", () => {
    const fabrics = seedProducts.flatMap((p) => p.specs).filter((s) => s.value.includes(":"));
    expect(fabrics.length).toBeGreaterThan(0);
    expect(seedProducts.flatMap((p) => p.specs).filter((s) => s.label.includes(":"))).toEqual([]);
    expect(parseSpecs("Fabrics: Oat, Stone: 100% linen; Olive: velvet")).toEqual({
      ok: true,
      value: [{ label: "Fabrics", value: "Oat, Stone: 100% linen; Olive: velvet" }],
    });
  });

  test("lines are trimmed and blank ones dropped, whatever ends them", () => {
    expect(parseFeatures("  Deep seats \r\n\r\n\tLoose cushions\r\rPine frame\n   \n")).toEqual({
      ok: true,
      value: ["Deep seats", "Loose cushions", "Pine frame"],
    });
    expect(parseSpecs("\n Frame :  Pine \n\nLegs:Oak")).toEqual({
      ok: true,
      value: [
        { label: "Frame", value: "Pine" },
        { label: "Legs", value: "Oak" },
      ],
    });
    expect(parseFeatures("\n \n")).toEqual({ ok: true, value: [] });
    expect(parseSpecs("")).toEqual({ ok: true, value: [] });
  });

  test.each([
    ["no colon", "Frame: Pine\nLegs: Oak\nSolid beech arms", "Line 3: write it as Label: value"],
    ["an empty label", "Frame: Pine\n\n: Oak", "Line 3: write it as Label: value"],
    ["an empty value", "Frame:   ", "Line 1: write it as Label: value"],
    ["a long label", `Frame: Pine\n${"L".repeat(61)}: Oak`, "Line 2: keep the label to 60 characters"],
    ["a long value", `Frame: ${"p".repeat(401)}`, "Line 1: keep the value to 400 characters"],
    [
      "too many lines",
      Array.from({ length: 31 }, (_, i) => `Label ${i}: value`).join("\n"),
      "Keep to 30 specifications: there are 31",
    ],
  ])("specifications with %s are refused with what is wrong", (_label, text, message) => {
    expect(parseSpecs(text)).toEqual({ ok: false, message });
    expect(productDetailsErrors({ ...valid, specs: text }).specs).toBe(message);
  });

  test.each([
    ["a long line", `Deep seats\n\n${"x".repeat(201)}`, "Line 3: keep a feature to 200 characters"],
    [
      "too many lines",
      Array.from({ length: 21 }, (_, i) => `Feature ${i}`).join("\n\n"),
      "Keep to 20 features: there are 21",
    ],
  ])("features with %s are refused with what is wrong", (_label, text, message) => {
    expect(parseFeatures(text)).toEqual({ ok: false, message });
    expect(productDetailsErrors({ ...valid, features: text }).features).toBe(message);
  });

  test("twenty features of 200 characters, and care notes of 2000, are fine; one more is not", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(200, "x")).join("\n");
    expect(productDetailsErrors({ ...valid, features: twenty, care: "c".repeat(2000) })).toEqual({});
    expect(productDetailsErrors({ ...valid, care: "c".repeat(2001) }).care).toBe(
      "Keep the care notes to 2000 characters",
    );
  });

  test("a category sent empty is refused as not chosen", () => {
    expect(productDetailsErrors({ ...valid, category: " " }).category).toBe("Choose a category");
    expect(productDetailsErrors({ ...valid, category: "couches" })).toEqual({});
  });
});
