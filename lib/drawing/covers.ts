/**
 * Journal covers: one of a few lounge and bedroom scenes, in the article's chosen fabric,
 * drawn with the product drawings' own pieces so the journal looks like the shop.
 */
import { fabricByName, type Fabric } from "@/lib/catalog/fabrics";
import { COVER_SIZE, type CoverScene } from "@/lib/content/cover-scenes";
import { renderSceneSvg, type SceneSpec } from "@/lib/drawing/furniture";

const F = (name: string): Fabric => {
  const f = fabricByName(name);
  if (!f) throw new Error(`Unknown fabric ${name}`);
  return f;
};

const { width: W, height: H } = COVER_SIZE;
const FLOOR = 450;

type Layers = SceneSpec["layers"];

function layers(scene: CoverScene, fabric: Fabric): Layers {
  switch (scene) {
    case "measure":
      return [
        { prop: { kind: "print", x: 560, y: 70, w: 170, h: 210, variant: 0 } },
        { prop: { kind: "plant", x: 1060, floorY: FLOOR + 60, scale: 0.95 } },
        {
          piece: {
            drawing: { kind: "sofa", seats: 3, arm: "slope", legs: "tapered-wood", back: "cushion" },
            fabric,
            cx: 600,
            bottom: FLOOR + 88,
            scale: 2.35,
          },
        },
        { prop: { kind: "tape", x0: 292, x1: 908, y: FLOOR + 140, label: "218 cm" } },
      ];
    case "swatches":
      return [
        { prop: { kind: "window", x: 120, y: 70, w: 230, h: 260 } },
        {
          piece: {
            drawing: { kind: "sofa", seats: 2, arm: "track", legs: "tapered-wood", back: "cushion" },
            fabric,
            cx: 420,
            bottom: FLOOR + 86,
            scale: 2.2,
          },
        },
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
        {
          piece: {
            drawing: { kind: "sofa", seats: 3, arm: "track", legs: "block", back: "cushion" },
            fabric,
            cx: 560,
            bottom: FLOOR + 80,
            scale: 2.25,
          },
        },
        {
          piece: {
            drawing: { kind: "ottoman", shape: "round", legs: "hidden" },
            fabric: F("Ivory Bouclé"),
            cx: 880,
            bottom: FLOOR + 150,
            scale: 2.2,
          },
        },
        { prop: { kind: "side-table", x: 1100, floorY: FLOOR + 70 } },
      ];
    case "small-space":
      return [
        { prop: { kind: "window", x: 780, y: 60, w: 220, h: 250 } },
        { prop: { kind: "plant", x: 150, floorY: FLOOR + 70, scale: 0.85 } },
        {
          piece: {
            drawing: { kind: "sofa", seats: 2, arm: "slope", legs: "tapered-wood", back: "tufted" },
            fabric,
            cx: 520,
            bottom: FLOOR + 84,
            scale: 2.3,
          },
        },
        {
          piece: {
            drawing: { kind: "ottoman", shape: "square", legs: "tapered-wood" },
            fabric: F("Oat"),
            cx: 870,
            bottom: FLOOR + 150,
            scale: 2.1,
          },
        },
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
        {
          piece: {
            drawing: { kind: "sofa", seats: 3, arm: "rolled", legs: "tapered-wood", back: "tufted" },
            fabric,
            cx: 620,
            bottom: FLOOR + 92,
            scale: 2.3,
          },
        },
        { prop: { kind: "plant", x: 1100, floorY: FLOOR + 70, scale: 0.9 } },
      ];
    case "ottomans":
      return [
        { prop: { kind: "print", x: 500, y: 80, w: 200, h: 170, variant: 0 } },
        { prop: { kind: "rug", cx: 600, cy: FLOOR + 105, rx: 520, ry: 70, colour: "#e9dfcf" } },
        {
          piece: {
            drawing: { kind: "ottoman", shape: "square", legs: "tapered-wood" },
            fabric,
            cx: 380,
            bottom: FLOOR + 90,
            scale: 2.5,
          },
        },
        {
          piece: {
            drawing: { kind: "ottoman", shape: "round", legs: "hidden" },
            fabric: F("Ivory Bouclé"),
            cx: 650,
            bottom: FLOOR + 140,
            scale: 2.5,
          },
        },
        {
          piece: {
            drawing: { kind: "ottoman", shape: "round", legs: "tapered-wood" },
            fabric: F("Terracotta"),
            cx: 880,
            bottom: FLOOR + 96,
            scale: 2.3,
          },
        },
        { prop: { kind: "plant", x: 1090, floorY: FLOOR + 60, scale: 0.85 } },
      ];
    case "bedroom":
      return [
        { prop: { kind: "window", x: 940, y: 60, w: 200, h: 250 } },
        {
          piece: {
            drawing: { kind: "bed", headboard: "channel", legs: "metal", bedSize: "queen" },
            fabric,
            cx: 560,
            bottom: FLOOR + 150,
            scale: 1.95,
          },
        },
        { prop: { kind: "side-table", x: 170, floorY: FLOOR + 40 } },
      ];
  }
}

export function renderCoverSvg(scene: CoverScene, fabric: Fabric, title: string): string {
  return renderSceneSvg({ width: W, height: H, floorY: FLOOR, title, layers: layers(scene, fabric) });
}
