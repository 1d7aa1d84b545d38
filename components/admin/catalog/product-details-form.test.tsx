/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ProductDetailsForm } from "@/components/admin/catalog/product-details-form";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
const callApi = jest.fn(async () => ({ message: "Saved." }));
jest.mock("@/lib/http/api-client", () => ({
  ...jest.requireActual("@/lib/http/api-client"),
  callApi: (...args: unknown[]) => callApi(...(args as [])),
}));

const initial = {
  id: 4,
  name: "Pebble Ottoman",
  slug: "pebble-ottoman",
  category: "ottomans",
  shortDescription: "",
  description: "",
  features: "Round\nOn oak feet",
  specs: "Frame: Pine",
  care: "Vacuum weekly.",
  seoTitle: "",
  seoDescription: "",
};
const CATEGORIES = [
  { slug: "couches", name: "Couches" },
  { slug: "ottomans", name: "Ottomans" },
];

beforeEach(() => callApi.mockClear());

test("the category, features, specifications and care start as the product has them and are sent as typed", async () => {
  render(<ProductDetailsForm initial={initial} categories={CATEGORIES} />);
  expect(screen.getByLabelText("Category")).toHaveValue("ottomans");
  expect(screen.getByLabelText("Features")).toHaveValue("Round\nOn oak feet");
  expect(screen.getByLabelText("Specifications")).toHaveAccessibleDescription(
    "One a line as Label: value, e.g. Frame: Kiln-dried SA pine. Up to 30.",
  );
  fireEvent.change(screen.getByLabelText("Category"), { target: { value: "couches" } });
  fireEvent.change(screen.getByLabelText("Specifications"), { target: { value: "Frame: Pine\nLegs: Oak" } });
  fireEvent.submit(screen.getByRole("form", { name: "Details of Pebble Ottoman" }));
  await waitFor(() =>
    expect(callApi).toHaveBeenCalledWith("POST", "/api/admin/products/4", {
      action: "details",
      name: "Pebble Ottoman",
      slug: "pebble-ottoman",
      category: "couches",
      shortDescription: "",
      description: "",
      features: "Round\nOn oak feet",
      specs: "Frame: Pine\nLegs: Oak",
      care: "Vacuum weekly.",
      seoTitle: "",
      seoDescription: "",
    }),
  );
});

test("a line the server would refuse is named beside its field, and nothing is sent", async () => {
  render(<ProductDetailsForm initial={initial} categories={CATEGORIES} />);
  const specs = screen.getByLabelText("Specifications");
  fireEvent.change(specs, { target: { value: "Frame: Pine\n\nOak legs" } });
  fireEvent.submit(screen.getByRole("form", { name: "Details of Pebble Ottoman" }));
  await waitFor(() =>
    expect(specs).toHaveAccessibleDescription(expect.stringContaining("Line 3: write it as Label: value")),
  );
  expect(specs).toHaveAttribute("aria-invalid", "true");
  expect(callApi).not.toHaveBeenCalled();
});
