/**
 * Pictures for the home page's social space: a shopper's room, drawn around the product's own
 * drawing in the fabric they chose. Square, like the posts they stand for.
 */
import type { Fabric } from "@/lib/catalog/fabrics";
import type { SocialRoom } from "@/lib/content/social-space";
import { renderSceneSvg, type SceneSpec } from "@/lib/drawing/furniture";
import type { FurnitureDrawing } from "@/lib/drawing/types";

export const SOCIAL_SIZE = 720;
const FLOOR = 470;

const WALLS: Record<SocialRoom, readonly [string, string]> = {
  lounge: ["#efe7da", "#e8dece"],
  flat: ["#e9ece3", "#dde2d4"],
  stoep: ["#f3e4d4", "#ead3bd"],
  bedroom: ["#eceaf0", "#e0dde6"],
};

/** How large a piece is drawn, by how wide it is in life. */
function scaleFor(d: FurnitureDrawing): number {
  if (d.kind === "corner") return 1.7;
  if (d.kind === "bed") return 1.8;
  if (d.kind === "ottoman") return 2.2;
  return (d.seats ?? 2) >= 3 ? 1.85 : 2.15;
}

export function renderSocialSvg(
  post: { room: SocialRoom; handle: string; productName: string },
  drawing: FurnitureDrawing,
  fabric: Fabric,
): string {
  const piece = {
    piece: {
      drawing,
      fabric,
      cx: SOCIAL_SIZE / 2,
      bottom: FLOOR + 112,
      scale: scaleFor(drawing),
      ...(drawing.kind === "sleeper" ? { pullOut: "peek" as const } : {}),
    },
  };
  const layers: SceneSpec["layers"] = [];
  switch (post.room) {
    case "flat":
      layers.push(
        { prop: { kind: "window", x: 470, y: 60, w: 190, h: 230 } },
        { prop: { kind: "plant", x: 70, floorY: FLOOR + 70, scale: 0.7 } },
        piece,
      );
      break;
    case "stoep":
      layers.push(
        { prop: { kind: "window", x: 60, y: 60, w: 200, h: 240 } },
        { prop: { kind: "print", x: 420, y: 80, w: 130, h: 160, variant: 0 } },
        piece,
        { prop: { kind: "plant", x: 660, floorY: FLOOR + 110, scale: 0.6 } },
      );
      break;
    case "bedroom":
      layers.push(
        { prop: { kind: "print", x: 290, y: 50, w: 140, h: 100, variant: 1 } },
        { prop: { kind: "rug", cx: 360, cy: FLOOR + 125, rx: 340, ry: 54 } },
        piece,
        { prop: { kind: "side-table", x: 650, floorY: FLOOR + 80 } },
      );
      break;
    case "lounge":
      layers.push(
        { prop: { kind: "print", x: 250, y: 60, w: 120, h: 150, variant: 1 } },
        { prop: { kind: "print", x: 390, y: 90, w: 100, h: 120, variant: 0 } },
        { prop: { kind: "rug", cx: 360, cy: FLOOR + 125, rx: 340, ry: 54 } },
        piece,
      );
      break;
  }
  return renderSceneSvg({
    width: SOCIAL_SIZE,
    height: SOCIAL_SIZE,
    floorY: FLOOR,
    wall: WALLS[post.room],
    title: `${post.productName} in ${post.handle}'s home`,
    layers,
  });
}
