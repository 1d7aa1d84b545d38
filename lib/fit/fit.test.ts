import { seedProducts } from "@/lib/catalog/seed-data";
import type { Dimensions } from "@/lib/db/schema";
import {
  CLEARANCE,
  DOOR_OFF_HINGES_CM,
  ON_END_HEADROOM,
  longestThroughCorner,
  passageLevel,
  willItFit,
  type Measurements,
} from "@/lib/fit/fit";

const dims = (slug: string): Dimensions => seedProducts.find((p) => p.slug === slug)!.dimensions;
/** A front door the shopper measured: clear width and height, no hallway, no room. */
const door = (doorWidth: number, doorHeight = 203, more: Partial<Measurements> = {}): Measurements => ({
  doorWidth,
  doorHeight,
  turnIntoDoor: false,
  ...more,
});
const route = (answer: ReturnType<typeof willItFit>, r: string) => answer.routes.find((x) => x.route === r)!;

// Eden 2 Seater: 178 wide, 92 deep, 84 high, 82 diagonal depth.
const EDEN = dims("eden-2-seater");

describe("clearance levels", () => {
  test("no clearance is no way through; under the comfortable margin is tight; from it on it fits", () => {
    expect(CLEARANCE.comfortable).toBe(7.5);
    expect([-1, 0, 1, 5, 7, 7.5, 8, 30].map(passageLevel)).toEqual([
      "wont-fit",
      "wont-fit",
      "tight",
      "tight",
      "tight",
      "fits",
      "fits",
      "fits",
    ]);
  });
});

describe("upright: depth against the door's width", () => {
  test("a couch shallower than the door by a comfortable margin goes through upright", () => {
    const a = willItFit(EDEN, door(100));
    expect([a.level, a.route]).toEqual(["fits", "upright"]);
    expect(a.reason).toBe("It goes through upright: it is 92 cm deep and the door 100 cm wide (8 cm to spare).");
  });

  test("upright but tight, tilted comfortable: the comfortable way wins", () => {
    const a = willItFit(EDEN, door(96));
    expect(route(a, "upright").level).toBe("tight");
    expect([a.level, a.route]).toEqual(["fits", "tilted"]);
  });

  test("the door's height counts too: a tall piece under a low door is a squeeze", () => {
    const tall: Dimensions = { width: 200, depth: 50, height: 198, diagonalDepth: 50 };
    const a = willItFit(tall, door(90, 203));
    expect([a.level, a.route]).toEqual(["tight", "upright"]);
    expect(a.reason).toContain("it is 198 cm high and the door 203 cm high (5 cm to spare)");
  });
});

describe("tilted: diagonal depth against the door's width", () => {
  test("too deep to go upright, but its diagonal depth passes: tilted, with the spare it has", () => {
    const a = willItFit(EDEN, door(86));
    expect(route(a, "upright").level).toBe("wont-fit");
    expect([a.level, a.route]).toEqual(["tight", "tilted"]);
    expect(a.reason).toBe("It goes through tilted back: it is 82 cm across and the door 86 cm wide (4 cm to spare).");
  });

  test("with a comfortable margin it fits tilted", () => {
    expect(willItFit(EDEN, door(92))).toMatchObject({ level: "fits", route: "tilted" });
  });

  test("a piece without a diagonal depth (or one no less than its depth) is not offered tilted", () => {
    const older: Dimensions = { ...EDEN, diagonalDepth: undefined };
    expect(willItFit(older, door(86)).routes.map((r) => r.route)).toEqual(["upright", "on-end"]);
    const box: Dimensions = { width: 100, depth: 60, height: 60, diagonalDepth: 60 };
    expect(willItFit(box, door(86)).routes.map((r) => r.route)).toEqual(["upright", "on-end"]);
  });
});

