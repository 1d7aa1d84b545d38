/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { OptionsForm } from "@/components/admin/catalog/options-form";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
const send = jest.fn(async () => {});
jest.mock("@/components/admin/catalog/admin-call", () => ({
  useAdminCall: () => ({ send, refreshing: false }),
}));

beforeEach(() => send.mockClear());

/** The shop's fabrics by name, as the product page hands them to the form. */
const RANGE = ["Oat", "Sand", "Charcoal"];

test("says what saving would make before staff save, and sends the attributes as typed", async () => {
  render(
    <OptionsForm productId={7} attributes={[{ name: "Fabric", options: ["Oat"] }]} existing={[]} fabrics={RANGE} />,
  );
  expect(screen.getByText("Sold as one item.")).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText("Values of Fabric"), { target: { value: "Oat, Charcoal" } });
  expect(screen.getByText("2 options: 2 new (no stock yet), 0 removed.")).toBeInTheDocument();
  fireEvent.click(screen.getByRole("button", { name: "Add an attribute" }));
  fireEvent.change(screen.getAllByLabelText("Attribute")[1]!, { target: { value: "Size" } });
  fireEvent.change(screen.getByLabelText("Values of Size"), { target: { value: "2 Seater, 3 Seater" } });
  expect(screen.getByText("4 options: 4 new (no stock yet), 0 removed.")).toBeInTheDocument();
  fireEvent.submit(screen.getByRole("form", { name: "Attributes and options" }));
  await waitFor(() =>
    expect(send).toHaveBeenCalledWith("/api/admin/products/7/options", {
      attributes: [
        { name: "Fabric", values: "Oat, Charcoal" },
        { name: "Size", values: "2 Seater, 3 Seater" },
      ],
    }),
  );
});

test("a fabric we do not make is refused on its field, and nothing is sent", async () => {
  render(
    <OptionsForm
      productId={7}
      attributes={[{ name: "Fabric", options: ["Oat", "Sand"] }]}
      existing={[{ Fabric: "Oat" }, { Fabric: "Sand" }]}
      fabrics={RANGE}
    />,
  );
  fireEvent.change(screen.getByLabelText("Values of Fabric"), { target: { value: "Oat, Tartan" } });
  expect(screen.queryByText(/options:/)).toBeNull();
  fireEvent.submit(screen.getByRole("form", { name: "Attributes and options" }));
  await waitFor(() =>
    expect(screen.getByLabelText("Values of Fabric")).toHaveAccessibleDescription(/Tartan is not one of our fabrics/),
  );
  expect(send).not.toHaveBeenCalled();
});

test("taking a size away says how many options go", () => {
  render(
    <OptionsForm
      productId={7}
      attributes={[
        { name: "Fabric", options: ["Oat", "Sand"] },
        { name: "Size", options: ["2 Seater", "3 Seater"] },
      ]}
      existing={[
        { Fabric: "Oat", Size: "2 Seater" },
        { Fabric: "Oat", Size: "3 Seater" },
        { Fabric: "Sand", Size: "2 Seater" },
        { Fabric: "Sand", Size: "3 Seater" },
      ]}
      fabrics={RANGE}
    />,
  );
  expect(screen.getByText("4 options: none new, 0 removed.")).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText("Values of Size"), { target: { value: "3 Seater" } });
  expect(screen.getByText("2 options: none new, 2 removed.")).toBeInTheDocument();
});
