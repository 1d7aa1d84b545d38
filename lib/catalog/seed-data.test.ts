import { seedProducts, seedCategories, sizeDimensions } from "@/lib/catalog/seed-data";
import { seedFabrics } from "@/lib/catalog/seed-fabrics";
import type { CategorySlug, SeedProduct } from "@/lib/catalog/seed-types";

const CATEGORY_SLUGS: CategorySlug[] = ["couches", "sleeper-couches", "ottomans", "bed-frames"];
const FABRIC_NAMES = new Set(seedFabrics.map((f) => f.name));
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ORIENTATIONS = ["Left-hand chaise", "Right-hand chaise"];

const isVariable = (p: SeedProduct): boolean => (p.variations?.length ?? 0) > 0;
const variable = seedProducts.filter(isVariable);
const simple = seedProducts.filter((p) => !isVariable(p));
const inCategory = (slug: CategorySlug) => seedProducts.filter((p) => p.category === slug);

/** Every check collects readable problems, so a failure names the product at fault. */
function problems(check: (p: SeedProduct, report: (msg: string) => void) => void, list = seedProducts): string[] {
  const out: string[] = [];
  for (const p of list) check(p, (msg) => out.push(`${p.slug}: ${msg}`));
  return out;
}

const isPositiveCents = (n: unknown): boolean => typeof n === "number" && Number.isInteger(n) && n > 0;
const isStock = (n: unknown): boolean => typeof n === "number" && Number.isInteger(n) && n >= 0;
const comboKey = (attributes: Record<string, string>): string =>
  Object.keys(attributes)
    .sort()
    .map((k) => `${k}=${attributes[k]}`)
    .join("|");

describe("seedCategories", () => {
  test("has exactly the four categories, in order", () => {
    expect(seedCategories.map((c) => c.slug)).toEqual(CATEGORY_SLUGS);
    expect(seedCategories.map((c) => c.name)).toEqual(["Couches", "Sleeper Couches", "Ottomans", "Bed Frames"]);
    expect(seedCategories.map((c) => c.sortOrder)).toEqual([1, 2, 3, 4]);
  });

  test("each has a description without exclamation marks", () => {
    for (const c of seedCategories) {
      expect(c.description.trim().length).toBeGreaterThan(20);
      expect(c.description).not.toContain("!");
    }
  });
});

describe("seedProducts: catalogue shape", () => {
  test("has at least 24 products, at least half of them variable", () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(24);
    expect(variable.length * 2).toBeGreaterThanOrEqual(seedProducts.length);
    expect(variable.length).toBeGreaterThanOrEqual(15);
  });

  test("slugs are unique and kebab-case", () => {
    const slugs = seedProducts.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.filter((s) => !KEBAB.test(s))).toEqual([]);
  });

  test("names are unique", () => {
    const names = seedProducts.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });

  test("every product has a valid category and every category is used", () => {
    const known = new Set(seedCategories.map((c) => c.slug));
    expect(problems((p, report) => known.has(p.category) || report(`unknown category ${p.category}`))).toEqual([]);
    for (const slug of CATEGORY_SLUGS) expect(inCategory(slug).length).toBeGreaterThan(0);
  });

  test("the range has corner couches, sleepers, ottomans and beds in sensible numbers", () => {
    expect(inCategory("couches").length).toBeGreaterThanOrEqual(8);
    expect(inCategory("couches").filter((p) => p.drawing.kind === "corner").length).toBeGreaterThanOrEqual(2);
    expect(inCategory("sleeper-couches").length).toBeGreaterThanOrEqual(5);
    expect(inCategory("ottomans").length).toBeGreaterThanOrEqual(5);
    expect(inCategory("bed-frames").length).toBeGreaterThanOrEqual(5);
  });

  test("Eden 2 Seater is a featured couch, variable by Fabric only", () => {
    const eden = seedProducts.find((p) => p.name === "Eden 2 Seater");
    expect(eden).toBeDefined();
    expect(eden?.slug).toBe("eden-2-seater");
    expect(eden?.category).toBe("couches");
    expect(eden?.featured).toBe(true);
    expect(eden?.attributes.map((a) => a.name)).toEqual(["Fabric"]);
  });

  test("Pebble Ottoman is the simple R 2 499 ottoman in Oat, with stock 40", () => {
    const pebble = seedProducts.find((p) => p.slug === "pebble-ottoman");
    expect(pebble).toBeDefined();
    expect(pebble?.name).toBe("Pebble Ottoman");
    expect(pebble?.category).toBe("ottomans");
    expect(pebble?.variations).toBeUndefined();
    expect(pebble?.regularPriceCents).toBe(249900);
    expect(pebble?.salePriceCents).toBeUndefined();
    expect(pebble?.stock).toBe(40);
    expect(pebble?.attributes).toContainEqual({ name: "Fabric", options: ["Oat"] });
  });

  test("some products are featured, and some are new arrivals", () => {
    expect(seedProducts.filter((p) => p.featured).length).toBeGreaterThanOrEqual(4);
    expect(seedProducts.filter((p) => p.createdDaysAgo <= 30).length).toBeGreaterThanOrEqual(4);
    expect(
      problems((p, report) => {
        if (!Number.isInteger(p.createdDaysAgo) || p.createdDaysAgo < 0 || p.createdDaysAgo > 365)
          report("bad createdDaysAgo");
      }),
    ).toEqual([]);
  });
});

