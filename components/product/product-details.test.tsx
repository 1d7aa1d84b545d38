/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { ProductDetails } from "@/components/product/product-details";
import { seedProducts } from "@/lib/catalog/seed-data";
import type { ProductDetail } from "@/lib/catalog/types";

/** The specs table as a shopper reads it, for a seeded piece. */
function dimensionRows(slug: string): string[] {
  const seed = seedProducts.find((p) => p.slug === slug)!;
  const product = { description: "", features: [], specs: [], dimensions: seed.dimensions } as unknown as ProductDetail;
  const { unmount } = render(<ProductDetails product={product} />);
  const rows = screen.getAllByRole("rowheader", { hidden: true }).map((th) => th.textContent ?? "");
  unmount();
  return rows;
}

describe("the dimensions table", () => {
  test("a couch shows its diagonal depth, the figure movers tilt it by", () => {
    expect(dimensionRows("eden-2-seater")).toContain("Diagonal depth");
  });

  test("a flat-packed bed frame does not: it is carried in as boards", () => {
    const bed = seedProducts.find((p) => p.dimensions.arrivesIn?.form === "flat-pack")!;
    expect(bed.dimensions.diagonalDepth).toBeDefined();
    expect(dimensionRows(bed.slug)).not.toContain("Diagonal depth");
    expect(dimensionRows(bed.slug)).toEqual(expect.arrayContaining(["Width", "Depth", "Height"]));
  });
});
