/**
 * Product illustrations drawn as SVG from a product's drawing spec and a fabric.
 *
 * Pure functions (no Node APIs): the image script calls them to write public/images, and
 * tests call them directly. The 3D-ish look comes from an orthographic three-quarter
 * projection: every flat face of a piece (front, left end, top) is drawn in its own plane
 * as a rounded rectangle or path and mapped to the screen with one affine matrix, so
 * rounded corners, gradients and seams stay crisp and the files stay small.
 */
import type { Fabric } from "@/lib/catalog/fabrics";
import type { DrawingView, FurnitureDrawing } from "@/lib/drawing/types";

// ---------------------------------------------------------------------------------------
// Options -> drawing
// ---------------------------------------------------------------------------------------

const BED_SIZES = ["single", "double", "queen", "king"] as const;
type BedSize = (typeof BED_SIZES)[number];

/** Applies a variation's options ("Size", "Orientation", ...) to a product's base drawing. */
export function resolveDrawing(base: FurnitureDrawing, attributes: Record<string, string>): FurnitureDrawing {
  const d: FurnitureDrawing = { ...base };
  for (const [rawName, rawValue] of Object.entries(attributes)) {
    const name = rawName.trim().toLowerCase();
    const value = (rawValue ?? "").trim().toLowerCase();
    const seats = /(\d)\s*-?\s*seat(er)?s?\b/.exec(value);
    if (seats && d.kind !== "ottoman" && d.kind !== "bed") {
      d.seats = clamp(Number(seats[1]), 1, 4);
    }
    if (d.kind === "bed") {
      const size = BED_SIZES.find((s) => new RegExp(`\\b${s}\\b`).test(value));
      if (size) d.bedSize = size;
    }
    if (
      name.includes("orientation") ||
      name.includes("chaise") ||
      value.includes("chaise") ||
      value.includes("-hand")
    ) {
      if (/\bleft\b/.test(value) || value.startsWith("left")) d.orientation = "left";
      else if (/\bright\b/.test(value) || value.startsWith("right")) d.orientation = "right";
    }
  }
  return d;
}

// ---------------------------------------------------------------------------------------
// Small helpers: numbers, colours, ids
// ---------------------------------------------------------------------------------------

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, Number.isFinite(v) ? v : lo));
}

/** One decimal, no "-0": keeps files small and output stable. */
function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return r === 0 ? "0" : String(r);
}

function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

