import {
  attributesKey,
  missingOptionsMessage,
  normaliseSelection,
  resolveVariation,
  selectionToQuery,
} from "@/lib/catalog/variations";

const attributes = [
  { name: "Fabric", options: ["Oat", "Charcoal", "Ivory Bouclé"] },
  { name: "Size", options: ["2 Seater", "3 Seater"] },
];
const variations = [
  { id: 11, attributes: { Fabric: "Oat", Size: "2 Seater" } },
  { id: 12, attributes: { Fabric: "Oat", Size: "3 Seater" } },
  { id: 13, attributes: { Fabric: "Charcoal", Size: "3 Seater" } },
  { id: 14, attributes: { Fabric: "Ivory Bouclé", Size: "2 Seater" } },
];

describe("resolveVariation", () => {
  test("a full choice finds its variation", () => {
    const r = resolveVariation(attributes, variations, { Fabric: "Charcoal", Size: "3 Seater" });
    expect(r).toEqual({ status: "complete", variation: variations[2] });
  });

  test("URL slugs and any case pick the same option", () => {
    const r = resolveVariation(attributes, variations, { fabric: "ivory-boucle", size: "2-seater" });
    expect(r.status === "complete" && r.variation.id).toBe(14);
  });

  test("an unchosen option is incomplete and names what is missing", () => {
    expect(resolveVariation(attributes, variations, { Fabric: "Oat" })).toEqual({
      status: "incomplete",
      missing: ["Size"],
    });
    expect(resolveVariation(attributes, variations, {})).toEqual({ status: "incomplete", missing: ["Fabric", "Size"] });
  });

  test("an unknown option counts as unchosen", () => {
    expect(resolveVariation(attributes, variations, { Fabric: "Purple", Size: "2 Seater" }).status).toBe("incomplete");
  });

  test("a combination the shop does not make is unavailable", () => {
    expect(resolveVariation(attributes, variations, { Fabric: "Charcoal", Size: "2 Seater" })).toEqual({
      status: "unavailable",
    });
  });

  test("single-option attributes need no choice", () => {
    const attrs = [
      { name: "Fabric", options: ["Oat"] },
      { name: "Size", options: ["2 Seater", "3 Seater"] },
    ];
    const r = resolveVariation(attrs, [{ id: 1, attributes: { Fabric: "Oat", Size: "3 Seater" } }], {
      size: "3-seater",
    });
    expect(r.status).toBe("complete");
  });

  test("WooCommerce-style attribute_ names are understood", () => {
    const r = resolveVariation(attributes, variations, { attribute_fabric: "oat", attribute_size: "2 Seater" });
    expect(r.status === "complete" && r.variation.id).toBe(11);
  });
});

test("attributesKey is independent of the order of names", () => {
  expect(attributesKey({ Size: "3 Seater", Fabric: "Oat" })).toBe("Fabric=Oat|Size=3 Seater");
  expect(attributesKey({ Fabric: "Oat", Size: "3 Seater" })).toBe(attributesKey({ Size: "3 Seater", Fabric: "Oat" }));
});

test("a selection round-trips through the URL", () => {
  const query = selectionToQuery({ Fabric: "Ivory Bouclé", Size: "2 Seater" });
  expect(query).toEqual({ fabric: "ivory-boucle", size: "2-seater" });
  expect(normaliseSelection(attributes, query)).toEqual({ Fabric: "Ivory Bouclé", Size: "2 Seater" });
});

describe("missingOptionsMessage", () => {
  test("names each option left open", () => {
    expect(missingOptionsMessage(["Fabric"])).toBe("Choose a fabric colour");
    expect(missingOptionsMessage(["Size"])).toBe("Choose a size");
    expect(missingOptionsMessage(["Fabric", "Size"])).toBe("Choose a fabric colour and a size");
    expect(missingOptionsMessage(["Orientation", "Fabric", "Size"])).toBe(
      "Choose an orientation, a fabric colour and a size",
    );
    expect(missingOptionsMessage([])).toBe("Please complete all configurations");
  });
});
