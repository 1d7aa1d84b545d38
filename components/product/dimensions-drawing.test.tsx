/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import { DimensionsDrawing } from "@/components/product/dimensions-drawing";
import { measuredViews } from "@/lib/catalog/dimension-drawing";
import { publishChoice } from "@/stores/product-choice";

const two = { width: 172, depth: 94, height: 86, seatHeight: 45, seatDepth: 58, armHeight: 62, legHeight: 12 };
const three = { ...two, width: 208 };
const sets = [
  { match: { Size: "2 Seater" }, dimensions: two },
  { match: { Size: "3 Seater" }, dimensions: three },
];

test("draws the chosen size with its own measures, and says them to a screen reader", () => {
  render(<DimensionsDrawing slug="fynbos-sleeper" sets={sets} />);
  const drawing = screen.getByRole("img");
  expect(drawing).toHaveAccessibleName(
    "Drawn to scale from the front and the side: 172 cm wide, 94 cm deep and 86 cm high, the seat 45 cm from the floor.",
  );
  expect(drawing.textContent).toContain("172 cm");
  act(() => publishChoice("fynbos-sleeper", { Size: "3 Seater" }));
  expect(screen.getByRole("img")).toHaveAccessibleName(/^Drawn to scale from the front and the side: 208 cm wide/);
  expect(screen.getByRole("img").textContent).toContain("208 cm");
  expect(screen.getByRole("img").textContent).not.toContain("172 cm");
});

test("the outline is as wide, deep and high as the measures, seat and arms where they were measured", () => {
  const [front, side] = measuredViews(three);
  const extent = (view: NonNullable<typeof front>) => {
    const xs = view.outline.flatMap((s) => [s.x1, s.x2]);
    const ys = view.outline.flatMap((s) => [s.y1, s.y2]);
    return [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  };
  expect(extent(front!)).toEqual([0, 208, 0, 86]);
  expect(extent(side!)).toEqual([0, 94, 0, 86]);
  expect(front!.inner).toContainEqual(expect.objectContaining({ y1: 45, y2: 45 }));
  expect(side!.measures.map((m) => m.label)).toEqual(["94 cm", "Seat 45 cm"]);
  // The seat is as deep as measured, the back behind it.
  expect(side!.outline).toContainEqual({ x1: 58, y1: 45, x2: 0, y2: 45 });
  // A piece without a seat is its block on its legs.
  const [ottoman] = measuredViews({ width: 60, depth: 60, height: 42, legHeight: 4 });
  expect(extent(ottoman!)).toEqual([0, 60, 0, 42]);
  expect(ottoman!.measures.map((m) => m.label)).toEqual(["60 cm", "42 cm"]);
});
