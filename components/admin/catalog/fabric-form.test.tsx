/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FabricForm } from "@/components/admin/catalog/fabric-form";
import { NEW_FABRIC } from "@/lib/admin/fabric-form";

const push = jest.fn();
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push }) }));
const callApi = jest.fn(async () => ({ fabric: { id: 12 }, message: "Saved." }));
jest.mock("@/lib/http/api-client", () => ({
  ...jest.requireActual("@/lib/http/api-client"),
  callApi: (...args: unknown[]) => callApi(...(args as [])),
}));

beforeEach(() => {
  callApi.mockClear();
  push.mockClear();
});

const FAMILIES = ["Linen weave", "Velvet"];
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

test("a new fabric's address follows its name, and the form sends what the schema reads", async () => {
  render(<FabricForm initial={NEW_FABRIC} families={FAMILIES} />);
  type("Name", "Ivory Bouclé Two");
  expect(screen.getByLabelText("Address")).toHaveValue("ivory-boucle-two");
  type("Colour", "#ECE6DA");
  type("Shade", "#cbc2b2");
  type("Family", "Bouclé");
  type("Colour words", "cream, off-white");
  fireEvent.submit(screen.getByRole("form", { name: "New fabric" }));
  await waitFor(() =>
    expect(callApi).toHaveBeenCalledWith("POST", "/api/admin/fabrics", {
      name: "Ivory Bouclé Two",
      slug: "ivory-boucle-two",
      hex: "#ECE6DA",
      shade: "#cbc2b2",
      family: "Bouclé",
      note: "",
      colourWords: "cream, off-white",
      restockWeeks: "4",
      position: "0",
    }),
  );
  expect(push).toHaveBeenCalledWith("/admin/fabrics/12");
});

test("a colour that is not #rrggbb is refused on its field, and nothing is sent", async () => {
  render(<FabricForm initial={NEW_FABRIC} families={FAMILIES} />);
  type("Name", "Protea");
  type("Colour", "pink");
  type("Shade", "#5a6238");
  type("Family", "Velvet");
  fireEvent.submit(screen.getByRole("form", { name: "New fabric" }));
  await waitFor(() =>
    expect(screen.getByLabelText("Colour")).toHaveAccessibleDescription(/Give the colour as #rrggbb/),
  );
  expect(callApi).not.toHaveBeenCalled();
});

test("colour words are words: a sentence is refused on its field, and nothing is sent", async () => {
  render(<FabricForm initial={NEW_FABRIC} families={FAMILIES} />);
  type("Name", "Protea");
  type("Colour", "#c0607a");
  type("Shade", "#90405a");
  type("Family", "Velvet");
  type("Colour words", "pink, <script>alert(1)</script>");
  fireEvent.submit(screen.getByRole("form", { name: "New fabric" }));
  await waitFor(() => expect(screen.getByLabelText("Colour words")).toHaveAccessibleDescription(/one word each/));
  expect(callApi).not.toHaveBeenCalled();
});

test("an existing fabric is saved with PATCH at its own address, and can be deleted", async () => {
  const oat = {
    id: 3,
    name: "Oat",
    slug: "oat",
    hex: "#d9ccb4",
    shade: "#b3a488",
    family: "Linen weave",
    note: "",
    colourWords: "beige",
    restockWeeks: "3",
    position: "0",
  };
  render(<FabricForm initial={oat} families={FAMILIES} />);
  expect(screen.getByLabelText("Address")).toHaveValue("oat");
  type("Colour", "#e0d2b8");
  fireEvent.submit(screen.getByRole("form", { name: "Fabric Oat" }));
  await waitFor(() =>
    expect(callApi).toHaveBeenCalledWith("PATCH", "/api/admin/fabrics/3", expect.objectContaining({ hex: "#e0d2b8" })),
  );
  fireEvent.submit(screen.getByRole("form", { name: "Delete the fabric" }));
  await waitFor(() => expect(callApi).toHaveBeenCalledWith("DELETE", "/api/admin/fabrics/3"));
});
