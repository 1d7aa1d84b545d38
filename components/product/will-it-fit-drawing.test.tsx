/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { FitDrawing } from "@/components/product/will-it-fit-drawing";
import { seedProducts } from "@/lib/catalog/seed-data";
import { ROUTE_WORDS, sizeThroughDoor, willItFit, type Measurements } from "@/lib/fit/fit";
import type { Dimensions } from "@/lib/db/schema";

const dims = (slug: string) => seedProducts.find((p) => p.slug === slug)!.dimensions;

const drawnPoints = () =>
  [
    ...screen
      .getByTestId("fit-drawing")
      .querySelector("path")!
      .getAttribute("d")!
      .matchAll(/[ML]([\d.-]+) ([\d.-]+)/g),
  ].map((m) => [Number(m[1]), Number(m[2])] as const);
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

/** How wide and how high the drawn piece is, in the drawing's centimetres. */
const drawnWidth = () => spread(drawnPoints().map(([x]) => x));
const drawnHeight = () => spread(drawnPoints().map(([, y]) => y));

function draw(slug: string, m: Measurements) {
  const d = dims(slug);
  render(<FitDrawing answer={willItFit(d, m)} measurements={m} dimensions={d} name="piece" />);
}

describe("the doorway drawing, to scale", () => {
  test("upright, a couch's side is as wide as it is deep", () => {
    draw("eden-2-seater", { doorWidth: 100, doorHeight: 203, turnIntoDoor: false });
    expect(screen.getByTestId("fit-drawing").dataset.route).toBe("upright");
    expect(drawnWidth()).toBeCloseTo(92, 0);
  });

  test("tilted back, it is about its diagonal depth across", () => {
    draw("eden-2-seater", { doorWidth: 86, doorHeight: 203, turnIntoDoor: false });
    expect(
      screen.getByRole("img", { name: "Drawing: the piece going tilted back through the 86 by 203 cm door." }),
    ).toBeTruthy();
    expect(Math.abs(drawnWidth() - 82)).toBeLessThan(1);
  });

  test("a corner couch's largest section, tilted, is drawn at its published diagonal depth", () => {
    draw("knysna-corner-couch", { doorWidth: 100, doorHeight: 203, turnIntoDoor: false });
    expect(Math.abs(drawnWidth() - 75)).toBeLessThan(1);
  });

  test("when it will not go through, its best try is drawn across the frame and what stops it said", () => {
    draw("eden-2-seater", { doorWidth: 70, doorHeight: 203, turnIntoDoor: false });
    expect(
      screen.getByRole("img", {
        name: "Drawing: the piece tilted back does not go through the 70 by 203 cm door: it is 82 cm across and the door 70 cm wide.",
      }),
    ).toBeTruthy();
    expect(drawnWidth()).toBeGreaterThan(70);
  });

  test("a piece stopped by the door's height is not said to be too wide", () => {
    const d: Dimensions = { width: 180, depth: 80, height: 90 };
    const m: Measurements = { doorWidth: 120, doorHeight: 85, turnIntoDoor: false };
    render(<FitDrawing answer={willItFit(d, m)} measurements={m} dimensions={d} name="piece" />);
    const label = screen.getByRole("img").getAttribute("aria-label")!;
    expect(label).toBe(
      "Drawing: the piece upright does not go through the 120 by 85 cm door: it is 90 cm high and the door 85 cm high.",
    );
  });

  test("stood on end, it is drawn as the check sizes it: its length upright, its thinner side across", () => {
    const d: Dimensions = { width: 150, depth: 90, height: 80 };
    const m: Measurements = { doorWidth: 85, doorHeight: 230, turnIntoDoor: false };
    const answer = willItFit(d, m);
    expect(answer.route).toBe("on-end");
    render(<FitDrawing answer={answer} measurements={m} dimensions={d} name="piece" />);
    const size = sizeThroughDoor("on-end", answer.part)!;
    expect(drawnWidth()).toBeCloseTo(size.across, 0);
    expect(drawnHeight()).toBeCloseTo(size.high, 0);
    expect([size.across, size.high]).toEqual([80, 150]);
    expect(screen.getByRole("img").getAttribute("aria-label")).toContain(`going ${ROUTE_WORDS["on-end"]} through`);
  });
});
