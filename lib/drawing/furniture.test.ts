/** @jest-environment jsdom */
import { fabricByName, type Fabric } from "@/lib/catalog/fabrics";
import { seedFabrics as FABRICS } from "@/lib/catalog/seed-fabrics";
import { renderCategorySvg, renderHeroSvg, renderProductSvg, resolveDrawing } from "@/lib/drawing/furniture";
import { DRAWING_VIEWS, type FurnitureDrawing } from "@/lib/drawing/types";

const fabric = (name: string): Fabric => {
  const f = fabricByName(FABRICS, name);
  if (!f) throw new Error(`no fabric ${name}`);
  return f;
};

const SOFA: FurnitureDrawing = { kind: "sofa", seats: 3, arm: "track", legs: "tapered-wood", back: "cushion" };
const CORNER: FurnitureDrawing = {
  kind: "corner",
  seats: 3,
  arm: "track",
  legs: "metal",
  back: "cushion",
  orientation: "left",
};
const BED: FurnitureDrawing = { kind: "bed", headboard: "channel", legs: "block" };

/** One drawing of each kind and of each option that changes the picture. */
const SAMPLES: FurnitureDrawing[] = [
  SOFA,
  { kind: "sofa", seats: 1, arm: "rolled", legs: "block", back: "tufted" },
  { kind: "sofa", seats: 4, arm: "slope", legs: "metal", back: "tight" },
  { kind: "sofa", seats: 2, arm: "none", legs: "hidden", back: "cushion" },
  CORNER,
  { ...CORNER, orientation: "right", arm: "rolled", legs: "hidden" },
  { kind: "sleeper", seats: 2, arm: "slope", legs: "tapered-wood", back: "tufted" },
  { kind: "ottoman", shape: "round", legs: "hidden" },
  { kind: "ottoman", shape: "square", legs: "tapered-wood" },
  { kind: "ottoman", shape: "rect", legs: "metal" },
  { ...BED, bedSize: "single" },
  { kind: "bed", headboard: "wingback", legs: "tapered-wood", bedSize: "king" },
  { kind: "bed", headboard: "buttoned", legs: "hidden", bedSize: "double" },
  { kind: "bed", headboard: "panel", legs: "metal" },
  { kind: "sofa" },
];

/** Parses the document as XML and checks the things a browser's <img> needs. */
function expectWellFormed(svg: string, viewBox = "0 0 800 600"): Document {
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg.endsWith("</svg>")).toBe(true);
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  const root = doc.documentElement;
  expect(root.tagName).toBe("svg");
  expect(root.getAttribute("xmlns")).toBe("http://www.w3.org/2000/svg");
  expect(root.getAttribute("viewBox")).toBe(viewBox);
  // every id is unique and every url(#id) / href="#id" points at one
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
  const refs = [...svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  for (const ref of refs) expect(ids).toContain(ref);
  expect(svg).not.toMatch(/NaN|Infinity|undefined/);
  return doc;
}

