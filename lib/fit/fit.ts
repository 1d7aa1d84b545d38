/**
 * "Will it fit?": whether a piece gets through the shopper's door (and the hallway or stairs on
 * the way) and into the space in the room, the way furniture movers judge it. Pure geometry in
 * whole centimetres, shared by the product page's check and its tests.
 *
 * A piece goes through a door one of three ways:
 * - upright: on its feet, carried arm first, so the door sees its depth across and its height;
 * - tilted: leaned back, so the door sees only its diagonal depth (the distance from the bottom
 *   back corner to a straightedge laid from the top of the back to the front of the arm);
 * - on end: stood on an arm, its length upright, which needs headroom under the door to turn.
 * A turn from a hallway into the door is checked as a rectangle pivoting through an L-shaped
 * corridor as wide as the hallway on one side and the door on the other. Pieces that arrive in
 * sections or flat-packed go through as their largest part; the room takes the whole piece.
 */
import type { Dimensions } from "@/lib/db/schema";

export type FitLevel = "fits" | "tight" | "wont-fit";
export type Route = "upright" | "tilted" | "on-end";

/** Total clearance, in cm: under `comfortable` the upholstery rubs (a squeeze), none is no way through. */
export const CLEARANCE = { comfortable: 7.5 } as const;
/** Headroom a piece stood on end needs under the door to be turned: the least, and enough to be easy. */
export const ON_END_HEADROOM = { least: 7.5, comfortable: 10 } as const;
/** Taking the door off its hinges (measuring between the stops) gains about this much width. */
export const DOOR_OFF_HINGES_CM = 3;

export type Measurements = {
  doorWidth: number;
  doorHeight: number;
  /** The narrowest hallway or stair on the way to the door. */
  hallWidth?: number;
  /** The hallway meets the door at a right angle, so the piece must pivot into it. */
  turnIntoDoor: boolean;
  /** The space where the piece will stand: along the wall, and out from it. */
  roomWidth?: number;
  roomDepth?: number;
};

/** What goes through the door: the whole piece, or its largest section or pack. */
export type Part = { width: number; depth: number; height: number; diagonalDepth?: number };

export type Check = {
  what: "door width" | "door height" | "hallway" | "corner" | "headroom" | "room width" | "room depth";
  /** The piece's measurement that meets the opening (for the corner: its length). */
  size: number;
  /** The room it has (for the corner: the longest piece that turns; for headroom: the door's height). */
  room: number;
  /** What is left over, in cm (negative: short by that much). */
  spare: number;
  level: FitLevel;
};

export type RouteResult = { route: Route; level: FitLevel; checks: Check[] };

export type FitAnswer = {
  level: FitLevel;
  /** The way it goes through the door, when it does. */
  route: Route | null;
  /** One or two sentences a shopper reads. */
  reason: string;
  routes: RouteResult[];
  room: Check[];
  /** What went through the door, and whether it is the whole piece. */
  part: Part;
  partName: string | null;
};

const ORDER: FitLevel[] = ["wont-fit", "tight", "fits"];
const worst = (levels: FitLevel[]): FitLevel =>
  levels.reduce<FitLevel>((a, b) => (ORDER.indexOf(b) < ORDER.indexOf(a) ? b : a), "fits");

/** Through an opening: nothing left over is no way through; less than comfortable is a squeeze. */
export function passageLevel(spare: number): FitLevel {
  if (spare <= 0) return "wont-fit";
  return spare < CLEARANCE.comfortable ? "tight" : "fits";
}

/** In the room: touching the walls still fits, snugly. */
function roomLevel(spare: number): FitLevel {
  if (spare < 0) return "wont-fit";
  return spare < CLEARANCE.comfortable ? "tight" : "fits";
}

function headroomLevel(spare: number): FitLevel {
  if (spare < ON_END_HEADROOM.least) return "wont-fit";
  return spare < ON_END_HEADROOM.comfortable ? "tight" : "fits";
}

/**
 * The longest rectangle `across` wide that pivots from a corridor `a` wide into one `b` wide
 * at a right angle: the least, over the angle of the turn, of (a sin t + b cos t - w) / (sin t cos t).
 * Zero when it cannot enter one of them at all.
 */
