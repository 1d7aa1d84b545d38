/** What the drawing script needs to know to picture a product. Stored with the product. */
export type FurnitureKind = "sofa" | "corner" | "sleeper" | "ottoman" | "bed";

export type FurnitureDrawing = {
  kind: FurnitureKind;
  /** sofa, corner, sleeper: number of seat cushions (1-4). */
  seats?: number;
  arm?: "track" | "rolled" | "slope" | "none";
  legs?: "tapered-wood" | "block" | "metal" | "hidden";
  back?: "tight" | "cushion" | "tufted";
  /** corner sofas: which side the chaise is on. */
  orientation?: "left" | "right";
  /** beds: headboard style. */
  headboard?: "panel" | "wingback" | "channel" | "buttoned";
  /** ottomans: footprint. */
  shape?: "round" | "square" | "rect";
  /** beds: mattress size the frame is drawn for (set from the "Size" option); default queen. */
  bedSize?: "single" | "double" | "queen" | "king";
};

export type DrawingView = "main" | "front" | "detail";
export const DRAWING_VIEWS: readonly DrawingView[] = ["main", "front", "detail"];
