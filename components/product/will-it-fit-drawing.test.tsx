/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { FitDrawing } from "@/components/product/will-it-fit-drawing";
import { seedProducts } from "@/lib/catalog/seed-data";
import { willItFit, type Measurements } from "@/lib/fit/fit";

const dims = (slug: string) => seedProducts.find((p) => p.slug === slug)!.dimensions;

/** How wide the drawn piece is, in the drawing's centimetres. */
function drawnWidth(): number {
  const d = screen.getByTestId("fit-drawing").querySelector("path")!.getAttribute("d")!;
  const xs = [...d.matchAll(/[ML]([\d.-]+) /g)].map((m) => Number(m[1]));
  return Math.max(...xs) - Math.min(...xs);
}

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

  test("when it will not go through, its best try is drawn across the frame and said so", () => {
    draw("eden-2-seater", { doorWidth: 70, doorHeight: 203, turnIntoDoor: false });
    expect(screen.getByRole("img", { name: /is wider than the 70 by 203 cm door/ })).toBeTruthy();
    expect(drawnWidth()).toBeGreaterThan(70);
  });
});