describe("on end: length against the door's height, with room to turn", () => {
  // Too deep and too deep tilted for an 80 cm door, but only 70 cm high.
  const low = (width: number): Dimensions => ({ width, depth: 100, height: 70, diagonalDepth: 95 });

  test("stood on end it goes through when its length is well under the door's height", () => {
    const a = willItFit(low(180), door(80, 200));
    expect([a.level, a.route]).toEqual(["fits", "on-end"]);
    expect(a.reason).toContain("stood on end");
  });

  test(`headroom under ${ON_END_HEADROOM.comfortable} cm is tight; under ${ON_END_HEADROOM.least} cm it cannot be turned`, () => {
    expect(willItFit(low(190), door(80, 200))).toMatchObject({ level: "fits", route: "on-end" });
    expect(willItFit(low(191), door(80, 200))).toMatchObject({ level: "tight", route: "on-end" });
    expect(willItFit(low(192), door(80, 200))).toMatchObject({ level: "tight", route: "on-end" });
    const no = willItFit(low(193), door(80, 200));
    expect([no.level, no.route]).toEqual(["wont-fit", null]);
    expect(no.reason).toContain(
      `stood on end it is 193 cm long on end under a 200 cm door, and turning it needs ${ON_END_HEADROOM.least} cm above`,
    );
  });

  test("on end still needs its depth or height under the door's width", () => {
    const a = willItFit({ width: 150, depth: 100, height: 90, diagonalDepth: 95 }, door(80, 250));
    expect(route(a, "on-end").checks.find((c) => c.what === "door width")).toMatchObject({
      size: 90,
      level: "wont-fit",
    });
  });
});

describe("won't fit: every way tried, and why", () => {
  test("a narrow door names each way and the measurement that stops it", () => {
    const a = willItFit(EDEN, door(70));
    expect([a.level, a.route]).toEqual(["wont-fit", null]);
    expect(a.reason).toBe(
      "It won't go through: upright it is 92 cm deep and the door 70 cm wide; tilted back it is 82 cm across; stood on end it is 84 cm across.",
    );
  });

  test(`a door short by less than ${DOOR_OFF_HINGES_CM} cm suggests taking it off its hinges; a bigger gap does not`, () => {
    expect(willItFit(EDEN, door(80)).reason).toContain("Taking the door off its hinges gains about 3 cm");
    expect(willItFit(EDEN, door(78)).reason).not.toContain("hinges");
  });

  test("a hallway narrower than the piece every way stops it before the door", () => {
    const a = willItFit(EDEN, door(100, 203, { hallWidth: 80 }));
    expect(a.level).toBe("wont-fit");
    expect(a.reason).toContain("upright it is 92 cm across and the hallway 80 cm wide");
  });
});

describe("the corner: pivoting from a hallway into the door", () => {
  test("the longest rectangle through an L-shaped corner: the ladder formula and its known values", () => {
    // No width: (a^(2/3) + b^(2/3))^(3/2), 2√2·a when both are a wide.
    expect(longestThroughCorner(100, 100, 0)).toBeCloseTo(200 * Math.SQRT2, 0);
    expect(longestThroughCorner(90, 80, 0)).toBeCloseTo((90 ** (2 / 3) + 80 ** (2 / 3)) ** 1.5, 0);
    // A width w, both corridors a wide: 2(a√2 - w).
    expect(longestThroughCorner(100, 100, 50)).toBeCloseTo(2 * (100 * Math.SQRT2 - 50), 0);
    // Wider than either corridor: it does not even get in.
    expect(longestThroughCorner(100, 80, 80)).toBe(0);
    expect(longestThroughCorner(70, 120, 75)).toBe(0);
  });

  test("a straight hallway passes a couch that a turn into the same door stops; on end it gets round", () => {
    const straight = willItFit(EDEN, door(90, 203, { hallWidth: 100 }));
    expect([straight.level, straight.route]).toEqual(["fits", "tilted"]);
    const turning = willItFit(EDEN, door(90, 203, { hallWidth: 100, turnIntoDoor: true }));
    const corner = route(turning, "tilted").checks.find((c) => c.what === "corner")!;
    expect(corner).toMatchObject({ size: 178, level: "wont-fit" });
    expect(corner.room).toBe(Math.floor(longestThroughCorner(100, 90, 82)));
    expect([turning.level, turning.route]).toEqual(["tight", "on-end"]);
  });

  test("a piece too wide for the door is said to be, not stopped by the turn", () => {
    const a = willItFit(EDEN, door(86, 203, { hallWidth: 95, turnIntoDoor: true }));
    expect(a.level).toBe("wont-fit");
    expect(a.reason).toBe(
      `It won't go through: upright it is 92 cm deep and the door 86 cm wide; tilted back it is 178 cm long and the turn into the door takes at most ${Math.floor(longestThroughCorner(95, 86, 82))} cm; stood on end it is 92 cm long and the turn into the door takes at most ${Math.floor(longestThroughCorner(95, 86, 84))} cm.`,
    );
  });

  test("a turn too tight every way: the reason names the turn", () => {
    const a = willItFit(
      { width: 230, depth: 60, height: 60, diagonalDepth: 55 },
      door(75, 203, { hallWidth: 80, turnIntoDoor: true }),
    );
    expect(a.level).toBe("wont-fit");
    expect(a.reason).toMatch(/upright it is 230 cm long and the turn into the door takes at most \d+ cm/);
  });
});

