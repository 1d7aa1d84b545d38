/**
 * Journal covers: one of a few lounge and bedroom scenes, in the article's chosen fabric,
 * drawn with the product drawings' own pieces so the journal looks like the shop.
 */
import { fabricByName, type Fabric } from "@/lib/catalog/fabrics";
import { seedFabrics } from "@/lib/catalog/seed-fabrics";
import { COVER_SIZE, type CoverScene } from "@/lib/content/cover-scenes";
import { renderSceneSvg, type ScenePiece, type SceneSpec } from "@/lib/drawing/furniture";

const F = (name: string): Fabric => {
  const f = fabricByName(seedFabrics, name);
  if (!f) throw new Error(`Unknown fabric ${name}`);
  return f;
};

const { width: W, height: H } = COVER_SIZE;
const FLOOR = 450;

type Layers = SceneSpec["layers"];

/** A piece standing `lift` below the back wall's foot (nearer the viewer), at `cx`. */
const piece = (drawing: ScenePiece["drawing"], fabric: Fabric, cx: number, lift: number, scale: number) => ({
  piece: { drawing, fabric, cx, bottom: FLOOR + lift, scale },
});

function layers(scene: CoverScene, fabric: Fabric): Layers {
  switch (scene) {
    case "measure":
      return [
        { prop: { kind: "print", x: 560, y: 70, w: 170, h: 210, variant: 0 } },
        { prop: { kind: "plant", x: 1060, floorY: FLOOR + 60, scale: 0.95 } },
        piece({ kind: "sofa", seats: 3, arm: "slope", legs: "tapered-wood", back: "cushion" }, fabric, 600, 88, 2.35),
        { prop: { kind: "tape", x0: 292, x1: 908, y: FLOOR + 140, label: "218 cm" } },
      ];
    case "swatches":
      return [
        { prop: { kind: "window", x: 120, y: 70, w: 230, h: 260 } },
        piece({ kind: "sofa", seats: 2, arm: "track", legs: "tapered-wood", back: "cushion" }, fabric, 420, 86, 2.2),
        {
          prop: {
            kind: "swatches",
            x: 700,
            y: 200,
            size: 150,
            fabrics: [F("Oat"), F("Olive"), F("Ivory Bouclé"), F("Cognac")],
          },
        },
      ];
    case "care":
      return [
        { prop: { kind: "print", x: 430, y: 60, w: 150, h: 190, variant: 1 } },
        { prop: { kind: "print", x: 610, y: 95, w: 120, h: 150, variant: 0 } },
        { prop: { kind: "rug", cx: 620, cy: FLOOR + 110, rx: 470, ry: 62 } },
        piece({ kind: "sofa", seats: 3, arm: "track", legs: "block", back: "cushion" }, fabric, 560, 80, 2.25),
        piece({ kind: "ottoman", shape: "round", legs: "hidden" }, F("Ivory Bouclé"), 880, 150, 2.2),
        { prop: { kind: "side-table", x: 1100, floorY: FLOOR + 70 } },
      ];
    case "small-space":
      return [
        { prop: { kind: "window", x: 780, y: 60, w: 220, h: 250 } },
        { prop: { kind: "plant", x: 150, floorY: FLOOR + 70, scale: 0.85 } },
        piece({ kind: "sofa", seats: 2, arm: "slope", legs: "tapered-wood", back: "tufted" }, fabric, 520, 84, 2.3),
        piece({ kind: "ottoman", shape: "square", legs: "tapered-wood" }, F("Oat"), 870, 150, 2.1),
      ];
    case "sleeper":
      return [
        { prop: { kind: "print", x: 700, y: 60, w: 170, h: 210, variant: 1 } },
        { prop: { kind: "rug", cx: 600, cy: FLOOR + 118, rx: 500, ry: 66 } },
        {
          piece: {
            drawing: { kind: "sleeper", seats: 3, arm: "track", legs: "metal", back: "cushion" },
            fabric,
            cx: 560,
            bottom: FLOOR + 140,
            scale: 2.05,
            pullOut: "full",
          },
        },
        { prop: { kind: "side-table", x: 1080, floorY: FLOOR + 60 } },
      ];
    case "frame":
      return [
        { prop: { kind: "window", x: 90, y: 60, w: 220, h: 260 } },
        { prop: { kind: "print", x: 760, y: 80, w: 190, h: 230, variant: 0 } },
        piece({ kind: "sofa", seats: 3, arm: "rolled", legs: "tapered-wood", back: "tufted" }, fabric, 620, 92, 2.3),
        { prop: { kind: "plant", x: 1100, floorY: FLOOR + 70, scale: 0.9 } },
      ];
    case "ottomans":
      return [
        { prop: { kind: "print", x: 500, y: 80, w: 200, h: 170, variant: 0 } },
        { prop: { kind: "rug", cx: 600, cy: FLOOR + 105, rx: 520, ry: 70, colour: "#e9dfcf" } },
        piece({ kind: "ottoman", shape: "square", legs: "tapered-wood" }, fabric, 380, 90, 2.5),
        piece({ kind: "ottoman", shape: "round", legs: "hidden" }, F("Ivory Bouclé"), 650, 140, 2.5),
        piece({ kind: "ottoman", shape: "round", legs: "tapered-wood" }, F("Terracotta"), 880, 96, 2.3),
        { prop: { kind: "plant", x: 1090, floorY: FLOOR + 60, scale: 0.85 } },
      ];
    case "bedroom":
      return [
        { prop: { kind: "window", x: 940, y: 60, w: 200, h: 250 } },
        piece({ kind: "bed", headboard: "channel", legs: "metal", bedSize: "queen" }, fabric, 560, 150, 1.95),
        { prop: { kind: "side-table", x: 170, floorY: FLOOR + 40 } },
      ];
  }
}

export function renderCoverSvg(scene: CoverScene, fabric: Fabric, title: string): string {
  return renderSceneSvg({ width: W, height: H, floorY: FLOOR, title, layers: layers(scene, fabric) });
}