describe("seedProducts: attributes and variations", () => {
  test("every product has a Fabric attribute, and every Fabric option is a fabric of the demo range", () => {
    expect(
      problems((p, report) => {
        const fabric = p.attributes.find((a) => a.name === "Fabric");
        if (!fabric) return report("no Fabric attribute");
        for (const o of fabric.options) if (!FABRIC_NAMES.has(o)) report(`unknown fabric "${o}"`);
      }),
    ).toEqual([]);
  });

  test("attributes have unique names and non-empty, unique options", () => {
    expect(
      problems((p, report) => {
        const names = p.attributes.map((a) => a.name);
        if (new Set(names).size !== names.length) report("duplicate attribute names");
        for (const a of p.attributes) {
          if (a.options.length === 0) report(`${a.name} has no options`);
          if (new Set(a.options).size !== a.options.length) report(`${a.name} has duplicate options`);
        }
      }),
    ).toEqual([]);
  });

  test("Orientation options are exactly the left- and right-hand chaise", () => {
    expect(
      problems((p, report) => {
        const o = p.attributes.find((a) => a.name === "Orientation");
        if (o && JSON.stringify(o.options) !== JSON.stringify(ORIENTATIONS)) report("bad Orientation options");
      }),
    ).toEqual([]);
  });

  test("simple products list each fact as a single option and have no variations", () => {
    expect(
      problems((p, report) => {
        if (p.variations !== undefined) report("simple product with an empty variations list");
        for (const a of p.attributes) if (a.options.length !== 1) report(`${a.name} has ${a.options.length} options`);
      }, simple),
    ).toEqual([]);
  });

  test("each variation names exactly the product's attributes, with listed options, and no combination repeats", () => {
    expect(
      problems((p, report) => {
        const names = p.attributes.map((a) => a.name).sort();
        const seen = new Set<string>();
        for (const v of p.variations ?? []) {
          const key = comboKey(v.attributes);
          if (JSON.stringify(Object.keys(v.attributes).sort()) !== JSON.stringify(names))
            report(`${key}: wrong attribute names`);
          for (const a of p.attributes) {
            const chosen = v.attributes[a.name];
            if (chosen === undefined || !a.options.includes(chosen))
              report(`${key}: ${a.name} "${chosen}" is not an option`);
          }
          if (seen.has(key)) report(`duplicate combination ${key}`);
          seen.add(key);
        }
      }, variable),
    ).toEqual([]);
  });

  test("variable products have at most 8 variations, and every option is used", () => {
    expect(
      problems((p, report) => {
        const vs = p.variations ?? [];
        if (vs.length > 8) report(`${vs.length} variations`);
        for (const a of p.attributes)
          for (const o of a.options)
            if (!vs.some((v) => v.attributes[a.name] === o)) report(`option ${a.name}=${o} unused`);
      }, variable),
    ).toEqual([]);
  });
});