describe("sections and flat packs go through as their largest part", () => {
  test("a corner couch says it arrives in sections and passes a door the whole couch never could", () => {
    const knysna = dims("knysna-corner-couch");
    const a = willItFit(knysna, door(82));
    expect(a.partName).toBe("the two-seat section with its arm");
    expect(a.part).toEqual(knysna.arrivesIn!.largest);
    expect(a.level).not.toBe("wont-fit");
    expect(a.reason).toMatch(
      /^It arrives in 3 sections; the largest, the two-seat section with its arm, goes through tilted back/,
    );
    const whole: Dimensions = { ...knysna, arrivesIn: undefined };
    expect(willItFit(whole, door(82)).level).toBe("wont-fit");
  });

  test("the Stoep's sections go through an ordinary 82 cm front door, as its description promises", () => {
    expect(willItFit(dims("stoep-corner-couch"), door(82)).level).not.toBe("wont-fit");
  });

  test("a bed frame arrives flat-packed: its headboard turns from a narrow hallway into a narrow door", () => {
    const a = willItFit(dims("umhlanga-bed-frame"), door(72, 203, { hallWidth: 90, turnIntoDoor: true }));
    expect([a.level, a.route]).toEqual(["fits", "upright"]);
    expect(a.reason).toMatch(/^It arrives flat-packed; the largest pack, the headboard, goes through upright/);
  });

  test("the room takes the whole piece, not its largest section", () => {
    const a = willItFit(dims("knysna-corner-couch"), door(100, 203, { roomWidth: 300 }));
    expect(a.room[0]).toMatchObject({ what: "room width", size: 318, level: "wont-fit" });
    expect(a.level).toBe("wont-fit");
    expect(a.reason).toContain("In the room, it is 318 cm wide and the space 300 cm: too big for the space.");
  });
});

describe("the space in the room", () => {
  test("width along the wall and depth out from it: snug is tight, short is won't fit", () => {
    expect(willItFit(EDEN, door(100, 203, { roomWidth: 200, roomDepth: 120 })).level).toBe("fits");
    const snug = willItFit(EDEN, door(100, 203, { roomWidth: 180, roomDepth: 120 }));
    expect(snug.level).toBe("tight");
    expect(snug.reason).toContain("In the room, it is 178 cm wide and the space 180 cm: 2 cm to spare.");
    expect(willItFit(EDEN, door(100, 203, { roomWidth: 178 })).level).toBe("tight");
    expect(willItFit(EDEN, door(100, 203, { roomDepth: 91 })).level).toBe("wont-fit");
  });

  test("a sleeper needs its length opened out from the wall, not just its depth", () => {
    const fynbos = dims("fynbos-sleeper");
    expect(fynbos.openLength).toBe(210);
    const short = willItFit(fynbos, door(100, 203, { roomDepth: 205 }));
    expect(short.level).toBe("wont-fit");
    expect(short.reason).toContain("Opened into a bed, it reaches 210 cm from the wall and the space 205 cm");
    expect(willItFit(fynbos, door(100, 203, { roomDepth: 214 })).level).toBe("tight");
    expect(willItFit(fynbos, door(100, 203, { roomDepth: 230 })).level).toBe("fits");
  });

  test("the answer is the worse of the way in and the room", () => {
    const a = willItFit(EDEN, door(86, 203, { roomWidth: 250, roomDepth: 150 }));
    expect([a.level, a.route]).toEqual(["tight", "tilted"]);
  });
});

describe("every piece in the catalogue", () => {
  test("goes through a wide door, and the answer always names a way or why not", () => {
    for (const p of seedProducts) {
      const wide = willItFit(p.dimensions, door(120, 210));
      expect([p.slug, wide.level]).toEqual([p.slug, "fits"]);
      const narrow = willItFit(p.dimensions, door(40, 150));
      expect(narrow.reason.length).toBeGreaterThan(20);
      expect(narrow.reason).not.toMatch(/undefined|NaN/);
    }
  });
});