export function longestThroughCorner(a: number, b: number, across: number): number {
  if (across >= a || across >= b) return 0;
  let least = Infinity;
  const steps = 2000;
  for (let i = 1; i < steps; i++) {
    const t = (i / steps) * (Math.PI / 2);
    const s = Math.sin(t);
    const c = Math.cos(t);
    least = Math.min(least, (a * s + b * c - across) / (s * c));
  }
  return least;
}

function check(what: Check["what"], size: number, room: number, level: (spare: number) => FitLevel): Check {
  const spare = room - size;
  return { what, size, room, spare, level: level(spare) };
}

/**
 * What the door sees of a part going through one way: how wide it is across the opening, how high
 * it stands, and how long it is along the way it travels (what must turn a corner). Null when the
 * part cannot go that way (tilting gains nothing without a diagonal depth below its depth). The
 * check and its drawing both take the piece's size from here.
 */
export function sizeThroughDoor(route: Route, part: Part): { across: number; high: number; along: number } | null {
  const length = part.width;
  switch (route) {
    case "upright":
      return { across: part.depth, high: part.height, along: length };
    case "tilted":
      if (part.diagonalDepth === undefined || part.diagonalDepth >= part.depth) return null;
      // Leaned back, its side stands at most as high as the diagonal of its side.
      return { across: part.diagonalDepth, high: Math.round(Math.hypot(part.depth, part.height)), along: length };
    case "on-end":
      // Stood on an arm: its length upright, its thinner side across.
      return {
        across: Math.min(part.depth, part.height),
        high: length,
        along: Math.max(part.depth, part.height),
      };
  }
}

/** The checks of one way through: the door, the hallway on the way and, when it turns, the corner. */
function throughDoor(route: Route, part: Part, m: Measurements): RouteResult | null {
  const size = sizeThroughDoor(route, part);
  if (!size) return null;
  const { across, high, along } = size;
  const checks: Check[] = [];
  checks.push(check("door width", across, m.doorWidth, passageLevel));
  checks.push(
    route === "on-end"
      ? check("headroom", high, m.doorHeight, headroomLevel)
      : check("door height", high, m.doorHeight, passageLevel),
  );
  if (m.hallWidth !== undefined) {
    checks.push(check("hallway", across, m.hallWidth, passageLevel));
    if (m.turnIntoDoor) {
      const longest = Math.floor(longestThroughCorner(m.hallWidth, m.doorWidth, across));
      checks.push(check("corner", along, longest, passageLevel));
    }
  }
  return { route, level: worst(checks.map((c) => c.level)), checks };
}

/** The whole piece in the space where it will stand; a sleeper also opened into a bed. */
function inRoom(d: Dimensions, m: Measurements): Check[] {
  const checks: Check[] = [];
  if (m.roomWidth !== undefined) checks.push(check("room width", d.width, m.roomWidth, roomLevel));
  if (m.roomDepth !== undefined) {
    checks.push(check("room depth", Math.max(d.depth, d.openLength ?? 0), m.roomDepth, roomLevel));
  }
  return checks;
}

/** How the answer, and the drawing of it, name each way through. */
export const ROUTE_WORDS: Record<Route, string> = {
  upright: "upright",
  tilted: "tilted back",
  "on-end": "stood on end",
};

/** How one check reads: "it is 92 cm deep and the door 80 cm wide"; `short` leaves out the opening. */
export function describeCheck(c: Check, route?: Route, short = false): string {
  const size = `${c.size} cm`;
  const room = (words: string) => (short ? "" : ` ${words}`);
  switch (c.what) {
    case "door width":
      return `it is ${size} ${route === "upright" ? "deep" : "across"}${room(`and the door ${c.room} cm wide`)}`;
    case "door height":
      return `it is ${size} high${room(`and the door ${c.room} cm high`)}`;
    case "headroom":
      return `it is ${size} long on end${room(`under a ${c.room} cm door`)}, and turning it needs ${ON_END_HEADROOM.least} cm above`;
    case "hallway":
      return `it is ${size} across${room(`and the hallway ${c.room} cm wide`)}`;
    case "corner":
      return `it is ${size} long${room(`and the turn into the door takes at most ${Math.max(c.room, 0)} cm`)}`;
    case "room width":
      return `it is ${size} wide${room(`and the space ${c.room} cm`)}`;
    case "room depth":
      return `it reaches ${size} from the wall${room(`and the space ${c.room} cm`)}`;
  }
}

