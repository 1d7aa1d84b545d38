/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WillItFit } from "@/components/product/will-it-fit";
import { dimensionSets } from "@/lib/catalog/dimensions";
import { seedProducts, sizeDimensions } from "@/lib/catalog/seed-data";
import { publishChoice } from "@/stores/product-choice";

const fynbos = seedProducts.find((p) => p.slug === "fynbos-sleeper")!;
const sets = dimensionSets({
  dimensions: fynbos.dimensions,
  variations: fynbos.variations!.map((v) => ({
    attributes: v.attributes,
    dimensions: sizeDimensions(fynbos, v.attributes.Size),
  })),
});

afterEach(() => {
  act(() => publishChoice("", {}));
  window.localStorage.clear();
});

/** Opens the check and measures a wide door and a 195 cm wall. */
async function measureFor195Wall() {
  const user = userEvent.setup();
  render(<WillItFit slug="fynbos-sleeper" name="Fynbos Sleeper" sets={sets} />);
  await user.click(screen.getByRole("button", { name: /Will it fit\?/ }));
  await user.type(await screen.findByLabelText(/^Door width/), "100");
  await user.type(screen.getByLabelText(/^Door height/), "203");
  await user.type(screen.getByLabelText(/^Space along the wall/), "195");
  await user.click(screen.getByRole("button", { name: "Check the fit" }));
}

describe("will it fit? in the size chosen", () => {
  test("a 195 cm wall takes the 2 Seater, 172 cm wide; choosing the 3 Seater, 208 cm, it won't fit", async () => {
    await measureFor195Wall();
    expect(screen.getByTestId("fit-piece")).toHaveTextContent("Checked for the 2 Seater");
    expect(screen.getByTestId("fit-verdict")).toHaveTextContent("It fits");

    act(() => publishChoice("fynbos-sleeper", { Fabric: "Stone", Size: "3 Seater" }));
    expect(screen.getByTestId("fit-piece")).toHaveTextContent("Checked for the 3 Seater");
    expect(screen.getByTestId("fit-piece")).toHaveTextContent("208 x 94 x 86 cm");
    expect(screen.getByTestId("fit-verdict")).toHaveTextContent("It won't fit");
    expect(screen.getByTestId("fit-reason")).toHaveTextContent(
      "In the room, it is 208 cm wide and the space 195 cm: too big for the space.",
    );
  });

  test("the 3 Seater chosen before opening is the one checked", async () => {
    act(() => publishChoice("fynbos-sleeper", { Size: "3 Seater" }));
    await measureFor195Wall();
    expect(screen.getByTestId("fit-verdict")).toHaveAttribute("data-level", "wont-fit");
  });
});
