import type { Dimensions } from "@/lib/db/schema";

/** A line of the drawing, in centimetres from the floor (y up) and from the view's left edge. */
export type Segment = { x1: number; y1: number; x2: number; y2: number };
/** A measure drawn beside a view: the two ends, where the words go and the words. */
export type Measure = Segment & { label: string; side: "below" | "left" };

export type MeasuredView = {
  name: "Front" | "Side";
  width: number;
  height: number;
  /** The piece's outline. */
  outline: Segment[];
  /** Thinner lines inside it: the seat, the cushions' edge. */
  inner: Segment[];
  measures: Measure[];
};

const box = (x: number, y: number, w: number, h: number): Segment[] => [
  { x1: x, y1: y, x2: x + w, y2: y },
  { x1: x + w, y1: y, x2: x + w, y2: y + h },
  { x1: x + w, y1: y + h, x2: x, y2: y + h },
  { x1: x, y1: y + h, x2: x, y2: y },
];

const legsOf = (d: Dimensions) => Math.min(d.legHeight ?? 0, d.height / 3);

/**
 * The outline of a piece with the measures it was given, seen from the front and from the side, in
 * centimetres: a seat (couches, sleepers) has arms and a back around its seat height; a piece with
 * none (an ottoman, a bed frame) is its block on its legs. Drawn at one scale, so a shopper sees
 * the shape the numbers make, not a photograph's perspective.
 */
export function measuredViews(d: Dimensions): MeasuredView[] {
  const legs = legsOf(d);
  const front: MeasuredView = { name: "Front", width: d.width, height: d.height, outline: [], inner: [], measures: [] };
  const side: MeasuredView = { name: "Side", width: d.depth, height: d.height, outline: [], inner: [], measures: [] };
  const seat = d.seatHeight !== undefined && d.seatHeight < d.height ? d.seatHeight : undefined;
  const body = legs;
  if (seat === undefined) {
    front.outline.push(...box(0, body, d.width, d.height - body));
    side.outline.push(...box(0, body, d.depth, d.height - body));
  } else {
    const arm = d.armHeight !== undefined && d.armHeight > seat && d.armHeight <= d.height ? d.armHeight : undefined;
    const armWidth = arm === undefined ? 0 : Math.min(22, d.width * 0.1);
    // Front: the base under the seat, the arms at either end, the back behind the seat.
    front.outline.push(...box(0, body, d.width, seat - body));
    if (arm !== undefined) {
      front.outline.push(...box(0, seat, armWidth, arm - seat), ...box(d.width - armWidth, seat, armWidth, arm - seat));
    }
    front.outline.push(...box(armWidth, seat, d.width - 2 * armWidth, d.height - seat));
    front.inner.push({ x1: armWidth, y1: seat, x2: d.width - armWidth, y2: seat });
    // Side: the seat from the front edge, the back rising at the rear.
    const seatDepth = d.seatDepth !== undefined && d.seatDepth < d.depth ? d.seatDepth : d.depth * 0.65;
    side.outline.push(
      { x1: 0, y1: body, x2: d.depth, y2: body },
      { x1: d.depth, y1: body, x2: d.depth, y2: d.height },
      { x1: d.depth, y1: d.height, x2: seatDepth, y2: d.height },
      { x1: seatDepth, y1: d.height, x2: seatDepth, y2: seat },
      { x1: seatDepth, y1: seat, x2: 0, y2: seat },
      { x1: 0, y1: seat, x2: 0, y2: body },
    );
    if (arm !== undefined) side.inner.push({ x1: 0, y1: arm, x2: seatDepth, y2: arm });
    side.measures.push({ x1: -1, y1: 0, x2: -1, y2: seat, label: `Seat ${seat} cm`, side: "left" });
  }
  for (const view of [front, side]) {
    if (legs > 0) {
      const inset = Math.min(8, view.width * 0.08);
      for (const x of [inset, view.width - inset - 4]) view.outline.push(...box(x, 0, 4, legs));
    }
    view.inner.push({ x1: -4, y1: 0, x2: view.width + 4, y2: 0 });
  }
  front.measures.unshift(
    { x1: 0, y1: 0, x2: d.width, y2: 0, label: `${d.width} cm`, side: "below" },
    { x1: 0, y1: 0, x2: 0, y2: d.height, label: `${d.height} cm`, side: "left" },
  );
  side.measures.unshift({ x1: 0, y1: 0, x2: d.depth, y2: 0, label: `${d.depth} cm`, side: "below" });
  return [front, side];
}

/** The drawing's words for a screen reader: what the lines show. */
export function measuredDescription(d: Dimensions): string {
  const seat = d.seatHeight !== undefined ? `, the seat ${d.seatHeight} cm from the floor` : "";
  return `Drawn to scale from the front and the side: ${d.width} cm wide, ${d.depth} cm deep and ${d.height} cm high${seat}.`;
}
