/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ItemEditor, type EditableItem } from "@/components/admin/catalog/item-editor";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
const send = jest.fn(async () => {});
jest.mock("@/components/admin/catalog/admin-call", () => ({
  useAdminCall: () => ({ send, refreshing: false }),
}));

const item = (over: Partial<EditableItem>): EditableItem => ({
  productId: 1,
  variationId: null,
  label: "Pebble Ottoman",
  sku: "PEBBLE",
  regularPriceCents: 249_900,
  salePriceCents: null,
  stock: 4,
  ...over,
});

describe("the price editor's preview", () => {
  test("a sale below the regular price: the sale price now, the regular one as was", () => {
    render(<ItemEditor item={item({ salePriceCents: 199_900 })} lowStockThreshold={3} />);
    expect(screen.getByText(/^Now /).textContent).toMatch(/^Now R\s?1\s?999(,00)? \(was R\s?2\s?499(,00)?\)$/);
  });

  test("a sale price at or above the regular one: the regular price, and no was", () => {
    render(<ItemEditor item={item({ salePriceCents: 299_900 })} lowStockThreshold={3} />);
    expect(screen.getByText(/^Now /).textContent).toMatch(/^Now R\s?2\s?499(,00)?$/);
  });
});

describe("the item's two forms", () => {
  beforeEach(() => send.mockClear());

  test("prices send the variation and both prices as typed", async () => {
    render(<ItemEditor item={item({ variationId: 12, salePriceCents: 199_900 })} lowStockThreshold={3} />);
    const form = screen.getByRole("form", { name: "Prices of Pebble Ottoman" });
    expect(screen.getByLabelText("Regular price (R)")).toHaveValue("2499.00");
    expect(screen.getByLabelText("Sale price (R)")).toHaveAccessibleDescription("Empty: not on sale");
    fireEvent.change(screen.getByLabelText("Sale price (R)"), { target: { value: "" } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith("/api/admin/products/1", {
        action: "price",
        variationId: 12,
        regularPrice: "2499.00",
        salePrice: "",
        alike: null,
      }),
    );
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  test("a variation with a size can have its price set for every option of that size", async () => {
    const alike = { name: "Size", value: "3 Seater" };
    render(<ItemEditor item={item({ variationId: 12, label: "Oat, 3 Seater", alike })} lowStockThreshold={3} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Also for every 3 Seater (size)" }));
    fireEvent.change(screen.getByLabelText("Regular price (R)"), { target: { value: "15999" } });
    fireEvent.submit(screen.getByRole("form", { name: "Prices of Oat, 3 Seater" }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith("/api/admin/products/1", {
        action: "price",
        variationId: 12,
        regularPrice: "15999",
        salePrice: "",
        alike: "Size",
      }),
    );
  });

  test("stock sends how to change the count and by how much", async () => {
    render(<ItemEditor item={item({})} lowStockThreshold={3} />);
    const form = screen.getByRole("form", { name: "Stock of Pebble Ottoman" });
    expect(screen.getByRole("button", { name: "Save stock" })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Change"), { target: { value: "set" } });
    fireEvent.change(screen.getByLabelText("Quantity"), { target: { value: "7" } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith("/api/admin/products/1", {
        action: "stock",
        variationId: null,
        mode: "set",
        quantity: "7",
      }),
    );
  });
});
