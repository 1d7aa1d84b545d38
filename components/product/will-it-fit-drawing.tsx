import type { Dimensions } from "@/lib/db/schema";
import {
  describeCheck,
  ROUTE_WORDS,
  sizeThroughDoor,
  type FitAnswer,
  type Measurements,
  type Part,
  type Route,
} from "@/lib/fit/fit";

type Point = [number, number];

/**
 * The side of a couch as the doorway sees it when carried arm first: back on the left, the arm
 * in front of the seat, legs below. An arm as high as the piece draws a plain box (an ottoman).
 */
function profile(depth: number, height: number, arm: number, leg: number): Point[] {
  if (arm >= height)
    return [
      [0, 0],
      [depth, 0],
      [depth, height],
      [0, height],
    ];
  // The back's top leans down to the straightedge from the top of the back to the front of the arm.
  const onLine = (x: number) => height - (x / depth) * (height - arm);
  return [
    [0, 0],
    [depth * 0.08, 0],
    [depth * 0.08, leg],
    [depth * 0.92, leg],
    [depth * 0.92, 0],
    [depth, 0],
    [depth, arm],
    [depth * 0.24, arm],
    [depth * 0.14, onLine(depth * 0.14)],
    [0, height],
  ];
}

/** The front's height that gives the piece its published diagonal depth (for sections and packs). */
function armForDiagonal(part: Part): number {
  const { depth, height, diagonalDepth } = part;
  if (!diagonalDepth || diagonalDepth >= depth || diagonalDepth > height) return height;
  const run = Math.sqrt(Math.max((depth * height) / diagonalDepth, depth) ** 2 - depth ** 2);
  return Math.max(height - run, 0);
}

function rotate(points: Point[], angle: number): Point[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return points.map(([x, y]) => [x * c - y * s, x * s + y * c]);
}

/** The outline the door sees for a route, standing on the floor (y up, in cm). */
function outline(route: Route, answer: FitAnswer, d: Dimensions): Point[] {
  const { part, partName } = answer;
  const whole = partName === null;
  if (route === "on-end") {
    const { across, high } = sizeThroughDoor("on-end", part)!;
    return [
      [0, 0],
      [across, 0],
      [across, high],
      [0, high],
    ];
  }
  const arm = (whole ? d.armHeight : undefined) ?? armForDiagonal(part);
  const side = profile(part.depth, part.height, arm, whole ? Math.min(d.legHeight ?? 0, 20) : 0);
  if (route === "upright") return side;
  // Tilted back until the line from the top of the back to the front of the arm stands upright.
  const angle = -Math.PI / 2 - Math.atan2(arm - part.height, part.depth);
  return rotate(side, angle);
}

/**
 * The piece going through the shopper's door, to scale: the door's opening in the wall and the
 * piece the way it goes through (tilted where that is the way), or, when it cannot, its best try
 * drawn across the frame.
 */
export function FitDrawing({
  answer,
  measurements,
  dimensions,
  name,
}: {
  answer: FitAnswer;
  measurements: Measurements;
  dimensions: Dimensions;
  name: string;
}) {
  const route: Route = answer.route ?? (answer.routes.some((r) => r.route === "tilted") ? "tilted" : "upright");
  const points = outline(route, answer, dimensions);
  const minX = Math.min(...points.map((p) => p[0]));
  const maxX = Math.max(...points.map((p) => p[0]));
  const minY = Math.min(...points.map((p) => p[1]));
  const maxY = Math.max(...points.map((p) => p[1]));
  const pieceW = maxX - minX;
  const pieceH = maxY - minY;
  const { doorWidth: dw, doorHeight: dh } = measurements;
  const wall = 24;
  const width = Math.max(dw, pieceW) + wall * 2;
  const height = Math.max(dh, pieceH) + wall + 18;
  const floor = height - 6;
  const doorX = (width - dw) / 2;
  const x0 = (width - pieceW) / 2 - minX;
  const path = points.map(([x, y], i) => `${i ? "L" : "M"}${(x + x0).toFixed(1)} ${(floor - (y - minY)).toFixed(1)}`);
  const blocked = answer.route === null;
  const way = ROUTE_WORDS[route];
  // What stops the way drawn, said as the answer says it: its width, its height, the hallway or the turn.
  const stop = answer.routes.find((r) => r.route === route)?.checks.find((c) => c.level === "wont-fit");
  const label = blocked
    ? `Drawing: the ${name} ${way} does not go through the ${dw} by ${dh} cm door${stop ? `: ${describeCheck(stop, route)}` : ""}.`
    : `Drawing: the ${name} going ${way} through the ${dw} by ${dh} cm door.`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width.toFixed(0)} ${height.toFixed(0)}`}
      className="h-auto w-full max-w-56"
      data-testid="fit-drawing"
      data-route={route}
    >
      <rect x={0} y={0} width={width} height={floor} fill="var(--color-oat-200)" />
      <rect
        x={doorX}
        y={floor - dh}
        width={dw}
        height={dh}
        fill="var(--color-canvas)"
        stroke="var(--color-stone-600)"
        strokeWidth={2}
      />
      <line x1={0} y1={floor} x2={width} y2={floor} stroke="var(--color-stone-700)" strokeWidth={2} />
      <path
        d={`${path.join(" ")} Z`}
        fill={blocked ? "var(--color-danger)" : "var(--color-olive-600)"}
        fillOpacity={blocked ? 0.25 : 0.35}
        stroke={blocked ? "var(--color-danger)" : "var(--color-olive-800)"}
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <text x={width / 2} y={floor - dh - 6} textAnchor="middle" fontSize={14} fill="var(--color-ink)">
        {dw} cm
      </text>
    </svg>
  );
}