describe("seedProducts: prices and stock", () => {
  test("all prices are positive integer cents and every sale is below its regular price", () => {
    expect(
      problems((p, report) => {
        if (!isPositiveCents(p.regularPriceCents)) report("bad regularPriceCents");
        if (p.salePriceCents !== undefined) {
          if (!isPositiveCents(p.salePriceCents)) report("bad salePriceCents");
          if (!(p.salePriceCents < p.regularPriceCents)) report("sale not below regular");
        }
        for (const v of p.variations ?? []) {
          const key = comboKey(v.attributes);
          if (!isPositiveCents(v.regularPriceCents)) report(`${key}: bad regularPriceCents`);
          if (v.salePriceCents !== undefined) {
            if (!isPositiveCents(v.salePriceCents)) report(`${key}: bad salePriceCents`);
            if (!(v.salePriceCents < v.regularPriceCents)) report(`${key}: sale not below regular`);
          }
        }
      }),
    ).toEqual([]);
  });

  test("prices are whole rand", () => {
    expect(
      problems((p, report) => {
        const all = [
          p.regularPriceCents,
          p.salePriceCents,
          ...(p.variations ?? []).flatMap((v) => [v.regularPriceCents, v.salePriceCents]),
        ];
        for (const c of all) if (c !== undefined && c % 100 !== 0) report(`${c} is not whole rand`);
      }),
    ).toEqual([]);
  });

  test("a variable product's price is its lowest variation's regular price, with no product-level sale or stock", () => {
    expect(
      problems((p, report) => {
        const min = Math.min(...(p.variations ?? []).map((v) => v.regularPriceCents));
        if (p.regularPriceCents !== min) report(`regularPriceCents ${p.regularPriceCents} != lowest variation ${min}`);
        if (p.salePriceCents !== undefined) report("product-level salePriceCents on a variable product");
        if (p.stock !== 0) report("product-level stock on a variable product");
      }, variable),
    ).toEqual([]);
  });

  test("stock is a non-negative integer everywhere", () => {
    expect(
      problems((p, report) => {
        if (!isStock(p.stock)) report("bad stock");
        for (const v of p.variations ?? []) if (!isStock(v.stock)) report(`${comboKey(v.attributes)}: bad stock`);
      }),
    ).toEqual([]);
  });

  test("some products are on sale", () => {
    const onSale = seedProducts.filter(
      (p) => p.salePriceCents !== undefined || (p.variations ?? []).some((v) => v.salePriceCents !== undefined),
    );
    expect(onSale.length).toBeGreaterThanOrEqual(4);
  });

  test("stock covers out of stock, partly out of stock and last-one cases", () => {
    expect(simple.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
    expect(variable.filter((p) => (p.variations ?? []).every((v) => v.stock === 0)).length).toBeGreaterThanOrEqual(1);
    const partly = variable.filter((p) => {
      const vs = p.variations ?? [];
      return vs.some((v) => v.stock === 0) && vs.some((v) => v.stock > 0);
    });
    expect(partly.length).toBeGreaterThanOrEqual(3);
    const lastOne =
      simple.some((p) => p.stock === 1) || variable.some((p) => (p.variations ?? []).some((v) => v.stock === 1));
    expect(lastOne).toBe(true);
  });
});

/** Each size a product is made in, as a piece of its own with that size's measurements. */
function everySize(list: SeedProduct[]): SeedProduct[] {
  return list.flatMap((p) => {
    const sizes = p.attributes.find((a) => a.name === "Size")?.options ?? [];
    if (sizes.length < 2) return [p];
    return sizes.map((size) => ({ ...p, slug: `${p.slug} (${size})`, dimensions: sizeDimensions(p, size) }));
  });
}

describe("seedProducts: dimensions and drawings", () => {
  test("couches and sleepers give seat height, seat depth, arm length, arm height and leg height", () => {
    const seating = [...inCategory("couches"), ...inCategory("sleeper-couches")];
    expect(
      problems((p, report) => {
        const d = p.dimensions;
        for (const k of ["seatHeight", "seatDepth", "armLength", "armHeight", "legHeight"] as const)
          if (typeof d[k] !== "number") report(`missing ${k}`);
      }, everySize(seating)),
    ).toEqual([]);
  });

  test("sleepers and beds give a sleeping area; beds and ottomans give leg height", () => {
    expect(
      problems(
        (p, report) => {
          if (!/^\d+ x \d+ cm$/.test(p.dimensions.sleepingArea ?? "")) report("missing or odd sleepingArea");
        },
        everySize([...inCategory("sleeper-couches"), ...inCategory("bed-frames")]),
      ),
    ).toEqual([]);
    expect(
      problems(
        (p, report) => typeof p.dimensions.legHeight === "number" || report("missing legHeight"),
        everySize([...inCategory("bed-frames"), ...inCategory("ottomans")]),
      ),
    ).toEqual([]);
  });

  test("dimensions are positive centimetres", () => {
    expect(
      problems((p, report) => {
        const { width, depth, height } = p.dimensions;
        for (const [k, n] of Object.entries({ width, depth, height })) if (!(n > 0 && n < 400)) report(`bad ${k}`);
      }, everySize(seedProducts)),
    ).toEqual([]);
  });

  test("every piece gives its diagonal depth, whole centimetres no more than its depth or height", () => {
    expect(
      problems((p, report) => {
        const { diagonalDepth, depth, height } = p.dimensions;
        if (!Number.isInteger(diagonalDepth) || diagonalDepth <= 0) report("missing or odd diagonalDepth");
        if (diagonalDepth > Math.max(depth, height)) report(`diagonalDepth ${diagonalDepth} above depth and height`);
      }, everySize(seedProducts)),
    ).toEqual([]);
  });

  test("sleepers give their length opened, longer than their sleeping area; nothing else does", () => {
    expect(
      problems((p, report) => {
        const { openLength, sleepingArea, depth } = p.dimensions;
        if (p.category !== "sleeper-couches") {
          if (openLength !== undefined) report("openLength on a piece that does not open");
          return;
        }
        const mattress = Number(/x (\d+) cm$/.exec(sleepingArea ?? "")?.[1]);
        if (!(Number.isInteger(openLength) && openLength! > mattress && openLength! > depth)) {
          report(`openLength ${openLength} not beyond the ${mattress} cm mattress`);
        }
      }, everySize(seedProducts)),
    ).toEqual([]);
  });

  test("corner couches arrive in sections and bed frames flat-packed, each naming a largest part smaller than the piece", () => {
    expect(
      problems((p, report) => {
        const a = p.dimensions.arrivesIn;
        const expected = p.drawing.kind === "corner" ? "sections" : p.category === "bed-frames" ? "flat-pack" : null;
        if ((a?.form ?? null) !== expected) report(`arrives as ${a?.form ?? "one piece"}, expected ${expected}`);
        if (!a) return;
        if (!(a.parts >= 2) || !a.largest.name) report("arrivesIn without parts or a named largest part");
        const { width, depth, height } = a.largest;
        if (width > p.dimensions.width || depth > p.dimensions.depth || height > p.dimensions.height) {
          report("largest part bigger than the piece");
        }
      }, everySize(seedProducts)),
    ).toEqual([]);
  });

  test("a product made in several sizes measures each size after the first, each wider than the one before", () => {
    expect(
      problems((p, report) => {
        const sizes = p.attributes.find((a) => a.name === "Size")?.options ?? [];
        const measured = Object.keys(p.sizes ?? {});
        if (measured.length === 0 && sizes.length < 2) return;
        if (JSON.stringify(measured) !== JSON.stringify(sizes.slice(1))) {
          report(`sizes measured ${measured.join(", ")}, made in ${sizes.join(", ")}`);
        }
        const widths = sizes.map((size) => sizeDimensions(p, size).width);
        if (widths.some((w, i) => i > 0 && w <= widths[i - 1]!)) report(`widths ${widths.join(", ")} not growing`);
        for (const size of sizes) {
          const { sleepingArea, arrivesIn, width } = sizeDimensions(p, size);
          if (arrivesIn?.form === "flat-pack" && arrivesIn.largest.width !== width) {
            report(`${size}: headboard ${arrivesIn.largest.width} cm for a ${width} cm bed`);
          }
          const mattress = Number(/^(\d+) x/.exec(sleepingArea ?? "")?.[1]);
          if (sleepingArea && !(mattress < width)) report(`${size}: a ${sleepingArea} mattress in ${width} cm`);
        }
      }),
    ).toEqual([]);
  });

  test("measurements are data: no spec row repeats them as prose", () => {
    expect(
      problems((p, report) => {
        for (const row of p.specs) if (row.label === "Sizes") report(`a "Sizes" row: ${row.value}`);
      }),
    ).toEqual([]);
  });

  test("drawings match the category", () => {
    expect(
      problems((p, report) => {
        const d = p.drawing;
        switch (p.category) {
          case "couches":
            if (d.kind !== "sofa" && d.kind !== "corner") report(`couch drawn as ${d.kind}`);
            if (!(typeof d.seats === "number" && d.seats >= 2 && d.seats <= 4)) report("couch seats not 2-4");
            if (d.kind === "corner" && d.orientation !== "left") report("corner without default left orientation");
            if (d.kind === "corner" && !p.attributes.some((a) => a.name === "Orientation"))
              report("corner without Orientation");
            break;
          case "sleeper-couches":
            if (d.kind !== "sleeper") report(`sleeper drawn as ${d.kind}`);
            if (!(typeof d.seats === "number" && d.seats >= 2 && d.seats <= 4)) report("sleeper seats not 2-4");
            break;
          case "ottomans":
            if (d.kind !== "ottoman") report(`ottoman drawn as ${d.kind}`);
            if (!d.shape) report("ottoman without shape");
            break;
          case "bed-frames":
            if (d.kind !== "bed") report(`bed drawn as ${d.kind}`);
            if (!d.headboard) report("bed without headboard");
            break;
        }
      }),
    ).toEqual([]);
  });
});

describe("seedProducts: copy", () => {
  test("every product has the copy a product page needs, in the shop's voice", () => {
    expect(
      problems((p, report) => {
        if (!p.shortDescription.trim()) report("empty shortDescription");
        if (p.description.split(/\n\s*\n/).filter((s) => s.trim()).length < 2) report("description under 2 paragraphs");
        if (p.features.length < 4 || p.features.length > 6) report(`${p.features.length} features`);
        if (p.specs.length < 5 || p.specs.length > 8) report(`${p.specs.length} spec rows`);
        if (p.specs.some((s) => !s.label.trim() || !s.value.trim())) report("empty spec row");
        if (!p.care.trim()) report("empty care");
        const text = [
          p.name,
          p.shortDescription,
          p.description,
          p.care,
          ...p.features,
          ...p.specs.map((s) => s.value),
        ].join(" ");
        if (text.includes("!")) report("exclamation mark in copy");
      }),
    ).toEqual([]);
  });
});
