/** @jest-environment jsdom */
import { act, render, screen, within } from "@testing-library/react";
import { ProductDetails } from "@/components/product/product-details";
import { seedProducts, sizeDimensions } from "@/lib/catalog/seed-data";
import type { ProductDetail } from "@/lib/catalog/types";
import { publishChoice } from "@/stores/product-choice";

/** A seeded piece as the product page gets it: each variation with its size's measurements. */
function detail(slug: string): ProductDetail {
  const seed = seedProducts.find((p) => p.slug === slug)!;
  return {
    slug,
    description: "",
    features: [],
    specs: seed.specs,
    care: seed.care,
    dimensions: seed.dimensions,
    variations: (seed.variations ?? []).map((v) => ({
      attributes: v.attributes,
      dimensions: sizeDimensions(seed, v.attributes.Size),
    })),
  } as unknown as ProductDetail;
}

/** The specs tables as a shopper reads them: "Width: 172 cm". */
function rows(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole("row", { hidden: true })
    .map((tr) => `${tr.querySelector("th")?.textContent}: ${tr.querySelector("td")?.textContent}`);
}

const dimensionsTable = () => screen.getByTestId("dimensions");

afterEach(() => act(() => publishChoice("", {})));

describe("the dimensions table", () => {
  test("a couch shows its diagonal depth, the figure movers tilt it by", () => {
    render(<ProductDetails product={detail("eden-2-seater")} />);
    expect(
      within(dimensionsTable())
        .getAllByRole("rowheader", { hidden: true })
        .map((th) => th.textContent),
    ).toContain("Diagonal depth");
  });

  test("a piece staff weighed shows its weight in kilograms, after its measurements", () => {
    const product = detail("eden-2-seater");
    product.variations = product.variations.map((v) => ({
      ...v,
      dimensions: { ...v.dimensions, weightGrams: 48_500 },
    }));
    render(<ProductDetails product={product} />);
    expect(rows(dimensionsTable()).at(-1)).toBe("Weight: 48.5 kg");
  });

  test("a flat-packed bed frame does not: it is carried in as boards", () => {
    const bed = seedProducts.find((p) => p.dimensions.arrivesIn?.form === "flat-pack")!;
    expect(bed.dimensions.diagonalDepth).toBeDefined();
    render(<ProductDetails product={detail(bed.slug)} />);
    const headers = within(dimensionsTable())
      .getAllByRole("rowheader", { hidden: true })
      .map((th) => th.textContent);
    expect(headers).not.toContain("Diagonal depth");
    expect(headers).toEqual(expect.arrayContaining(["Width", "Depth", "Height"]));
  });

  test("a sleeper in two sizes shows the 2 Seater's measurements, then the 3 Seater's once it is chosen", () => {
    render(<ProductDetails product={detail("fynbos-sleeper")} />);
    const table = dimensionsTable();
    expect(within(table).getByTestId("dimensions-size")).toHaveTextContent("2 Seater: W 172 x D 94 x H 86 cm");
    expect(rows(table)).toEqual(expect.arrayContaining(["Width: 172 cm", "Sleeping area: 120 x 188 cm"]));

    act(() => publishChoice("fynbos-sleeper", { Fabric: "Oat", Size: "3 Seater" }));
    expect(within(table).getByTestId("dimensions-size")).toHaveTextContent("3 Seater: W 208 x D 94 x H 86 cm");
    expect(rows(table)).toEqual(expect.arrayContaining(["Width: 208 cm", "Sleeping area: 137 x 188 cm"]));
    expect(rows(table)).not.toContain("Width: 172 cm");

    // Back to the 2 Seater, and a choice on another product's page changes nothing here.
    act(() => publishChoice("fynbos-sleeper", { Size: "2 Seater" }));
    expect(rows(table)).toContain("Width: 172 cm");
    act(() => publishChoice("swartberg-sleeper", { Size: "3 Seater" }));
    expect(rows(table)).toContain("Width: 172 cm");
  });

  test("the specifications list every size side by side, from the measurements", () => {
    render(<ProductDetails product={detail("fynbos-sleeper")} />);
    expect(screen.getByRole("rowheader", { name: "Sizes", hidden: true }).nextElementSibling).toHaveTextContent(
      "2 Seater: W 172 x D 94 x H 86 cm, sleeps 120 x 188 cm. 3 Seater: W 208 x D 94 x H 86 cm, sleeps 137 x 188 cm",
    );
  });

  test("a piece in one size names no size and lists none", () => {
    render(<ProductDetails product={detail("magalies-3-seater")} />);
    expect(within(dimensionsTable()).queryByTestId("dimensions-size")).toBeNull();
    expect(screen.queryByRole("rowheader", { name: "Sizes", hidden: true })).toBeNull();
    expect(rows(dimensionsTable())).toContain("Width: 216 cm");
  });
});

describe("the words staff write in the back office", () => {
  test("care notes keep their paragraphs; a feature or label written twice is shown twice", () => {
    const product = {
      ...detail("eden-2-seater"),
      features: ["Deep seats", "Deep seats"],
      specs: [
        { label: "Legs", value: "Oak" },
        { label: "Legs", value: "Beech on the 3 Seater" },
      ],
      care: "Vacuum weekly.\n\nBlot spills at once.",
    };
    // React says so on the console when two rows share a key.
    const complaints = jest.spyOn(console, "error").mockImplementation(() => {});
    render(<ProductDetails product={product} />);
    expect(complaints).not.toHaveBeenCalled();
    complaints.mockRestore();
    expect(screen.getAllByText("Deep seats", { selector: "li" })).toHaveLength(2);
    expect(screen.getByText("Beech on the 3 Seater", { selector: "td" })).toBeInTheDocument();
    expect(screen.getByText("Vacuum weekly.", { selector: "p" })).toBeInTheDocument();
    expect(screen.getByText("Blot spills at once.", { selector: "p" })).toBeInTheDocument();
  });
});