function rgbOf(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const full =
    h.length === 3
      ? h
          .split("")
          .map((c) => c + c)
          .join("")
      : h.padEnd(6, "0");
  const v = parseInt(full.slice(0, 6), 16);
  return Number.isNaN(v) ? [128, 128, 128] : [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function hexOf(r: number, g: number, b: number): string {
  const c = (x: number) =>
    Math.round(clamp(x, 0, 255))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Blend a towards b by t (0..1). */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgbOf(a);
  const [r2, g2, b2] = rgbOf(b);
  return hexOf(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** FNV-1a, for short stable id prefixes (so several inlined SVGs never share ids). */
function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return ((h >>> 0) % 46656).toString(36).padStart(3, "0");
}

/** Small seeded PRNG for textures and leaves: same seed, same picture. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WARM_WHITE = "#fffaf1";
const INK = "#231f1b";

// ---------------------------------------------------------------------------------------
// SVG document with de-duplicated defs
// ---------------------------------------------------------------------------------------

type Stop = readonly [offset: number, color: string, opacity?: number];

class Doc {
  private defs: string[] = [];
  private ids = new Map<string, string>();
  private rules = new Map<string, string>();
  constructor(private readonly prefix: string) {}

  /** Registers a def once per distinct content and returns its id. */
  def(key: string, make: (id: string) => string): string {
    const known = this.ids.get(key);
    if (known) return known;
    const id = `${this.prefix}${this.ids.size.toString(36)}`;
    this.ids.set(key, id);
    this.defs.push(make(id));
    return id;
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${n(o)}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${n(a * 100) === "0" ? 0 : Math.round(a * 100) / 100}"`}/>`,
      )
      .join("");
  }

  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const body = this.stops(stops);
    const id = this.def(
      `L${x1},${y1},${x2},${y2}${body}`,
      (i) => `<linearGradient id="${i}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${body}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const body = this.stops(stops);
    const id = this.def(
      `R${cx},${cy},${r}${body}`,
      (i) => `<radialGradient id="${i}" cx="${cx}" cy="${cy}" r="${r}">${body}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  blur(sd: number): string {
    const id = this.def(
      `B${sd}`,
      (i) =>
        `<filter id="${i}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
    );
    return `url(#${id})`;
  }

  /** Fine noise over the upholstery so flat fills read as cloth (dark specks, or light ones for bouclé). */
  grain(freq: number, strength: number, light = false): string {
    const id = this.def(`G${freq},${strength},${light}`, (i) => {
      const c = light ? 1 : 0;
      const rows = `0 0 0 0 ${c}  0 0 0 0 ${c}  0 0 0 0 ${c}  ${strength} 0 0 0 ${-Math.round(strength * 40) / 100}`;
      return (
        `<filter id="${i}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">` +
        `<feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="7"/>` +
        `<feColorMatrix values="${rows}"/>` +
        `<feComposite in2="SourceGraphic" operator="in"/>` +
        `<feMerge><feMergeNode in="SourceGraphic"/><feMergeNode/></feMerge></filter>`
      );
    });
    return `url(#${id})`;
  }

  /** A CSS rule for a class; returns the class name. */
  css(rule: string): string {
    const known = this.rules.get(rule);
    if (known) return known;
    const name = `${this.prefix}c${this.rules.size.toString(36)}`;
    this.rules.set(rule, name);
    return name;
  }

  xml(): string {
    const style = this.rules.size
      ? `<style>${[...this.rules].map(([rule, name]) => `.${name}{${rule}}`).join("")}</style>`
      : "";
    return this.defs.length || style ? `<defs>${style}${this.defs.join("")}</defs>` : "";
  }
}

function svgDocument(w: number, h: number, title: string | undefined, doc: Doc, body: string): string {
  const t = title ? `<title>${escapeXml(title)}</title>` : "";
  const aria = title ? ` role="img"` : ` aria-hidden="true"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"${aria}>${t}${doc.xml()}${body}</svg>`;
}

// ---------------------------------------------------------------------------------------
// Fabric tones and fills
// ---------------------------------------------------------------------------------------

type Tones = { base: string; light: string; lighter: string; dark: string; shade: string; deep: string; seam: string };

function tones(f: Pick<Fabric, "hex" | "shade" | "family">): Tones {
  const dark = luminance(f.hex) < 0.3;
  const hi = (f.family === "Velvet" ? 0.2 : f.family === "Leather" ? 0.17 : 0.13) + (dark ? 0.07 : 0);
  return {
    base: f.hex,
    light: mix(f.hex, WARM_WHITE, hi),
    lighter: mix(f.hex, WARM_WHITE, hi * 2),
    dark: mix(f.hex, f.shade, 0.6),
    shade: f.shade,
    deep: mix(f.shade, INK, 0.35),
    seam: mix(f.shade, INK, dark ? 0.1 : 0.2),
  };
}

type Fills = {
  t: Tones;
  readonly top: string;
  readonly front: string;
  readonly side: string;
  readonly pillow: string;
  family: Fabric["family"];
  stitch?: string;
};

function fabricFills(doc: Doc, f: Pick<Fabric, "hex" | "shade" | "family">): Fills {
  const t = tones(f);
  const velvet = f.family === "Velvet";
  const leather = f.family === "Leather";
  const top: Stop[] = leather
    ? [
        [0, t.dark],
        [0.45, t.light],
        [0.62, t.lighter],
        [1, t.light],
      ]
    : velvet
      ? [
          [0, t.dark],
          [0.55, t.base],
          [0.85, t.lighter],
          [1, t.light],
        ]
      : [
          [0, t.dark],
          [0.5, t.base],
          [1, t.light],
        ];
  const front: Stop[] = velvet
    ? [
        [0, t.lighter],
        [0.14, t.light],
        [0.4, t.base],
        [1, t.dark],
      ]
    : leather
      ? [
          [0, t.lighter],
          [0.2, t.base],
          [0.75, t.base],
          [1, t.dark],
        ]
      : [
          [0, t.light],
          [0.3, t.base],
          [1, t.dark],
        ];
  // Gradients are registered on first use only, so unused ones never reach the file.
  return {
    t,
    family: f.family,
    get top() {
      return doc.linear(top);
    },
    get front() {
      return doc.linear(front);
    },
    get side() {
      return doc.linear(
        [
          [0, t.dark],
          [0.7, t.base],
          [1, t.light],
        ],
        0,
        0,
        1,
        0,
      );
    },
    get pillow() {
      return doc.radial(
        [
          [0, velvet || leather ? t.lighter : t.light],
          [0.55, t.base],
          [1, t.dark],
        ],
        0.38,
        0.3,
        0.8,
      );
    },
    ...(leather ? { stitch: t.lighter } : {}),
  };
}

function grainFor(doc: Doc, family: Fabric["family"]): string {
  switch (family) {
    case "Bouclé":
      return doc.grain(0.45, 0.7, true);
    case "Linen weave":
      return doc.grain(0.85, 0.32);
    case "Performance weave":
      return doc.grain(1.1, 0.32);
    case "Velvet":
      return doc.grain(1.3, 0.22);
    case "Leather":
      return doc.grain(0.6, 0.14);
    default:
      // A family the drawings do not know yet (added in the back office): a plain weave's grain.
      return doc.grain(1.1, 0.32);
  }
}

// ---------------------------------------------------------------------------------------
// Projection and faces
// ---------------------------------------------------------------------------------------

type Cam = { ct: number; st: number; cp: number; sp: number };

function camera(thetaDeg: number, phiDeg: number): Cam {
  const t = (thetaDeg * Math.PI) / 180;
  const p = (phiDeg * Math.PI) / 180;
  return { ct: Math.cos(t), st: Math.sin(t), cp: Math.cos(p), sp: Math.sin(p) };
}

const CAM_MAIN = camera(32, 15);
const CAM_BED = camera(40, 17);
const CAM_FRONT = camera(0, 4);

type P3 = readonly [number, number, number];
type Radii = readonly [tl: number, tr: number, br: number, bl: number];
type Box = { x0: number; x1: number; y0: number; y1: number; z0: number; z1: number };
type BoxStyle = {
  front: string;
  side: string;
  top: string;
  /** Fill behind the faces that closes the gaps rounded corners leave. */
  back?: string;
  r?: number;
  rt?: number;
  stroke?: string;
  /** Custom outline of the front face, in the front plane's local coordinates. */
  frontShape?: (x: number, y: number, w: number, h: number) => string;
  /** Leather: a row of stitches just inside the front face. */
  stitch?: string;
  /** The left end is hidden by a neighbour drawn later: skip it. */
  noSide?: boolean;
};
type BBox = readonly [number, number, number, number];
type Item = { s: string; bb?: BBox; plain?: boolean };

/** Rounded rectangle with its own radius per corner (tl, tr, br, bl). */
function rrPath(x: number, y: number, w: number, h: number, r: number | Radii): string {
  const lim = Math.min(Math.abs(w), Math.abs(h)) / 2;
  const [tl, tr, br, bl] = (typeof r === "number" ? [r, r, r, r] : r).map((v) => Math.max(0, Math.min(v, lim)));
  const a = (rad: number, ex: number, ey: number) => (rad > 0 ? `A${n(rad)} ${n(rad)} 0 0 1 ${n(ex)} ${n(ey)}` : "");
  return (
    `M${n(x + (tl ?? 0))} ${n(y)}H${n(x + w - (tr ?? 0))}${a(tr ?? 0, x + w, y + (tr ?? 0))}` +
    `V${n(y + h - (br ?? 0))}${a(br ?? 0, x + w - (br ?? 0), y + h)}` +
    `H${n(x + (bl ?? 0))}${a(bl ?? 0, x, y + h - (bl ?? 0))}` +
    `V${n(y + (tl ?? 0))}${a(tl ?? 0, x + (tl ?? 0), y)}Z`
  );
}

/** A closed polygon pulled in a little at each corner, so it hides under rounded faces. */
function insetPolygon(pts: readonly (readonly [number, number])[], d: number): string {
  const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
  const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
  return (
    pts
      .map(([x, y], i) => {
        const l = Math.hypot(cx - x, cy - y) || 1;
        const k = Math.min(d, l / 2) / l;
        return `${i ? "L" : "M"}${n(x + (cx - x) * k)} ${n(y + (cy - y) * k)}`;
      })
      .join("") + "Z"
  );
}

/**
 * World units are centimetres: x along the piece (left to right), y up from the floor,
 * z from the back towards the viewer. The camera turns the piece so its front and its
 * left end show, and looks down a little. Every face is drawn flat in its own plane and
 * mapped to the screen with one matrix, so textures foreshorten with the surface.
 */
class Scene {
  readonly items: Item[] = [];
  minX = Infinity;
  maxX = -Infinity;
  minY = Infinity;
  maxY = -Infinity;
  /** Floor contact points for small contact shadows. */
  readonly feet: [number, number][] = [];
  /** Floor footprint corners for the big soft shadow. */
  readonly footprint: [number, number][] = [];
  readonly sides: boolean;
  /** Close-up only: a weave pattern laid over every upholstered face. */
  tex = "";
  readonly texFills = new Set<string>();
  /** Close-up only: the point the detail view centres on, and its zoom. */
  focus: P3 | undefined;
  focusScale = 7;
  /** While true, drawn items (legs, steel) skip the fabric grain filter. */
  plain = false;
  /** Seam styles used, as [opacity, width]; written as classes when the scene is finished. */
  readonly seams: [number, number][] = [];

  constructor(
    readonly cam: Cam,
    readonly doc: Doc,
    /** Seam width in screen pixels. */
    readonly stroke = 1,
    readonly detail = false,
  ) {
    this.sides = cam.st > 0.01;
  }

  p(x: number, y: number, z: number): [number, number] {
    const { ct, st, cp, sp } = this.cam;
    return [x * ct + z * st, -y * cp + (-x * st + z * ct) * sp];
  }

  track(...pts: P3[]): BBox {
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (const [x, y, z] of pts) {
      const [X, Y] = this.p(x, y, z);
      x0 = Math.min(x0, X);
      x1 = Math.max(x1, X);
      y0 = Math.min(y0, Y);
      y1 = Math.max(y1, Y);
    }
    this.grow([x0, y0, x1, y1]);
    return [x0, y0, x1, y1];
  }

  grow(bb: BBox): void {
    this.minX = Math.min(this.minX, bb[0]);
    this.minY = Math.min(this.minY, bb[1]);
    this.maxX = Math.max(this.maxX, bb[2]);
    this.maxY = Math.max(this.maxY, bb[3]);
  }

  mFront(z: number): string {
    const { ct, st, cp, sp } = this.cam;
    return `matrix(${r4(ct)} ${r4(-st * sp)} 0 ${r4(cp)} ${n(z * st)} ${n(z * ct * sp)})`;
  }
  mSide(x: number): string {
    const { ct, st, cp, sp } = this.cam;
    return `matrix(${r4(st)} ${r4(ct * sp)} 0 ${r4(cp)} ${n(x * ct)} ${n(-x * st * sp)})`;
  }
  mTop(y: number): string {
    const { ct, st, cp, sp } = this.cam;
    return `matrix(${r4(ct)} ${r4(-st * sp)} ${r4(st)} ${r4(ct * sp)} 0 ${n(-y * cp)})`;
  }

  add(s: string, bb?: BBox): void {
    this.items.push({ s, ...(bb ? { bb } : {}), ...(this.plain ? { plain: true } : {}) });
  }

  /** Registers an upholstery fill (gets the weave in the close-up). */
  fab(fill: string): string {
    this.texFills.add(fill);
    return fill;
  }

  /** A seam in the fabric's shade, as a class (see finishScene). */
  seam(opacity = 0.55, width = 1): string {
    let i = this.seams.findIndex(([o, w]) => o === opacity && w === width);
    if (i < 0) i = this.seams.push([opacity, width]) - 1;
    return ` class="${SEAM_TOKEN}${i}"`;
  }

  /** Free drawing in a face plane, in that plane's local coordinates. */
  inFront(z: number, body: string, pts?: P3[]): void {
    this.add(`<g transform="${this.mFront(z)}">${body}</g>`, pts && this.track(...pts));
  }
  inSide(x: number, body: string, pts?: P3[]): void {
    if (this.sides) this.add(`<g transform="${this.mSide(x)}">${body}</g>`, pts && this.track(...pts));
  }
  inTop(y: number, body: string, pts?: P3[]): void {
    this.add(`<g transform="${this.mTop(y)}">${body}</g>`, pts && this.track(...pts));
  }

  /** One face: its fill, the weave over it in close-ups, then its seam. */
  shape(d: string, transform: string, fill: string, extra: string, bb: BBox): void {
    const tr = transform ? ` transform="${transform}"` : "";
    if (this.tex && this.texFills.has(fill)) {
      this.add(`<path d="${d}"${tr} fill="${fill}"/><path d="${d}"${tr} fill="${this.tex}"${extra}/>`, bb);
    } else {
      this.add(`<path d="${d}"${tr} fill="${fill}"${extra}/>`, bb);
    }
  }

  front(z: number, x0: number, x1: number, y0: number, y1: number, r: number | Radii, fill: string, extra = ""): void {
    const bb = this.track([x0, y0, z], [x1, y1, z], [x0, y1, z], [x1, y0, z]);
    this.shape(rrPath(x0, -y1, x1 - x0, y1 - y0, r), this.mFront(z), fill, extra, bb);
  }
  side(x: number, z0: number, z1: number, y0: number, y1: number, r: number | Radii, fill: string, extra = ""): void {
    if (!this.sides) return;
    const bb = this.track([x, y0, z0], [x, y1, z1], [x, y1, z0], [x, y0, z1]);
    this.shape(rrPath(z0, -y1, z1 - z0, y1 - y0, r), this.mSide(x), fill, extra, bb);
  }
  top(y: number, x0: number, x1: number, z0: number, z1: number, r: number | Radii, fill: string, extra = ""): void {
    const bb = this.track([x0, y, z0], [x1, y, z1], [x0, y, z1], [x1, y, z0]);
    this.shape(rrPath(x0, z0, x1 - x0, z1 - z0, r), this.mTop(y), fill, extra, bb);
  }
  poly(pts: P3[], fill: string, extra = ""): void {
    const bb = this.track(...pts);
    const d = pts.map(([x, y, z], i) => {
      const [X, Y] = this.p(x, y, z);
      return `${i ? "L" : "M"}${n(X)} ${n(Y)}`;
    });
    this.shape(`${d.join("")}Z`, "", fill, extra, bb);
  }

  box(b: Box, s: BoxStyle): void {
    const r = s.r ?? 2;
    const rt = s.rt ?? r;
    const st = s.stroke ?? "";
    const { x0, x1, y0, y1, z0, z1 } = b;
    const outline: P3[] = this.sides
      ? [
          [x0, y0, z0],
          [x0, y1, z0],
          [x1, y1, z0],
          [x1, y1, z1],
          [x1, y0, z1],
          [x0, y0, z1],
        ]
      : [
          [x0, y1, z0],
          [x1, y1, z0],
          [x1, y0, z1],
          [x0, y0, z1],
        ];
    const bb = this.track(...outline);
    // Seen straight on, a puffed cushion's thin top strip would poke out past its bulge.
    const flat = !this.sides && !!s.frontShape;
    if (Math.min(r, rt) > 1 && !flat) {
      const backFill = s.back ?? (this.sides ? s.side : s.front);
      this.add(
        `<path d="${insetPolygon(
          outline.map(([x, y, z]) => this.p(x, y, z)),
          Math.min(r, rt) * 0.45,
        )}" fill="${backFill}"/>`,
        bb,
      );
    }
    const inner = this.sides ? 0 : r;
    if (!s.noSide) this.side(x0, z0, z1, y0, y1, [r, 0, r, r], s.side, st);
    if (!flat) this.top(y1, x0, x1, z0, z1, [rt, rt, rt, this.sides ? 0 : rt], s.top, st);
    if (s.frontShape) {
      const fb = this.track([x0, y0, z1], [x1, y1, z1]);
      this.shape(s.frontShape(x0, -y1, x1 - x0, y1 - y0), this.mFront(z1), s.front, st, fb);
    } else {
      this.front(z1, x0, x1, y0, y1, [inner, r, r, r], s.front, st);
    }
    if (s.stitch && this.detail) {
      this.inFront(
        z1,
        `<path d="${rrPath(x0 + 1.3, -y1 + 1.3, x1 - x0 - 2.6, y1 - y0 - 2.6, Math.max(0, r - 1))}" fill="none" stroke="${s.stitch}" stroke-opacity=".7" stroke-width=".18" stroke-dasharray=".7 .45"/>`,
        [
          [x0, y0, z1],
          [x1, y1, z1],
        ],
      );
    }
  }

  foot(x: number, z: number): void {
    this.feet.push([x, z]);
  }
}

/** Seam strokes are written with a token and coloured per piece when a scene is finished. */
const SEAM_TOKEN = "SEAM";

function r4(v: number): string {
  const r = Math.round(v * 1000) / 1000;
  return r === 0 ? "0" : String(r);
}

/** A soft, slightly bulging cushion outline in local coordinates. */
function pillowPath(x: number, y: number, w: number, h: number, r: number, bulge: number): string {
  const x1 = x + w;
  const y1 = y + h;
  return (
    `M${n(x + r)} ${n(y)}Q${n(x + w / 2)} ${n(y - bulge * 2)} ${n(x1 - r)} ${n(y)}Q${n(x1)} ${n(y)} ${n(x1)} ${n(y + r)}` +
    `Q${n(x1 + bulge * 2)} ${n(y + h / 2)} ${n(x1)} ${n(y1 - r)}Q${n(x1)} ${n(y1)} ${n(x1 - r)} ${n(y1)}` +
    `Q${n(x + w / 2)} ${n(y1 + bulge * 2)} ${n(x + r)} ${n(y1)}Q${n(x)} ${n(y1)} ${n(x)} ${n(y1 - r)}` +
    `Q${n(x - bulge * 2)} ${n(y + h / 2)} ${n(x)} ${n(y + r)}Q${n(x)} ${n(y)} ${n(x + r)} ${n(y)}Z`
  );
}

// ---------------------------------------------------------------------------------------
// Legs
// ---------------------------------------------------------------------------------------

type LegStyle = NonNullable<FurnitureDrawing["legs"]>;

function legHeight(style: LegStyle): number {
  return style === "hidden" ? 4 : style === "block" ? 9 : style === "metal" ? 15 : 14;
}

const OAK = { light: "#c9a273", base: "#a67c52", dark: "#6f4f33" };
const WALNUT = { light: "#7a5a40", base: "#5b4331", dark: "#3b2b1f" };
const STEEL = { light: "#77736e", base: "#3a3836", dark: "#1f1e1d" };

function drawLeg(sc: Scene, style: LegStyle, x: number, z: number, h: number): void {
  sc.foot(x, z);
  if (style === "hidden") return;
  sc.plain = true;
  drawLegShape(sc, style, x, z, h);
  sc.plain = false;
}

function drawLegShape(sc: Scene, style: LegStyle, x: number, z: number, h: number): void {
  const doc = sc.doc;
  if (style === "tapered-wood") {
    const fr = doc.linear(
      [
        [0, OAK.light],
        [0.55, OAK.base],
        [1, OAK.dark],
      ],
      0,
      0,
      1,
      0,
    );
    const sd = doc.linear(
      [
        [0, OAK.dark],
        [1, OAK.base],
      ],
      0,
      0,
      1,
      0,
    );
    const t = 2.6;
    const b = 1.3;
    const dx = 1.2; // slight splay outwards
    sc.poly(
      [
        [x - t, h, z + t],
        [x - b - dx, 0, z + b + dx * 0.4],
        [x - b - dx, 0, z - b + dx * 0.4],
        [x - t, h, z - t],
      ],
      sd,
    );
    sc.poly(
      [
        [x - t, h, z + t],
        [x + t, h, z + t],
        [x + b - dx, 0, z + b + dx * 0.4],
        [x - b - dx, 0, z + b + dx * 0.4],
      ],
      fr,
    );
    // a brass ferrule at the foot
    sc.poly(
      [
        [x - b - dx * 0.9, 1.4, z + b + dx * 0.4],
        [x + b - dx * 0.9, 1.4, z + b + dx * 0.4],
        [x + b - dx, 0, z + b + dx * 0.4],
        [x - b - dx, 0, z + b + dx * 0.4],
      ],
      "#b59a66",
    );
    return;
  }
  const w = style === "block" ? 3.6 : 1.1;
  const c = style === "block" ? WALNUT : STEEL;
  const fr = doc.linear(
    [
      [0, c.light],
      [0.45, c.base],
      [1, c.dark],
    ],
    0,
    0,
    1,
    0,
  );
  sc.box(
    { x0: x - w, x1: x + w, y0: 0, y1: h, z0: z - w, z1: z + w },
    { front: fr, side: c.dark, top: c.base, r: style === "block" ? 0.8 : 0.3 },
  );
}

function plinth(sc: Scene, t: Tones, b: Box): void {
  const c = mix(t.deep, INK, 0.35);
  sc.box(b, { front: c, side: c, top: c, r: 0.5 });
}

// ---------------------------------------------------------------------------------------
// Sofas, sleepers and corner couches
// ---------------------------------------------------------------------------------------

type SofaOpts = { chaise?: "left" | "right"; pullOut?: "full" | "peek" };

function drawSofa(sc: Scene, d: FurnitureDrawing, fill: Fills, opts: SofaOpts = {}): void {
  const t = fill.t;
  const doc = sc.doc;
  const F = { front: sc.fab(fill.front), side: sc.fab(fill.side), top: sc.fab(fill.top), back: t.dark };
  const pillow = sc.fab(fill.pillow);
  const seats = clamp(Math.round(d.seats ?? 3), 1, 4);
  const arm = d.arm ?? "track";
  const legs = d.legs ?? "tapered-wood";
  const back = d.back ?? "cushion";
  const armW = arm === "none" ? 0 : arm === "rolled" ? 19 : arm === "slope" ? 17 : 15;
  const seatW = seats === 1 ? 70 : 62;
  const W = seats * seatW + armW * 2;
  const D = d.kind === "sleeper" ? 98 : 94;
  const L = opts.chaise ? 68 : 0;
  const legH = legHeight(legs);
  const b0 = legH;
  const b1 = legH + 19;
  const seatTop = b1 + 13;
  const armTop = legH + 47;
  const backTop = legH + 69;
  const tight = back !== "cushion";
  const backD = tight ? 28 : 18;
  const seatZ0 = tight ? backD : 36;
  const chaiseSlot = opts.chaise === "left" ? 0 : opts.chaise === "right" ? seats - 1 : -1;
  const slotX0 = (i: number) => armW + i * seatW;
  const leftLen = opts.chaise === "left" ? D + L : D;
  const rightLen = opts.chaise === "right" ? D + L : D;
  const seamed = sc.seam();
  const soft = sc.seam(0.35);
  sc.focus = [armW + 4, legH + 21, leftLen];
  sc.focusScale = 6.6;

  // Legs first: everything else sits on them.
  const inset = 5;
  const legXs: [number, number][] = [
    [inset, inset + 2],
    [W - inset, inset + 2],
    [inset, leftLen - inset],
    [W - inset, rightLen - inset],
  ];
  if (opts.chaise === "left") legXs.push([slotX0(1) - inset, D + L - inset]);
  if (opts.chaise === "right")
    legXs.push([slotX0(seats - 1) + inset, D + L - inset], [slotX0(seats - 1) + 2, D - inset]);
  if (seats >= 3 && !opts.chaise) legXs.push([W / 2, D - inset]);
  if (legs === "hidden") {
    plinth(sc, t, { x0: 6, x1: W - 6, y0: 0, y1: legH + 1, z0: 6, z1: D - 6 });
    if (opts.chaise) {
      const cx0 = slotX0(chaiseSlot) + (opts.chaise === "left" ? -armW + 6 : 4);
      plinth(sc, t, {
        x0: cx0,
        x1: slotX0(chaiseSlot) + seatW + (opts.chaise === "right" ? armW - 6 : -4),
        y0: 0,
        y1: legH + 1,
        z0: D - 8,
        z1: D + L - 6,
      });
    }
  }
  for (const [x, z] of [...legXs].sort((a, b) => b[0] - a[0] || a[1] - b[1])) drawLeg(sc, legs, x, z, legH);
  sc.footprint.push([0, 0], [W, 0], [0, leftLen], [W, rightLen]);
  if (opts.chaise) {
    const cx = slotX0(chaiseSlot);
    sc.footprint.push([cx, D + L], [cx + seatW, D + L]);
  }

  const drawArm = (x0: number, len: number, right: boolean): void => {
    if (arm === "none") return;
    const x1 = x0 + armW;
    if (arm === "track") {
      sc.box({ x0, x1, y0: b0, y1: armTop, z0: 0, z1: len }, { ...F, r: 3, rt: 4, stroke: soft, stitch: fill.stitch });
      sc.inFront(len, `<path d="M${n(x0 + 2.4)} ${n(-armTop + 2.4)}H${n(x1 - 2.4)}" fill="none"${soft}/>`);
    } else if (arm === "rolled") {
      const rollH = 17;
      const flare = 3;
      sc.box({ x0, x1, y0: b0, y1: armTop - rollH + 3, z0: 0, z1: len - 1 }, { ...F, r: 2 });
      const rx0 = right ? x0 : x0 - flare;
      const rx1 = right ? x1 + flare : x1;
      const roll = sc.fab(
        doc.linear([
          [0, t.lighter],
          [0.45, t.base],
          [1, t.dark],
        ]),
      );
      sc.box(
        { x0: rx0, x1: rx1, y0: armTop - rollH, y1: armTop, z0: 0, z1: len },
        {
          front: pillow,
          side: roll,
          top: F.top,
          back: t.dark,
          r: rollH / 2,
          rt: 6,
          stroke: soft,
          frontShape: (x, y, w, h) => rrPath(x, y, w, h, h / 2),
        },
      );
      const cx = (rx0 + rx1) / 2;
      sc.inFront(len, `<path d="M${n(cx - 1)} ${n(-armTop + rollH / 2)}a4.5 4.5 0 1 1 4.5 4.5" fill="none"${seamed}/>`);
      sc.front(len, x0 + 1.5, x1 - 1.5, b0 + 1, armTop - rollH + 1, 2, F.front, soft);
    } else {
      const hiY = armTop + 4;
      const loY = armTop - 7;
      const pts: P3[] = [
        [x0, hiY, 0],
        [x0, b0, len],
      ];
      const bb = sc.track(...pts);
      if (sc.sides) {
        const dd = `M0 ${n(-b0)}V${n(-hiY + 3)}Q0 ${n(-hiY)} 4 ${n(-hiY)}L${n(len)} ${n(-loY - 0.5)}V${n(-b0 - 2)}Q${n(len)} ${n(-b0)} ${n(len - 2)} ${n(-b0)}Z`;
        sc.shape(dd, sc.mSide(x0), F.side, soft, bb);
      }
      sc.poly(
        [
          [x0, hiY, 2],
          [x1, hiY, 2],
          [x1, loY, len - 2],
          [x0, loY, len - 2],
        ],
        F.top,
      );
      sc.front(len, x0, x1, b0, loY + 0.5, [sc.sides ? 0 : 4, 4, 4, 4], F.front, soft);
    }
  };

  // Far arm, then the back, the base, cushions from right to left, then the near arm.
  drawArm(W - armW, rightLen, true);
  const backX0 = armW;
  const backX1 = W - armW;
  const frameTop = tight ? backTop : backTop - 5;
  sc.box(
    { x0: backX0, x1: backX1, y0: b0, y1: frameTop, z0: 0, z1: backD },
    { ...F, r: tight ? 6 : 3, rt: tight ? 9 : 5, stroke: soft },
  );
  if (tight) {
    let detail = `<path d="M${n(backX0 + 6)} ${n(-frameTop + 3.5)}H${n(backX1 - 6)}" fill="none"${soft}/>`;
    if (back === "tufted") {
      const rows = [seatTop + 9, seatTop + 21];
      const cols = Math.max(3, seats * 3);
      const step = (backX1 - backX0) / cols;
      for (let r = 0; r < rows.length; r++) {
        for (let c = 0; c < cols + (r % 2 ? 0 : -1); c++) {
          const cx = backX0 + step * (c + (r % 2 ? 0.5 : 1));
          const cy = -(rows[r] ?? 0);
          detail += `<path d="M${n(cx - step / 2)} ${n(cy - 6)}L${n(cx)} ${n(cy)}L${n(cx + step / 2)} ${n(cy - 6)}M${n(cx - step / 2)} ${n(cy + 6)}L${n(cx)} ${n(cy)}L${n(cx + step / 2)} ${n(cy + 6)}" fill="none"${sc.seam(0.3)}/>`;
          detail += `<circle cx="${n(cx)}" cy="${n(cy)}" r="1.2" fill="${t.deep}"/>`;
        }
      }
    } else {
      for (let i = 1; i < seats; i++)
        detail += `<path d="M${n(slotX0(i))} ${n(-frameTop + 6)}V${n(-seatTop - 2)}" fill="none"${sc.seam(0.3)}/>`;
    }
    sc.inFront(backD, detail, [
      [backX0, seatTop, backD],
      [backX1, frameTop, backD],
    ]);
  }

  // Seat base (the rail under the cushions).
  const railZ = D - 1;
  sc.box(
    { x0: armW, x1: W - armW, y0: b0, y1: b1, z0: backD - 2, z1: railZ },
    { ...F, top: t.dark, r: 2.5, stroke: soft },
  );
  if (opts.chaise) {
    const cx0 = slotX0(chaiseSlot);
    sc.box(
      { x0: cx0, x1: cx0 + seatW, y0: b0, y1: b1, z0: railZ - 2, z1: railZ + L },
      { ...F, top: t.dark, r: 2.5, stroke: soft },
    );
  }
  if (opts.pullOut) drawPullOut(sc, armW, W - armW, b0 + 3, railZ, opts.pullOut === "full" ? 118 : 24);

  // Back cushions, far to near.
  if (!tight) {
    for (let i = seats - 1; i >= 0; i--) {
      const x0 = slotX0(i) + 0.8;
      const x1 = slotX0(i + 1) - 0.8;
      sc.box(
        { x0, x1, y0: b1, y1: backTop + 1, z0: backD - 1, z1: backD + 16 },
        {
          ...F,
          front: pillow,
          r: 7,
          stroke: seamed,
          noSide: i > 0,
          frontShape: (x, y, w, h) => pillowPath(x, y, w, h, 7, 1.6),
        },
      );
    }
  }

  // Seat cushions, far to near, with a highlight along the front piping.
  for (let i = seats - 1; i >= 0; i--) {
    const x0 = slotX0(i) + 0.6;
    const x1 = slotX0(i + 1) - 0.6;
    const z1 = i === chaiseSlot ? D + L : D;
    sc.box(
      { x0, x1, y0: b1, y1: seatTop, z0: seatZ0, z1 },
      { ...F, r: 4, rt: 5, stroke: seamed, stitch: fill.stitch, noSide: i > 0 && i !== chaiseSlot },
    );
    sc.inFront(
      z1,
      `<path d="M${n(x0 + 4)} ${n(-seatTop + 1.4)}H${n(x1 - 4)}" fill="none" stroke="${t.lighter}" stroke-opacity=".55" stroke-width="${n(sc.stroke)}" vector-effect="non-scaling-stroke"/>`,
    );
  }

  drawArm(0, leftLen, false);
}

/** A sleeper's mattress pulled out (category picture) or just peeking out (close-up). */
function drawPullOut(sc: Scene, x0: number, x1: number, y: number, z0: number, len: number): void {
  const ticking = { light: "#f8f5ef", base: "#ece6db", dark: "#cdc3b2" };
  const doc = sc.doc;
  const top = doc.linear([
    [0, ticking.base],
    [1, ticking.light],
  ]);
  const front = doc.linear([
    [0, ticking.light],
    [1, ticking.dark],
  ]);
  const full = len > 60;
  if (full) {
    for (const x of [x1 - 8, x0 + 7]) {
      sc.box(
        { x0: x, x1: x + 1.6, y0: 0, y1: y + 2, z0: z0 + len - 10, z1: z0 + len - 8.4 },
        { front: STEEL.base, side: STEEL.dark, top: STEEL.base, r: 0.3 },
      );
      sc.foot(x + 0.8, z0 + len - 9);
    }
    sc.footprint.push([x0, z0 + len], [x1, z0 + len]);
  }
  sc.box(
    { x0: x0 + 2, x1: x1 - 2, y0: y, y1: y + 2.5, z0: z0 - 4, z1: z0 + len + 0.5 },
    { front: STEEL.base, side: STEEL.dark, top: STEEL.base, r: 0.4 },
  );
  sc.box(
    { x0: x0 + 2.5, x1: x1 - 2.5, y0: y + 2.5, y1: y + 14, z0: z0 - 4, z1: z0 + len },
    { front, side: front, top, r: 4, stroke: sc.seam(0.3) },
  );
  let q = "";
  const cols = Math.max(3, Math.round((x1 - x0) / 30));
  for (let i = 1; i < cols; i++) q += `M${n(x0 + 2.5 + ((x1 - x0 - 5) * i) / cols)} ${n(z0 + 2)}V${n(z0 + len - 3)}`;
  for (let z = z0 + 22; z < z0 + len - 8; z += 22) q += `M${n(x0 + 5)} ${n(z)}H${n(x1 - 5)}`;
  sc.inTop(
    y + 14,
    `<path d="${q}" fill="none" stroke="${ticking.dark}" stroke-width="${n(sc.stroke)}" stroke-dasharray="3 3" vector-effect="non-scaling-stroke"/>`,
    [
      [x0, y + 14, z0],
      [x1, y + 14, z0 + len],
    ],
  );
  if (!full) return;
  const pw = Math.min(58, (x1 - x0) / 2 - 8);
  for (const px of [x1 - pw - 6, x0 + 6]) {
    sc.box(
      { x0: px, x1: px + pw, y0: y + 14, y1: y + 25, z0: z0 + 2, z1: z0 + 30 },
      {
        front: doc.radial([
          [0, "#fffdf8"],
          [1, ticking.base],
        ]),
        side: front,
        top,
        r: 6,
        rt: 8,
        stroke: sc.seam(0.25),
        frontShape: (x, yy, w, h) => pillowPath(x, yy, w, h, 5.5, 2),
      },
    );
  }
  // a folded throw across the foot, in oat linen
  const throwTop = doc.linear([
    [0, "#cbbd9f"],
    [1, "#ddd1ba"],
  ]);
  sc.box(
    { x0: x0 + 2, x1: x1 - 2, y0: y + 8, y1: y + 16.5, z0: z0 + len - 40, z1: z0 + len + 1 },
    {
      front: doc.linear([
        [0, "#d4c7ad"],
        [1, "#b8a988"],
      ]),
      side: "#c2b496",
      top: throwTop,
      back: "#b8a988",
      r: 2.5,
      stroke: sc.seam(0.2),
    },
  );
}

// ---------------------------------------------------------------------------------------
// Ottomans
// ---------------------------------------------------------------------------------------

function drawOttoman(sc: Scene, d: FurnitureDrawing, fill: Fills): void {
  const t = fill.t;
  const F = { front: sc.fab(fill.front), side: sc.fab(fill.side), top: sc.fab(fill.top), back: t.dark };
  const legs = d.legs ?? "tapered-wood";
  const legH = legHeight(legs);
  const shape = d.shape ?? "square";
  const h = 40;
  const seamed = sc.seam();
  if (shape === "round") {
    const r = 35;
    sc.focus = [r - r * 0.5, legH + h - 15, r + r * 0.87];
    sc.focusScale = 11;
    if (legs === "hidden") {
      const c = mix(t.deep, INK, 0.35);
      drawCylinder(sc, [r, 0, r], r - 5, 0, legH + 1, c, c, "");
    } else {
      const spots = [45, 135, 225, 315].map((a) => (a * Math.PI) / 180);
      for (const a of spots.sort((p, q) => Math.sin(p) - Math.sin(q)))
        drawLeg(sc, legs, r + Math.cos(a) * (r - 8), r + Math.sin(a) * (r - 8), legH);
    }
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      sc.footprint.push([r + Math.cos(a) * r, r + Math.sin(a) * r]);
    }
    const body = sc.fab(
      sc.doc.linear(
        [
          [0, t.dark],
          [0.2, t.base],
          [0.42, t.light],
          [0.75, t.base],
          [1, t.dark],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    const topFill = sc.fab(
      sc.doc.radial(
        [
          [0, t.lighter],
          [0.75, t.light],
          [1, t.base],
        ],
        0.42,
        0.4,
        0.65,
      ),
    );
    drawCylinder(sc, [r, 0, r], r, legH, legH + h, body, topFill, seamed);
    // piping round the top and the base, a button with soft gathers
    const [cx, cy] = sc.p(r, legH + h, r);
    const ry = r * sc.cam.sp;
    const [, cb] = sc.p(r, legH + 1.5, r);
    let g = `<path d="M${n(cx - r)} ${n(cy + 1.2)}A${n(r)} ${n(ry)} 0 0 0 ${n(cx + r)} ${n(cy + 1.2)}M${n(cx - r)} ${n(cb)}A${n(r)} ${n(ry)} 0 0 0 ${n(cx + r)} ${n(cb)}" fill="none"${sc.seam(0.6, 1.8)}/>`;
    g += `<path d="M${n(cx - r + 1)} ${n(cy - 0.3)}A${n(r)} ${n(ry)} 0 0 0 ${n(cx + r - 1)} ${n(cy - 0.3)}" fill="none" stroke="${t.lighter}" stroke-opacity=".5" stroke-width="${n(sc.stroke)}" vector-effect="non-scaling-stroke"/>`;
    let rays = "";
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI * 2 + 0.2;
      const [ex, ey] = sc.p(r + Math.cos(a) * r * 0.7, legH + h, r + Math.sin(a) * r * 0.7);
      rays += `M${n(cx)} ${n(cy)}L${n(ex)} ${n(ey)}`;
    }
    g += `<path d="${rays}" fill="none"${sc.seam(0.22)}/><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="2.2" ry="${n(Math.max(0.9, 2.2 * sc.cam.sp * 2))}" fill="${t.deep}"/>`;
    sc.add(g, [cx - r, cy - ry, cx + r, cb + ry]);
    return;
  }
  const W = shape === "rect" ? 112 : 72;
  const D = shape === "rect" ? 52 : 72;
  const inset = 6;
  sc.focus = [10, legH + h - 14, D];
  sc.focusScale = 7.5;
  if (legs === "hidden") plinth(sc, t, { x0: 5, x1: W - 5, y0: 0, y1: legH + 1, z0: 5, z1: D - 5 });
  for (const [x, z] of [
    [W - inset, inset],
    [inset, inset],
    [W - inset, D - inset],
    [inset, D - inset],
  ] as const)
    drawLeg(sc, legs, x, z, legH);
  sc.footprint.push([0, 0], [W, 0], [0, D], [W, D]);
  sc.box(
    { x0: 0, x1: W, y0: legH, y1: legH + h - 10, z0: 0, z1: D },
    { ...F, r: 3, stroke: sc.seam(0.35), stitch: fill.stitch },
  );
  // padded top with piping
  const yT = legH + h;
  sc.box(
    { x0: -0.6, x1: W + 0.6, y0: legH + h - 11, y1: yT, z0: -0.6, z1: D + 0.6 },
    { ...F, r: 5, rt: 6, stroke: seamed },
  );
  sc.inFront(
    D + 0.6,
    `<path d="M3 ${n(-yT + 1.3)}H${n(W - 3)}" fill="none" stroke="${t.lighter}" stroke-opacity=".55" stroke-width="${n(sc.stroke)}" vector-effect="non-scaling-stroke"/>`,
  );
  if (shape === "rect") {
    sc.inTop(yT, `<path d="M${n(W / 3)} 4V${n(D - 4)}M${n((2 * W) / 3)} 4V${n(D - 4)}" fill="none"${sc.seam(0.4)}/>`);
  } else {
    sc.inTop(yT, `<circle cx="${n(W / 2)}" cy="${n(D / 2)}" r="1.6" fill="${t.deep}"/>`);
  }
}

function drawCylinder(
  sc: Scene,
  c: P3,
  r: number,
  y0: number,
  y1: number,
  body: string,
  top: string,
  extra: string,
): void {
  const [cx, cyTop] = sc.p(c[0], y1, c[2]);
  const [, cyBot] = sc.p(c[0], y0, c[2]);
  const ry = r * sc.cam.sp;
  const bb: BBox = [cx - r, cyTop - ry, cx + r, cyBot + ry];
  sc.grow(bb);
  sc.shape(
    `M${n(cx - r)} ${n(cyTop)}V${n(cyBot)}A${n(r)} ${n(ry)} 0 0 0 ${n(cx + r)} ${n(cyBot)}V${n(cyTop)}Z`,
    "",
    body,
    extra,
    bb,
  );
  sc.shape(
    `M${n(cx - r)} ${n(cyTop)}A${n(r)} ${n(ry)} 0 1 1 ${n(cx + r)} ${n(cyTop)}A${n(r)} ${n(ry)} 0 1 1 ${n(cx - r)} ${n(cyTop)}Z`,
    "",
    top,
    extra,
    bb,
  );
}

// ---------------------------------------------------------------------------------------
// Beds
// ---------------------------------------------------------------------------------------

const BED_WIDTH: Record<BedSize, number> = { single: 92, double: 137, queen: 152, king: 183 };
const LINEN = { hex: "#efe9df", shade: "#d3c9b8", family: "Linen weave" } as const;
const PILLOW = { hex: "#f8f5ef", shade: "#ddd5c7", family: "Linen weave" } as const;

function drawBed(sc: Scene, d: FurnitureDrawing, fill: Fills): void {
  const t = fill.t;
  const doc = sc.doc;
  const F = { front: sc.fab(fill.front), side: sc.fab(fill.side), top: sc.fab(fill.top), back: t.dark };
  const style = d.headboard ?? "panel";
  const legs = d.legs ?? "block";
  const legH = legHeight(legs);
  const mw = BED_WIDTH[d.bedSize ?? "queen"];
  const wing = style === "wingback";
  const side = wing ? 10 : 4;
  const HW = mw + 8 + side * 2;
  const fx0 = side;
  const fx1 = HW - side;
  const headD = 9;
  const len = 206;
  const railTop = legH + 24;
  const mTop = railTop + 20;
  const headTop = style === "channel" ? 128 : 122;
  const soft = sc.seam(0.35);
  const linen = fabricFills(doc, LINEN);
  const pil = fabricFills(doc, PILLOW);
  sc.focus = [fx0 + 26, mTop + 22, headD + 30];
  sc.focusScale = 4.6;

  if (legs === "hidden") plinth(sc, t, { x0: fx0 + 5, x1: fx1 - 5, y0: 0, y1: legH + 1, z0: headD + 4, z1: len - 5 });
  for (const [x, z] of [
    [fx1 - 4, headD + 4],
    [fx0 + 4, headD + 4],
    [fx1 - 4, len - 4],
    [fx0 + 4, len - 4],
  ] as const)
    drawLeg(sc, legs, x, z, legH);
  sc.footprint.push([0, 0], [HW, 0], [fx0, len], [fx1, len]);

  const wingBox = (x0: number): void => {
    sc.box(
      { x0, x1: x0 + side, y0: 2, y1: headTop - 6, z0: 0, z1: headD + 18 },
      { ...F, r: 4, rt: 4.5, stroke: soft, stitch: fill.stitch },
    );
  };
  if (wing) wingBox(HW - side);

  // Headboard.
  const hx0 = wing ? side : 0;
  const hx1 = wing ? HW - side : HW;
  if (style === "channel") {
    const count = Math.max(5, Math.round((hx1 - hx0) / 15));
    const cw = (hx1 - hx0) / count;
    sc.side(hx0, 0, headD, 2, headTop - cw / 2 + 2, [cw / 2, 0, 2, 2], F.side, soft);
    sc.top(headTop - cw / 2, hx0 + cw / 2, hx1 - cw / 2, 0, headD, 0, F.top);
    const ch = sc.fab(
      doc.linear(
        [
          [0, t.dark],
          [0.2, t.base],
          [0.45, t.light],
          [0.8, t.base],
          [1, t.dark],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    for (let i = 0; i < count; i++) {
      const x = hx0 + i * cw;
      sc.front(headD, x + 0.3, x + cw - 0.3, 2, headTop, [cw / 2, cw / 2, 1, 1], ch, sc.seam(0.45));
    }
  } else {
    sc.box(
      { x0: hx0, x1: hx1, y0: 2, y1: headTop, z0: 0, z1: headD },
      { ...F, r: wing ? 3 : 6, rt: 4, stroke: soft, stitch: fill.stitch },
    );
    let s = `<path d="${rrPath(hx0 + 3, -headTop + 3, hx1 - hx0 - 6, headTop - 8, 5)}" fill="none"${sc.seam(0.35)}/>`;
    if (style === "buttoned") {
      const cols = Math.max(4, Math.round((hx1 - hx0) / 22));
      const step = (hx1 - hx0 - 12) / cols;
      let creases = "";
      let buttons = "";
      for (let r = 0; r < 3; r++) {
        const y = -(mTop + 26 + r * 17);
        for (let c = 0; c <= cols; c++) {
          const odd = r % 2 === 1;
          if (odd && c === cols) continue;
          const x = hx0 + 6 + step * (c + (odd ? 0.5 : 0));
          if (r < 2) {
            if (c > 0 || odd) creases += `M${n(x)} ${n(y)}L${n(x - step / 2)} ${n(y - 17)}`;
            if (c < cols || odd) creases += `M${n(x)} ${n(y)}L${n(x + step / 2)} ${n(y - 17)}`;
          }
          buttons += `<circle cx="${n(x)}" cy="${n(y)}" r="1.3"/>`;
        }
      }
      s += `<path d="${creases}" fill="none"${sc.seam(0.3)}/><g fill="${t.deep}">${buttons}</g>`;
    }
    sc.inFront(headD, s);
  }

  // Frame rails.
  sc.box(
    { x0: fx0, x1: fx1, y0: legH, y1: railTop, z0: headD, z1: len },
    { ...F, r: 3, stroke: soft, stitch: fill.stitch },
  );
  sc.inSide(fx0, `<path d="M${n(headD + 2)} ${n(-railTop + 2.4)}H${n(len - 3)}" fill="none"${sc.seam(0.3)}/>`);
  sc.inFront(len, `<path d="M${n(fx0 + 3)} ${n(-railTop + 2.4)}H${n(fx1 - 3)}" fill="none"${sc.seam(0.3)}/>`);

  // Mattress (mostly under the duvet) and pillows.
  const mx0 = fx0 + 3;
  const mx1 = fx1 - 3;
  sc.box(
    { x0: mx0, x1: mx1, y0: railTop - 2, y1: mTop, z0: headD + 1, z1: len - 3 },
    { front: pil.front, side: pil.side, top: pil.top, r: 4 },
  );
  const two = mw >= 110;
  const pw = two ? (mw - 14) / 2 : mw - 22;
  const pxs = two ? [mx0 + 7 + pw + 2, mx0 + 5] : [mx0 + 11];
  for (const px of pxs) {
    sc.box(
      { x0: px, x1: px + pw, y0: mTop - 1, y1: mTop + 14, z0: headD + 3, z1: headD + 32 },
      {
        front: pil.pillow,
        side: pil.side,
        top: pil.top,
        r: 7.5,
        rt: 9,
        stroke: sc.seam(0.25),
        frontShape: (x, y, w, h) => pillowPath(x, y, w, h, 7.5, 2.4),
      },
    );
  }

  // Duvet: drapes over the sides and the foot, with a turned-down fold at the top.
  const dx0 = mx0 - 2.5;
  const dx1 = mx1 + 2.5;
  const dz0 = headD + 44;
  const dTop = mTop + 4;
  const dv = { front: linen.front, side: linen.side, top: linen.top, back: LINEN.shade, stroke: sc.seam(0.2) };
  sc.box(
    { x0: dx0 - 0.4, x1: dx1 + 0.4, y0: railTop - 6, y1: dTop + 2.2, z0: dz0, z1: dz0 + 16 },
    {
      ...dv,
      top: doc.linear([
        [0, "#f1ece3"],
        [1, "#fbf8f2"],
      ]),
      r: 3.5,
    },
  );
  sc.box({ x0: dx0, x1: dx1, y0: railTop - 6, y1: dTop, z0: dz0 + 16, z1: len + 1.5 }, { ...dv, r: 5 });
  const fold = (f: number) => dz0 + 15 + (len - dz0 - 15) * f;
  sc.inSide(
    dx0,
    [0.25, 0.6, 0.85]
      .map(
        (f) =>
          `<path d="M${n(fold(f))} ${n(-dTop + 3)}q-3 ${n((dTop - railTop) * 0.6)} 1.5 ${n(dTop - railTop + 5)}" fill="none" stroke="${LINEN.shade}" stroke-width="${n(sc.stroke * 1.3)}" vector-effect="non-scaling-stroke"/>`,
      )
      .join(""),
  );
  sc.inFront(
    len + 1.5,
    [0.3, 0.68]
      .map(
        (f) =>
          `<path d="M${n(dx0 + (dx1 - dx0) * f)} ${n(-dTop + 3)}q3 ${n((dTop - railTop) * 0.6)} -1.5 ${n(dTop - railTop + 5)}" fill="none" stroke="${LINEN.shade}" stroke-width="${n(sc.stroke * 1.3)}" vector-effect="non-scaling-stroke"/>`,
      )
      .join(""),
  );
  if (wing) wingBox(0);
}

// ---------------------------------------------------------------------------------------
// Placing a piece in a picture
// ---------------------------------------------------------------------------------------

function drawPiece(sc: Scene, d: FurnitureDrawing, fill: Fills, opts: SofaOpts = {}): void {
  switch (d.kind) {
    case "ottoman":
      return drawOttoman(sc, d, fill);
    case "bed":
      return drawBed(sc, d, fill);
    case "corner":
      return drawSofa(sc, d, fill, { ...opts, chaise: d.orientation === "right" ? "right" : "left" });
    default:
      return drawSofa(sc, d, fill, opts);
  }
}

type Placed = { body: string; shadow: string };
type Fit = { cx: number; bottom: number; maxW: number; maxH: number; scale?: number };

/** Draws a piece scaled to fit `fit` (or at a fixed scale), with its floor shadow. */
function placePiece(
  doc: Doc,
  d: FurnitureDrawing,
  fabric: Pick<Fabric, "hex" | "shade" | "family">,
  cam: Cam,
  fit: Fit,
  opts: SofaOpts = {},
): Placed {
  const fill = fabricFills(doc, fabric);
  const sc = new Scene(cam, doc, 1);
  drawPiece(sc, d, fill, opts);
  const w = sc.maxX - sc.minX;
  const h = sc.maxY - sc.minY;
  const s = fit.scale ?? Math.min(fit.maxW / w, fit.maxH / h);
  const ox = fit.cx - (s * (sc.minX + sc.maxX)) / 2;
  const oy = fit.bottom - s * sc.maxY;
  return finishScene(doc, sc, fill, fabric.family, s, ox, oy);
}

function finishScene(
  doc: Doc,
  sc: Scene,
  fill: Fills,
  family: Fabric["family"],
  s: number,
  ox: number,
  oy: number,
  viewport?: readonly [number, number],
): Placed {
  const visible = (bb: BBox | undefined): boolean => {
    if (!bb || !viewport) return true;
    return (
      ox + s * bb[2] >= -2 &&
      ox + s * bb[0] <= viewport[0] + 2 &&
      oy + s * bb[3] >= -2 &&
      oy + s * bb[1] <= viewport[1] + 2
    );
  };
  // Seam classes: one CSS rule per (shade, opacity, width), shared by the whole document.
  const classes = sc.seams.map(([o, w]) =>
    doc.css(
      `stroke:${fill.t.seam};stroke-opacity:${o};stroke-width:${n(sc.stroke * w)};vector-effect:non-scaling-stroke`,
    ),
  );
  const grain = grainFor(doc, family);
  const tr = `translate(${n(ox)} ${n(oy)}) scale(${r4(s)})`;
  let body = "";
  let run: Item[] = [];
  const flush = () => {
    if (!run.length) return;
    const inner = run.map((it) => it.s).join("");
    body += run[0]?.plain
      ? `<g transform="${tr}">${inner}</g>`
      : `<g filter="${grain}"><g transform="${tr}">${inner}</g></g>`;
    run = [];
  };
  for (const it of sc.items) {
    if (!visible(it.bb)) continue;
    if (run.length && !!run[0]?.plain !== !!it.plain) flush();
    run.push(it);
  }
  flush();
  body = body.replace(new RegExp(`${SEAM_TOKEN}(\\d+)`, "g"), (_, i: string) => classes[Number(i)] ?? "");

  // Shadows: one wide and soft, one tighter under the piece, small ones at each foot.
  let fx0 = Infinity;
  let fx1 = -Infinity;
  let fy0 = Infinity;
  let fy1 = -Infinity;
  for (const [x, z] of sc.footprint) {
    const [X, Y] = sc.p(x, 0, z);
    fx0 = Math.min(fx0, X);
    fx1 = Math.max(fx1, X);
    fy0 = Math.min(fy0, Y);
    fy1 = Math.max(fy1, Y);
  }
  const ecx = ox + (s * (fx0 + fx1)) / 2;
  const ecy = oy + (s * (fy0 + fy1)) / 2;
  const erx = (s * (fx1 - fx0)) / 2;
  const ery = Math.max((s * (fy1 - fy0)) / 2, 10);
  const k = s / 3;
  let shadow = `<ellipse cx="${n(ecx + erx * 0.05)}" cy="${n(ecy + ery * 0.1)}" rx="${n(erx * 1.08)}" ry="${n(ery * 1.12 + 6 * k)}" fill="#4a3b2a" opacity=".15" filter="${doc.blur(Math.round(16 * Math.max(1, k)))}"/>`;
  shadow += `<ellipse cx="${n(ecx)}" cy="${n(ecy)}" rx="${n(erx * 0.9)}" ry="${n(ery * 0.78)}" fill="#3d3023" opacity=".2" filter="${doc.blur(Math.round(7 * Math.max(1, k)))}"/>`;
  const feet = sc.feet
    .map(([x, z]) => {
      const [X, Y] = sc.p(x, 0, z);
      return `<ellipse cx="${n(ox + s * X)}" cy="${n(oy + s * Y)}" rx="${n(Math.max(4, s * 4.5))}" ry="${n(Math.max(1.6, s * 1.4))}"/>`;
    })
    .join("");
  if (feet)
    shadow += `<g fill="#2c2219" opacity=".35" filter="${doc.blur(Math.max(2, Math.round(k * 2)))}">${feet}</g>`;
  return { body, shadow };
}

function backdrop(doc: Doc, w: number, h: number, horizon: number): string {
  const wall = doc.linear([
    [0, "#f6f2eb"],
    [1, "#efe8dd"],
  ]);
  const floor = doc.linear([
    [0, "#ece4d7"],
    [1, "#e3d9c9"],
  ]);
  const glow = doc.radial([
    [0, "#fffdf8", 0.9],
    [1, "#fffdf8", 0],
  ]);
  return (
    `<rect width="${w}" height="${h}" fill="${wall}"/>` +
    `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${floor}"/>` +
    `<rect y="${horizon - 70}" width="${w}" height="140" fill="${doc.linear([
      [0, "#efe8dd", 0],
      [0.5, "#ede5d9"],
      [1, "#ece4d7", 0],
    ])}"/>` +
    `<ellipse cx="${w * 0.42}" cy="${h * 0.36}" rx="${w * 0.55}" ry="${h * 0.5}" fill="${glow}"/>`
  );
}

function camFor(d: FurnitureDrawing, view: DrawingView): Cam {
  if (view === "front") return CAM_FRONT;
  return d.kind === "bed" ? CAM_BED : CAM_MAIN;
}

/** The product's picture for one fabric and one view, as a standalone SVG document. */
export function renderProductSvg(
  drawing: FurnitureDrawing,
  fabric: Pick<Fabric, "hex" | "shade" | "family">,
  view: DrawingView,
  opts: { title?: string } = {},
): string {
  const doc = new Doc(`k${hash(JSON.stringify([drawing, fabric.hex, fabric.shade, fabric.family, view]))}`);
  if (view === "detail") return svgDocument(800, 600, opts.title, doc, detailPicture(doc, drawing, fabric));
  const bg = backdrop(doc, 800, 600, 430);
  const front = view === "front";
  const small = drawing.kind === "ottoman";
  const piece = placePiece(doc, drawing, fabric, camFor(drawing, view), {
    cx: 400,
    bottom: front ? 470 : small ? 480 : 492,
    maxW: small ? 480 : 660,
    maxH: front ? (small ? 260 : 330) : small ? 330 : 400,
  });
  return svgDocument(800, 600, opts.title, doc, bg + piece.shadow + piece.body);
}

/** A close-up of the same drawing: the weave on the cushions, a seam and a leg. */
function detailPicture(doc: Doc, d: FurnitureDrawing, fabric: Pick<Fabric, "hex" | "shade" | "family">): string {
  const fill = fabricFills(doc, fabric);
  const sc = new Scene(camFor(d, "main"), doc, 2.2, true);
  sc.tex = texturePattern(doc, fabric);
  drawPiece(sc, d, fill, d.kind === "sleeper" ? { pullOut: "peek" } : {});
  const s = sc.focusScale;
  const [fx, fy] = sc.focus ? sc.p(...sc.focus) : [(sc.minX + sc.maxX) / 2, (sc.minY + sc.maxY) / 2];
  const ox = 400 - s * fx;
  const oy = 300 - s * fy;
  const piece = finishScene(doc, sc, fill, fabric.family, s, ox, oy, [800, 600]);
  return backdrop(doc, 800, 600, 470) + piece.shadow + piece.body;
}

/** Weave, loops or grain laid over the upholstery in the close-up (pattern units: mm). */
function texturePattern(doc: Doc, fabric: Pick<Fabric, "hex" | "shade" | "family">): string {
  const t = tones(fabric);
  const hi = mix(fabric.hex, WARM_WHITE, 0.5);
  const lo = t.seam;
  const key = `${fabric.family}${fabric.hex}`;
  const pat = (id: string, w: number, h: number, body: string) =>
    `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse" patternTransform="scale(.1)">${body}</pattern>`;
  switch (fabric.family) {
    case "Linen weave": {
      const weave = doc.def(`W${key}`, (i) =>
        pat(
          i,
          5,
          5,
          `<path d="M0 1.2h5" stroke="${lo}" stroke-width="1.2" stroke-opacity=".26"/><path d="M3.7 0v5" stroke="${hi}" stroke-width="1.1" stroke-opacity=".3"/>`,
        ),
      );
      const r = rng(11);
      let slubs = "";
      for (let i = 0; i < 14; i++) {
        const x = Math.floor(r() * 200);
        const y = Math.floor(r() * 28) * 5 + 1.2;
        const len = 18 + Math.floor(r() * 60);
        slubs += `<path d="M${x} ${n(y)}q${n(len / 2)} ${n(r() - 0.5)} ${len} 0" stroke="${r() > 0.4 ? hi : lo}" stroke-width="${n(0.9 + r() * 0.9)}"/>`;
      }
      const id = doc.def(`T${key}`, (i) =>
        pat(
          i,
          200,
          140,
          `<rect width="200" height="140" fill="url(#${weave})"/><g fill="none" stroke-opacity=".3" stroke-linecap="round">${slubs}</g>`,
        ),
      );
      return `url(#${id})`;
    }
    case "Performance weave": {
      const id = doc.def(`T${key}`, (i) =>
        pat(
          i,
          14,
          14,
          `<path d="M1 2h5M1 5h5M8 9h5M8 12h5" stroke="${hi}" stroke-opacity=".32" stroke-width="1.8" stroke-linecap="round"/>` +
            `<path d="M9 1v5M12 1v5M2 8v5M5 8v5" stroke="${lo}" stroke-opacity=".3" stroke-width="1.8" stroke-linecap="round"/>`,
        ),
      );
      return `url(#${id})`;
    }
    case "Bouclé": {
      const r = rng(5);
      let loops = "";
      for (let i = 0; i < 110; i++)
        loops += `<circle cx="${Math.round(r() * 85)}" cy="${Math.round(r() * 85)}" r="${n(1.6 + r() * 2)}"/>`;
      const g = doc.def(`L${key}`, (i) => `<g id="${i}">${loops}</g>`);
      const id = doc.def(`T${key}`, (i) =>
        pat(
          i,
          85,
          85,
          `<g fill="none" stroke-width="1.2"><use href="#${g}" stroke="${lo}" stroke-opacity=".55" transform="translate(.6 .9)"/><use href="#${g}" stroke="${hi}" stroke-opacity=".85"/></g>`,
        ),
      );
      return `url(#${id})`;
    }
    case "Velvet":
      return "";
    case "Leather": {
      const r = rng(3);
      let pores = "";
      for (let i = 0; i < 36; i++)
        pores += `<circle cx="${n(r() * 40)}" cy="${n(r() * 40)}" r="${n(0.25 + r() * 0.35)}"/>`;
      let creases = "";
      for (let i = 0; i < 7; i++)
        creases += `M${n(r() * 40)} ${n(r() * 40)}q${n(2 + r() * 3)} ${n(-1 - r())} ${n(6 + r() * 4)} ${n(r() * 2 - 1)}`;
      const id = doc.def(`T${key}`, (i) =>
        pat(
          i,
          40,
          40,
          `<g fill="${lo}" fill-opacity=".35">${pores}</g><path d="${creases}" fill="none" stroke="${lo}" stroke-opacity=".25" stroke-width=".5"/>`,
        ),
      );
      return `url(#${id})`;
    }
    default:
      return "";
  }
}

// ---------------------------------------------------------------------------------------
// Home page hero and category tiles
// ---------------------------------------------------------------------------------------

const OLIVE = { hex: "#6f7250", shade: "#4f5236", family: "Velvet" } as const;
const OAT = { hex: "#d9ccb4", shade: "#b3a488", family: "Linen weave" } as const;
const IVORY = { hex: "#ece6da", shade: "#cbc2b2", family: "Bouclé" } as const;
const TERRACOTTA = { hex: "#b5654a", shade: "#8c4833", family: "Velvet" } as const;
const STONE = { hex: "#a39e93", shade: "#7f7a70", family: "Performance weave" } as const;
const SAND = { hex: "#c8b08a", shade: "#a08a66", family: "Linen weave" } as const;

function plant(doc: Doc, x: number, floorY: number, scale: number): string {
  const r = rng(21);
  const pot = doc.linear(
    [
      [0, "#d9c9ad"],
      [0.45, "#cbb896"],
      [1, "#a8946f"],
    ],
    0,
    0,
    1,
    0,
  );
  const greens = [
    doc.linear(
      [
        [0, "#56633d"],
        [1, "#3b4529"],
      ],
      0,
      0,
      1,
      1,
    ),
    doc.linear(
      [
        [0, "#72824f"],
        [1, "#505e37"],
      ],
      0,
      0,
      1,
      1,
    ),
    doc.linear(
      [
        [0, "#8d9c66"],
        [1, "#667745"],
      ],
      0,
      0,
      1,
      1,
    ),
  ];
  // Leaves on a loose dome above the pot, each turned away from the centre; back ones darker.
  const leaves: { z: number; s: string }[] = [];
  let stems = "";
  for (let i = 0; i < 38; i++) {
    const a = Math.PI * (1.05 + r() * 0.9);
    const rad = 30 + Math.sqrt(r()) * 150;
    const lx = Math.cos(a) * rad * 1.15;
    const ly = -55 + Math.sin(a) * rad;
    const ang = (Math.atan2(ly + 60, lx) * 180) / Math.PI + (r() - 0.5) * 40;
    const lw = 44 + r() * 30;
    const depth = r();
    const g = greens[depth < 0.3 ? 0 : depth < 0.68 ? 1 : 2] ?? "";
    stems += `M${n(lx * 0.12)} 10Q${n(lx * 0.3)} ${n(ly * 0.6)} ${n(lx)} ${n(ly)}`;
    leaves.push({
      z: depth,
      s:
        `<g transform="translate(${n(lx)} ${n(ly)}) rotate(${n(ang)})"><path d="M0 0C${n(lw * 0.15)} ${n(-lw * 0.42)} ${n(lw * 0.9)} ${n(-lw * 0.5)} ${n(lw * 1.2)} ${n(-lw * 0.05)}L${n(lw * 1.32)} 0L${n(lw * 1.15)} ${n(lw * 0.1)}C${n(lw * 0.85)} ${n(lw * 0.48)} ${n(lw * 0.15)} ${n(lw * 0.42)} 0 0Z" fill="${g}"/>` +
        `<path d="M2 0Q${n(lw * 0.6)} ${n(-lw * 0.04)} ${n(lw * 1.2)} 0" stroke="#c3cba0" stroke-opacity=".4" stroke-width="1.4" fill="none"/></g>`,
    });
  }
  leaves.sort((p, q) => p.z - q.z);
  return (
    `<g transform="translate(${x} ${floorY}) scale(${scale})">` +
    `<ellipse cx="6" cy="0" rx="92" ry="14" fill="#3d3023" opacity=".25" filter="${doc.blur(7)}"/>` +
    `<g transform="translate(0 -150)"><path d="${stems}" stroke="#6d6b47" stroke-width="1.6" fill="none"/>${leaves.map((l) => l.s).join("")}</g>` +
    `<path d="M-70 -160H70L58 -10Q56 0 46 0H-46Q-56 0 -58 -10Z" fill="${pot}"/>` +
    `<path d="M-66 -128H66M-63 -92H63M-60 -56H60M-57 -20H57" stroke="#9f8b67" stroke-opacity=".35" stroke-width="2"/>` +
    `<rect x="-74" y="-168" width="148" height="14" rx="5" fill="#b9a47f"/>` +
    `</g>`
  );
}

function sideTable(doc: Doc, x: number, floorY: number): string {
  const top = doc.linear([
    [0, "#b68c5e"],
    [1, "#caa273"],
  ]);
  const edge = doc.linear(
    [
      [0, OAK.light],
      [0.5, OAK.base],
      [1, OAK.dark],
    ],
    0,
    0,
    1,
    0,
  );
  const vase = doc.linear(
    [
      [0, "#f5f1ea"],
      [0.55, "#e2dbcf"],
      [1, "#b9b0a2"],
    ],
    0,
    0,
    1,
    0,
  );
  const h = 240;
  const ty = floorY - h;
  return (
    `<ellipse cx="${x + 6}" cy="${floorY}" rx="100" ry="14" fill="#3d3023" opacity=".22" filter="${doc.blur(7)}"/>` +
    `<path d="M${x - 55} ${floorY - 7}V${floorY - 1}A55 9 0 0 0 ${x + 55} ${floorY - 1}V${floorY - 7}Z" fill="${edge}"/>` +
    `<ellipse cx="${x}" cy="${floorY - 7}" rx="55" ry="9" fill="${top}"/>` +
    `<rect x="${x - 9}" y="${ty + 8}" width="18" height="${h - 14}" fill="${edge}"/>` +
    `<path d="M${x - 88} ${ty}V${ty + 10}A88 15 0 0 0 ${x + 88} ${ty + 10}V${ty}Z" fill="${edge}"/>` +
    `<ellipse cx="${x}" cy="${ty}" rx="88" ry="15" fill="${top}"/>` +
    // a vase with dried stems and a small stack of books
    `<path d="M${x + 12} ${ty - 2}q-16 -44 6 -76q-8 -8 2 -14h20q10 6 2 14q22 32 6 76Z" fill="${vase}"/>` +
    `<path d="M${x + 28} ${ty - 90}q-14 -80 -52 -126M${x + 34} ${ty - 90}q10 -70 52 -104M${x + 30} ${ty - 90}q2 -90 -6 -150" stroke="#8f7d5b" stroke-width="2.4" fill="none"/>` +
    `<ellipse cx="${x - 24}" cy="${ty - 216}" rx="8" ry="18" transform="rotate(-35 ${x - 24} ${ty - 216})" fill="#c8b08a"/>` +
    `<ellipse cx="${x + 86}" cy="${ty - 194}" rx="7" ry="16" transform="rotate(40 ${x + 86} ${ty - 194})" fill="#b9a27a"/>` +
    `<ellipse cx="${x + 24}" cy="${ty - 240}" rx="7" ry="17" fill="#d2bd98"/>` +
    `<rect x="${x - 70}" y="${ty - 13}" width="62" height="10" rx="1.5" fill="#6f7250"/><rect x="${x - 66}" y="${ty - 23}" width="56" height="10" rx="1.5" fill="#e9dfcf"/><rect x="${x - 72}" y="${ty - 32}" width="58" height="9" rx="1.5" fill="#b5654a"/>`
  );
}

function framedPrint(doc: Doc, x: number, y: number, w: number, h: number, variant: number): string {
  const frame = doc.linear(
    [
      [0, OAK.light],
      [1, OAK.base],
    ],
    0,
    0,
    1,
    1,
  );
  const art =
    variant === 0
      ? `<circle cx="${x + w * 0.6}" cy="${y + h * 0.36}" r="${n(w * 0.14)}" fill="#b5654a"/>` +
        `<path d="M${x + 34} ${y + h - 34}V${n(y + h * 0.62)}Q${n(x + w * 0.32)} ${n(y + h * 0.46)} ${n(x + w * 0.55)} ${n(y + h * 0.62)}T${x + w - 34} ${n(y + h * 0.58)}V${y + h - 34}Z" fill="#c8b08a"/>` +
        `<path d="M${x + 34} ${y + h - 34}V${n(y + h * 0.76)}Q${n(x + w * 0.5)} ${n(y + h * 0.62)} ${x + w - 34} ${n(y + h * 0.8)}V${y + h - 34}Z" fill="#6f7250"/>`
      : `<path d="M${n(x + w * 0.3)} ${y + h - 34}V${n(y + h * 0.45)}A${n(w * 0.2)} ${n(w * 0.2)} 0 0 1 ${n(x + w * 0.7)} ${n(y + h * 0.45)}V${y + h - 34}Z" fill="#d9ccb4"/>` +
        `<path d="M${n(x + w * 0.5)} ${y + 40}V${y + h - 34}" stroke="#4a4a4d" stroke-width="2"/>` +
        `<circle cx="${n(x + w * 0.5)}" cy="${n(y + h * 0.36)}" r="${n(w * 0.09)}" fill="#b5654a" opacity=".9"/>`;
  return (
    `<rect x="${x + 8}" y="${y + 12}" width="${w}" height="${h}" fill="#3d3023" opacity=".18" filter="${doc.blur(9)}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${frame}"/>` +
    `<rect x="${x + 9}" y="${y + 9}" width="${w - 18}" height="${h - 18}" fill="#faf7f1"/>` +
    `<rect x="${x + 34}" y="${y + 34}" width="${w - 68}" height="${h - 68}" fill="#f0e8da"/>` +
    art +
    `<path d="M${x + 9} ${y + 9}H${x + w - 9}L${x + w - 14} ${y + 14}H${x + 14}V${y + h - 14}L${x + 9} ${y + h - 9}Z" fill="#3d3023" opacity=".08"/>`
  );
}

/** The home page's lounge scene (wide, 1600 x 900). */
export function renderHeroSvg(): string {
  const doc = new Doc("kh");
  const W = 1600;
  const H = 900;
  const floorY = 650;
  const wall = doc.linear([
    [0, "#efe7da"],
    [1, "#e8dece"],
  ]);
  const floor = doc.linear([
    [0, "#d8c6aa"],
    [1, "#cbb593"],
  ]);
  let out = `<rect width="${W}" height="${H}" fill="${wall}"/>`;
  // daylight from a window on the left: a soft glow and the panes' light on the wall
  out += `<ellipse cx="330" cy="300" rx="520" ry="420" fill="${doc.radial([
    [0, "#fffaf0", 0.75],
    [1, "#fffaf0", 0],
  ])}"/>`;
  let panes = "";
  for (let c = 0; c < 2; c++)
    for (let r = 0; r < 2; r++) panes += `<path d="M${190 + c * 158 + r * 46} ${110 + r * 214}h146l46 204h-146Z"/>`;
  out += `<g fill="#fffbf2" opacity=".62" filter="${doc.blur(5)}">${panes}</g>`;
  out += `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${floor}"/>`;
  out += `<path d="M0 ${floorY + 58}H${W}M0 ${floorY + 128}H${W}M0 ${floorY + 212}H${W}" stroke="#bea680" stroke-width="1.3" opacity=".55"/>`;
  out += `<path d="M300 ${floorY + 6}H610L800 ${H}H380Z" fill="#fff6e6" opacity=".32" filter="${doc.blur(16)}"/>`;
  out += `<rect y="${floorY - 18}" width="${W}" height="18" fill="#f4eee4"/><path d="M0 ${floorY}H${W}" stroke="#cbbba3" stroke-width="2"/>`;
  out += framedPrint(doc, 720, 70, 230, 290, 0);
  out += framedPrint(doc, 985, 120, 160, 205, 1);
  // rug
  out += `<ellipse cx="930" cy="${floorY + 158}" rx="590" ry="98" fill="#3d3023" opacity=".1" filter="${doc.blur(6)}"/>`;
  out += `<ellipse cx="930" cy="${floorY + 152}" rx="580" ry="94" fill="#ede4d4"/><ellipse cx="930" cy="${floorY + 152}" rx="548" ry="82" fill="none" stroke="#d6c8ae" stroke-width="3"/>`;
  out += plant(doc, 300, floorY + 70, 1.1);
  const couch = placePiece(
    doc,
    { kind: "sofa", seats: 3, arm: "track", legs: "tapered-wood", back: "cushion" },
    OLIVE,
    CAM_MAIN,
    { cx: 935, bottom: floorY + 118, maxW: 0, maxH: 0, scale: 3.25 },
  );
  const ottoman = placePiece(doc, { kind: "ottoman", shape: "round", legs: "hidden" }, IVORY, CAM_MAIN, {
    cx: 1160,
    bottom: floorY + 222,
    maxW: 0,
    maxH: 0,
    scale: 3.25,
  });
  out += couch.shadow + couch.body;
  out += sideTable(doc, 1430, floorY + 96);
  out += ottoman.shadow + ottoman.body;
  return svgDocument(
    W,
    H,
    "A calm lounge: an olive velvet couch, a bouclé ottoman, a side table and a plant in daylight",
    doc,
    out,
  );
}

/** The picture on a category tile (800 x 600). */
export function renderCategorySvg(slug: "couches" | "sleeper-couches" | "ottomans" | "bed-frames"): string {
  const doc = new Doc(`kc${hash(slug)}`);
  let body = backdrop(doc, 800, 600, 430);
  let title = "";
  if (slug === "couches") {
    title = "Couches";
    const p = placePiece(
      doc,
      { kind: "sofa", seats: 3, arm: "slope", legs: "tapered-wood", back: "cushion" },
      SAND,
      CAM_MAIN,
      { cx: 400, bottom: 488, maxW: 640, maxH: 380 },
    );
    body += p.shadow + p.body;
  } else if (slug === "sleeper-couches") {
    title = "Sleeper couches";
    const p = placePiece(
      doc,
      { kind: "sleeper", seats: 3, arm: "track", legs: "metal", back: "cushion" },
      STONE,
      CAM_MAIN,
      { cx: 400, bottom: 510, maxW: 660, maxH: 420 },
      { pullOut: "full" },
    );
    body += p.shadow + p.body;
  } else if (slug === "ottomans") {
    title = "Ottomans";
    const a = placePiece(doc, { kind: "ottoman", shape: "square", legs: "tapered-wood" }, TERRACOTTA, CAM_MAIN, {
      cx: 300,
      bottom: 430,
      maxW: 0,
      maxH: 0,
      scale: 3.4,
    });
    const b = placePiece(doc, { kind: "ottoman", shape: "round", legs: "hidden" }, IVORY, CAM_MAIN, {
      cx: 515,
      bottom: 505,
      maxW: 0,
      maxH: 0,
      scale: 3.4,
    });
    body += a.shadow + a.body + b.shadow + b.body;
  } else {
    title = "Bed frames";
    const p = placePiece(doc, { kind: "bed", headboard: "channel", legs: "block", bedSize: "queen" }, OAT, CAM_BED, {
      cx: 400,
      bottom: 505,
      maxW: 640,
      maxH: 430,
    });
    body += p.shadow + p.body;
  }
  return svgDocument(800, 600, title, doc, body);
}

// ---------------------------------------------------------------------------------------
// Composed scenes (journal covers) and fabric swatches
// ---------------------------------------------------------------------------------------

type SceneFabric = Pick<Fabric, "hex" | "shade" | "family">;

export type ScenePiece = {
  drawing: FurnitureDrawing;
  fabric: SceneFabric;
  cx: number;
  /** Where the piece's feet meet the floor. */
  bottom: number;
  scale: number;
  camera?: "main" | "bed" | "front";
  pullOut?: "full" | "peek";
};

export type SceneProp =
  | { kind: "plant"; x: number; floorY: number; scale: number }
  | { kind: "side-table"; x: number; floorY: number }
  | { kind: "print"; x: number; y: number; w: number; h: number; variant: 0 | 1 }
  | { kind: "rug"; cx: number; cy: number; rx: number; ry: number; colour?: string }
  | { kind: "window"; x: number; y: number; w: number; h: number }
  | { kind: "swatches"; x: number; y: number; size: number; fabrics: SceneFabric[] }
  | { kind: "tape"; x0: number; x1: number; y: number; label: string };

export type SceneSpec = {
  width: number;
  height: number;
  floorY: number;
  title: string;
  wall?: readonly [string, string];
  floor?: readonly [string, string];
  /** Drawn in this order; props listed after `pieces` go in front of them. */
  layers: Array<{ piece: ScenePiece } | { prop: SceneProp }>;
};

const SCENE_CAMS = { main: CAM_MAIN, bed: CAM_BED, front: CAM_FRONT } as const;

function swatchCard(doc: Doc, fabric: SceneFabric, x: number, y: number, size: number, turn: number): string {
  const fill = fabricFills(doc, fabric);
  const tex = texturePattern(doc, fabric);
  const k = size / 100;
  const body =
    `<rect width="100" height="100" rx="4" fill="${fill.pillow}"/>` +
    (tex ? `<g transform="scale(5)"><rect width="20" height="20" rx=".8" fill="${tex}"/></g>` : "");
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(turn)}) scale(${r4(k)})">` +
    `<rect x="3" y="6" width="100" height="100" rx="4" fill="#3d3023" opacity=".22" filter="${doc.blur(4)}"/>` +
    `<g filter="${grainFor(doc, fabric.family)}">${body}</g>` +
    `<path d="M0 86H100" stroke="#fffaf1" stroke-opacity=".5" stroke-dasharray="3 3"/>` +
    `</g>`
  );
}

function sceneProp(doc: Doc, p: SceneProp): string {
  switch (p.kind) {
    case "plant":
      return plant(doc, p.x, p.floorY, p.scale);
    case "side-table":
      return sideTable(doc, p.x, p.floorY);
    case "print":
      return framedPrint(doc, p.x, p.y, p.w, p.h, p.variant);
    case "rug":
      return (
        `<ellipse cx="${p.cx}" cy="${p.cy + 6}" rx="${p.rx + 8}" ry="${p.ry + 4}" fill="#3d3023" opacity=".1" filter="${doc.blur(6)}"/>` +
        `<ellipse cx="${p.cx}" cy="${p.cy}" rx="${p.rx}" ry="${p.ry}" fill="${p.colour ?? "#ede4d4"}"/>` +
        `<ellipse cx="${p.cx}" cy="${p.cy}" rx="${n(p.rx * 0.94)}" ry="${n(p.ry * 0.86)}" fill="none" stroke="#d6c8ae" stroke-width="3"/>`
      );
    case "window": {
      const glass = doc.linear([
        [0, "#fffdf6"],
        [1, "#f3ead9"],
      ]);
      const frame = "#e3d7c3";
      return (
        `<rect x="${p.x - 6}" y="${p.y - 6}" width="${p.w + 12}" height="${p.h + 12}" fill="${frame}"/>` +
        `<rect x="${p.x}" y="${p.y}" width="${p.w}" height="${p.h}" fill="${glass}"/>` +
        `<path d="M${p.x + p.w / 2} ${p.y}V${p.y + p.h}M${p.x} ${p.y + p.h / 2}H${p.x + p.w}" stroke="${frame}" stroke-width="8"/>` +
        `<rect x="${p.x - 14}" y="${p.y + p.h + 4}" width="${p.w + 28}" height="10" rx="2" fill="#efe6d6"/>` +
        `<ellipse cx="${p.x + p.w / 2}" cy="${p.y + p.h * 1.7}" rx="${p.w}" ry="${p.h * 0.7}" fill="${doc.radial([
          [0, "#fffaf0", 0.7],
          [1, "#fffaf0", 0],
        ])}"/>`
      );
    }
    case "swatches":
      return p.fabrics
        .map((f, i) =>
          swatchCard(
            doc,
            f,
            p.x + i * p.size * 0.72,
            p.y + (i % 2) * p.size * 0.12,
            p.size,
            (i - (p.fabrics.length - 1) / 2) * 5,
          ),
        )
        .join("");
    case "tape": {
      const y = p.y;
      const mid = (p.x0 + p.x1) / 2;
      return (
        `<g stroke="#48522b" stroke-width="2.5" fill="none"><path d="M${p.x0} ${y - 14}V${y + 14}M${p.x1} ${y - 14}V${y + 14}M${p.x0} ${y}H${mid - 70}M${mid + 70} ${y}H${p.x1}"/>` +
        `<path d="M${p.x0 + 14} ${y - 8}L${p.x0} ${y}L${p.x0 + 14} ${y + 8}M${p.x1 - 14} ${y - 8}L${p.x1} ${y}L${p.x1 - 14} ${y + 8}"/></g>` +
        `<rect x="${mid - 62}" y="${y - 20}" width="124" height="40" rx="20" fill="#48522b"/>` +
        `<text x="${mid}" y="${y + 7}" text-anchor="middle" font-family="Georgia, serif" font-size="20" fill="#fbf8f3">${escapeXml(p.label)}</text>`
      );
    }
  }
}

/** A lounge or bedroom of any size: wall, floor, furniture pieces and props, in layer order. */
export function renderSceneSvg(spec: SceneSpec): string {
  const doc = new Doc(`ks${hash(JSON.stringify(spec))}`);
  const { width: W, height: H, floorY } = spec;
  const [w0, w1] = spec.wall ?? ["#efe7da", "#e8dece"];
  const [f0, f1] = spec.floor ?? ["#d8c6aa", "#cbb593"];
  let out = `<rect width="${W}" height="${H}" fill="${doc.linear([
    [0, w0],
    [1, w1],
  ])}"/>`;
  out += `<ellipse cx="${n(W * 0.3)}" cy="${n(H * 0.32)}" rx="${n(W * 0.45)}" ry="${n(H * 0.6)}" fill="${doc.radial([
    [0, "#fffaf0", 0.7],
    [1, "#fffaf0", 0],
  ])}"/>`;
  out += `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${doc.linear([
    [0, f0],
    [1, f1],
  ])}"/>`;
  out += `<rect y="${floorY - 14}" width="${W}" height="14" fill="#f4eee4"/><path d="M0 ${floorY}H${W}" stroke="#cbbba3" stroke-width="2"/>`;
  for (const layer of spec.layers) {
    if ("prop" in layer) {
      out += sceneProp(doc, layer.prop);
      continue;
    }
    const p = layer.piece;
    const placed = placePiece(
      doc,
      p.drawing,
      p.fabric,
      SCENE_CAMS[p.camera ?? (p.drawing.kind === "bed" ? "bed" : "main")],
      { cx: p.cx, bottom: p.bottom, maxW: 0, maxH: 0, scale: p.scale },
      p.pullOut ? { pullOut: p.pullOut } : {},
    );
    out += placed.shadow + placed.body;
  }
  return svgDocument(W, H, spec.title, doc, out);
}

/** A square swatch of a fabric with its weave, loops or grain (the fabrics page). */
export function renderSwatchSvg(fabric: Fabric, size = 240): string {
  const doc = new Doc(`kw${hash(fabric.slug)}`);
  const fill = fabricFills(doc, fabric);
  const tex = texturePattern(doc, fabric);
  const k = size / 100;
  // The weave is drawn at the close-up's scale: a swatch is something you hold near.
  const zoom = 7;
  const body =
    `<g transform="scale(${r4(k)})"><g filter="${grainFor(doc, fabric.family)}"><rect width="100" height="100" fill="${fill.pillow}"/>` +
    (tex
      ? `<g transform="scale(${zoom})"><rect width="${n(100 / zoom)}" height="${n(100 / zoom)}" fill="${tex}"/></g>`
      : "") +
    `</g><path d="M0 88H100" stroke="#fffaf1" stroke-opacity=".45" stroke-dasharray="2.5 2.5" stroke-width=".8"/></g>`;
  return svgDocument(size, size, `${fabric.name} (${fabric.family.toLowerCase()}) swatch`, doc, body);
}