function spareWords(c: Check): string {
  if (c.what === "headroom") return `${formatCm(c.spare)} cm of headroom`;
  return c.spare === 0 ? "no room to spare" : `${formatCm(c.spare)} cm to spare`;
}

const formatCm = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

const tightest = (checks: Check[]): Check =>
  checks.reduce((a, b) =>
    ORDER.indexOf(b.level) < ORDER.indexOf(a.level) || (b.level === a.level && b.spare < a.spare) ? b : a,
  );

/** The piece's largest section or pack, when it does not arrive whole. */
export function partThroughDoor(d: Dimensions): { part: Part; name: string | null } {
  if (d.arrivesIn) return { part: d.arrivesIn.largest, name: d.arrivesIn.largest.name };
  return { part: { width: d.width, depth: d.depth, height: d.height, diagonalDepth: d.diagonalDepth }, name: null };
}

/** "It", or how it arrives and which part goes through the door. */
function subject(d: Dimensions): string {
  const a = d.arrivesIn;
  if (!a) return "It";
  return a.form === "sections"
    ? `It arrives in ${a.parts} sections; the largest, ${a.largest.name},`
    : `It arrives flat-packed; the largest pack, ${a.largest.name},`;
}

/** Fits, tight or won't fit, the way through and why. */
export function willItFit(d: Dimensions, m: Measurements): FitAnswer {
  const { part, name } = partThroughDoor(d);
  const routes = (["upright", "tilted", "on-end"] as const)
    .map((r) => throughDoor(r, part, m))
    .filter((r): r is RouteResult => r !== null);
  // Movers try upright first, then tilted, then on end: the first of the best level wins.
  const best = routes.reduce((a, b) => (ORDER.indexOf(b.level) > ORDER.indexOf(a.level) ? b : a));
  const room = inRoom(d, m);
  const roomWorst = room.length ? tightest(room) : null;
  const level = worst([best.level, ...(roomWorst ? [roomWorst.level] : [])]);
  let reason: string;
  if (best.level === "wont-fit") {
    let said: Check | null = null;
    const why = routes.map((r) => {
      // The first thing in its way: a piece too wide for the door is never stopped "by the turn".
      const c = r.checks.find((x) => x.level === "wont-fit")!;
      const short = said !== null && said.what === c.what && said.room === c.room;
      said = c;
      return `${ROUTE_WORDS[r.route]} ${describeCheck(c, r.route, short)}`;
    });
    reason = `${subject(d)} won't go through: ${why.join("; ")}.`;
    const onlyTheDoor = routes.some((r) =>
      r.checks.every((c) => c.level !== "wont-fit" || (c.what === "door width" && c.spare > -DOOR_OFF_HINGES_CM)),
    );
    if (onlyTheDoor) {
      reason += ` Taking the door off its hinges gains about ${DOOR_OFF_HINGES_CM} cm, which may be enough.`;
    }
  } else {
    const limit = tightest(best.checks);
    reason = `${subject(d)} goes through ${ROUTE_WORDS[best.route]}: ${describeCheck(limit, best.route)} (${spareWords(limit)}).`;
  }
  if (roomWorst && roomWorst.level !== "fits") {
    const opened = roomWorst.what === "room depth" && (d.openLength ?? 0) > d.depth;
    const where = opened ? "Opened into a bed," : "In the room,";
    const verdict = roomWorst.level === "wont-fit" ? "too big for the space" : spareWords(roomWorst);
    reason += ` ${where} ${describeCheck(roomWorst)}: ${verdict}.`;
  }
  return { level, route: best.level === "wont-fit" ? null : best.route, reason, routes, room, part, partName: name };
}