describe("renderProductSvg", () => {
  it.each(SAMPLES.map((d) => [JSON.stringify(d), d] as const))(
    "draws a well-formed SVG for %s in every view",
    (_, d) => {
      for (const view of DRAWING_VIEWS) {
        for (const f of [fabric("Oat"), fabric("Cognac"), fabric("Ivory Bouclé")]) {
          const svg = renderProductSvg(d, f, view, { title: "A couch" });
          expectWellFormed(svg);
          expect(svg.length).toBeLessThan(24_000);
        }
      }
    },
  );

  it("draws the piece in the fabric's colours, so a change of fabric changes the picture", () => {
    for (const view of DRAWING_VIEWS) {
      const pictures = FABRICS.map((f) => renderProductSvg(SOFA, f, view));
      expect(new Set(pictures).size).toBe(FABRICS.length);
      FABRICS.forEach((f, i) => {
        expect(pictures[i]).toContain(f.hex);
        for (const other of FABRICS) if (other.hex !== f.hex) expect(pictures[i]).not.toContain(other.hex);
      });
    }
    const oatBed = renderProductSvg(BED, fabric("Oat"), "main");
    const inkBed = renderProductSvg(BED, fabric("Ink"), "main");
    expect(oatBed).not.toBe(inkBed);
    expect(inkBed).toContain(fabric("Ink").hex);
  });

  it("draws seams in the fabric's darker shade", () => {
    const svg = renderProductSvg(SOFA, fabric("Oat"), "main");
    const doc = expectWellFormed(svg);
    const css = doc.getElementsByTagName("style")[0]?.textContent ?? "";
    expect(css).toMatch(/stroke:#[0-9a-f]{6}/);
    expect(doc.querySelectorAll("[class]").length).toBeGreaterThan(5);
  });

  it("puts the chaise on the side the orientation names", () => {
    for (const view of DRAWING_VIEWS) {
      const left = renderProductSvg({ ...CORNER, orientation: "left" }, fabric("Stone"), view);
      const right = renderProductSvg({ ...CORNER, orientation: "right" }, fabric("Stone"), view);
      expect(left).not.toBe(right);
    }
  });

  it("changes the picture with the number of seats, the bed size and the styles", () => {
    const f = fabric("Sand");
    const pictures = [
      renderProductSvg({ ...SOFA, seats: 2 }, f, "main"),
      renderProductSvg({ ...SOFA, seats: 3 }, f, "main"),
      renderProductSvg({ ...SOFA, seats: 4 }, f, "main"),
      renderProductSvg({ ...SOFA, arm: "rolled" }, f, "main"),
      renderProductSvg({ ...SOFA, back: "tufted" }, f, "main"),
      renderProductSvg({ ...SOFA, legs: "metal" }, f, "main"),
      renderProductSvg({ ...BED, bedSize: "double" }, f, "main"),
      renderProductSvg({ ...BED, bedSize: "king" }, f, "main"),
      renderProductSvg({ ...BED, headboard: "buttoned" }, f, "main"),
      renderProductSvg({ kind: "ottoman", shape: "round" }, f, "main"),
      renderProductSvg({ kind: "ottoman", shape: "square" }, f, "main"),
    ];
    expect(new Set(pictures).size).toBe(pictures.length);
  });

  it("gives each view its own picture", () => {
    const views = DRAWING_VIEWS.map((v) => renderProductSvg(SOFA, fabric("Olive"), v));
    expect(new Set(views).size).toBe(DRAWING_VIEWS.length);
  });

  it("is deterministic", () => {
    for (const d of SAMPLES) {
      for (const view of DRAWING_VIEWS) {
        const a = renderProductSvg(d, fabric("Terracotta"), view, { title: "x" });
        const b = renderProductSvg({ ...d }, { ...fabric("Terracotta") }, view, { title: "x" });
        expect(a).toBe(b);
      }
    }
    expect(renderHeroSvg()).toBe(renderHeroSvg());
    expect(renderCategorySvg("ottomans")).toBe(renderCategorySvg("ottomans"));
  });

  it("escapes the title and exposes it to assistive technology", () => {
    const title = `Tom's "Big" couch <3 & more`;
    const svg = renderProductSvg(SOFA, fabric("Oat"), "main", { title });
    expect(svg).toContain("<title>Tom&apos;s &quot;Big&quot; couch &lt;3 &amp; more</title>");
    const doc = expectWellFormed(svg);
    expect(doc.getElementsByTagName("title")[0]?.textContent).toBe(title);
    expect(doc.documentElement.getAttribute("role")).toBe("img");
  });

  it("leaves the title out when none is given", () => {
    const svg = renderProductSvg(SOFA, fabric("Oat"), "main");
    expect(svg).not.toContain("<title>");
    expectWellFormed(svg);
  });
});

describe("resolveDrawing", () => {
  it("sets the seats from a Size option", () => {
    expect(resolveDrawing(SOFA, { Size: "2 Seater", Fabric: "Oat" }).seats).toBe(2);
    expect(resolveDrawing(SOFA, { Size: "4 Seater" }).seats).toBe(4);
    expect(resolveDrawing({ kind: "sleeper", seats: 2 }, { Size: "3 Seater" }).seats).toBe(3);
    expect(resolveDrawing(CORNER, { Size: "4-seater" }).seats).toBe(4);
  });

  it("sets the chaise side from an Orientation option", () => {
    expect(resolveDrawing(CORNER, { Orientation: "Right-hand chaise" }).orientation).toBe("right");
    expect(resolveDrawing({ ...CORNER, orientation: "right" }, { Orientation: "Left-hand chaise" }).orientation).toBe(
      "left",
    );
  });

  it("sets a bed's size", () => {
    expect(resolveDrawing(BED, { Size: "Single" }).bedSize).toBe("single");
    expect(resolveDrawing(BED, { Size: "Double" }).bedSize).toBe("double");
    expect(resolveDrawing(BED, { Size: "Queen" }).bedSize).toBe("queen");
    expect(resolveDrawing(BED, { Size: "King", Fabric: "Ink" }).bedSize).toBe("king");
    const single = renderProductSvg(resolveDrawing(BED, { Size: "Single" }), fabric("Oat"), "main");
    const king = renderProductSvg(resolveDrawing(BED, { Size: "King" }), fabric("Oat"), "main");
    expect(single).not.toBe(king);
  });

  it("leaves other options and the base drawing alone", () => {
    const base: FurnitureDrawing = { ...SOFA };
    const out = resolveDrawing(base, { Fabric: "Charcoal", Legs: "Oak" });
    expect(out).toEqual(SOFA);
    expect(out).not.toBe(base);
    resolveDrawing(base, { Size: "2 Seater" });
    expect(base).toEqual(SOFA);
    // seat counts mean nothing to an ottoman, bed sizes nothing to a couch
    expect(resolveDrawing({ kind: "ottoman", shape: "round" }, { Size: "2 Seater" }).seats).toBeUndefined();
    expect(resolveDrawing(SOFA, { Size: "King" }).bedSize).toBeUndefined();
  });
});

describe("scenes", () => {
  it("draws the home page hero", () => {
    const svg = renderHeroSvg();
    expectWellFormed(svg, "0 0 1600 900");
    expect(svg).toContain("<title>");
    expect(svg.length).toBeLessThan(48_000);
  });

  it.each(["couches", "sleeper-couches", "ottomans", "bed-frames"] as const)("draws the %s category tile", (slug) => {
    const svg = renderCategorySvg(slug);
    expectWellFormed(svg);
    expect(svg.length).toBeLessThan(24_000);
  });

  it("gives each category its own picture", () => {
    const tiles = (["couches", "sleeper-couches", "ottomans", "bed-frames"] as const).map(renderCategorySvg);
    expect(new Set(tiles).size).toBe(4);
  });
});
