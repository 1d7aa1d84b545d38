/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NewProductForm } from "@/components/admin/catalog/new-product-form";
import { CategoryForm } from "@/components/admin/catalog/category-form";
import { suggestSlug } from "@/components/admin/catalog/form-values";
import { NEW_CATEGORY } from "@/lib/admin/category-form";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
const callApi = jest.fn(async () => ({ product: { id: 7 }, message: "Made." }));
jest.mock("@/lib/http/api-client", () => ({
  ...jest.requireActual("@/lib/http/api-client"),
  callApi: (...args: unknown[]) => callApi(...(args as [])),
}));

const CATEGORIES = [
  { slug: "couches", name: "Couches" },
  { slug: "ottomans", name: "Ottomans" },
];

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("an address suggested from the name", () => {
  test("made of lower-case letters, digits and single hyphens, at most 80 long", () => {
    expect(suggestSlug("  Ivory Bouclé Daybed, 3-Seater! ")).toBe("ivory-boucle-daybed-3-seater");
    expect(suggestSlug("!!!")).toBe("");
    const long = suggestSlug(`${"a".repeat(79)} b`);
    expect(long).toBe("a".repeat(79));
  });

  test("a new product's address follows its name until staff write their own", () => {
    render(<NewProductForm categories={CATEGORIES} />);
    const address = screen.getByLabelText("Address");
    type("Name", "Karoo");
    expect(address).toHaveValue("karoo");
    type("Name", "Karoo Daybed");
    expect(address).toHaveValue("karoo-daybed");

    type("Address", "karoo-stoep-bed");
    type("Name", "Karoo Daybed in Oak");
    expect(address).toHaveValue("karoo-stoep-bed");

    // Emptied, the address follows the name again.
    type("Address", "");
    type("Name", "Karoo Oak Daybed");
    expect(address).toHaveValue("karoo-oak-daybed");
  });

  test("the suggested address is the one sent", async () => {
    render(<NewProductForm categories={CATEGORIES} />);
    type("Name", "Pebble Footstool");
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "ottomans" } });
    type("Price (R)", "1999");
    type("Width", "50");
    type("Depth", "50");
    type("Height", "42");
    fireEvent.submit(screen.getByRole("form", { name: "New product" }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith(
        "POST",
        "/api/admin/products",
        expect.objectContaining({ name: "Pebble Footstool", slug: "pebble-footstool", category: "ottomans" }),
      ),
    );
  });

  test("a new category's address follows its name; an existing category's never changes by itself", () => {
    const { unmount } = render(<CategoryForm initial={NEW_CATEGORY} />);
    type("Name", "Garden Loungers");
    expect(screen.getByLabelText("Address")).toHaveValue("garden-loungers");
    unmount();

    render(<CategoryForm initial={{ id: 3, name: "Ottomans", slug: "ottomans", description: "", sortOrder: "2" }} />);
    type("Name", "Footstools and Ottomans");
    expect(screen.getByLabelText("Address")).toHaveValue("ottomans");
    type("Address", "");
    type("Name", "Footstools");
    expect(screen.getByLabelText("Address")).toHaveValue("");
  });
});
