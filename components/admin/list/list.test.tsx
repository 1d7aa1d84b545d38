/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { DataTable, type Column } from "@/components/admin/list/data-table";
import { FilterBar } from "@/components/admin/list/filter-bar";
import { Pager } from "@/components/admin/list/pager";

type Row = { id: number; name: string; cents: number };
const rows: Row[] = [
  { id: 1, name: "Oak chair", cents: 129_900 },
  { id: 2, name: "Linen sofa", cents: 1_499_900 },
];
const columns: Column<Row>[] = [
  { key: "name", header: "Name", cell: (r) => <a href={`/admin/products/${r.id}`}>{r.name}</a>, sortable: true },
  { key: "price", header: "Price", align: "right", cell: (r) => `R${r.cents / 100}` },
];

describe("the data table", () => {
  test("draws a header a column and a cell a column for each row, in a named region", () => {
    render(<DataTable label="Products" rows={rows} columns={columns} rowKey={(r) => r.id} row={{ testId: "row" }} />);
    const region = screen.getByRole("region", { name: "Products" });
    expect(
      within(region)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Price"]);
    const body = screen.getAllByTestId("row");
    expect(body).toHaveLength(2);
    expect(
      within(body[1]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Linen sofa", "R14999"]);
    expect(within(body[0]!).getByRole("link", { name: "Oak chair" })).toHaveAttribute("href", "/admin/products/1");
    expect(within(body[0]!).getAllByRole("cell")[1]).toHaveClass("text-right");
  });

  test("with no rows, the empty state instead of an empty table", () => {
    render(<DataTable label="Products" rows={[]} columns={columns} rowKey={(r) => r.id} empty="No products match." />);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No products match.")).toBeInTheDocument();
  });

  test("a sortable column's header links to the list sorted by it and says how it is sorted", () => {
    render(
      <DataTable
        label="Products"
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        sort={{ current: { key: "name", direction: "asc" }, href: (key) => `/admin/products?sort=-${key}` }}
      />,
    );
    const name = screen.getByRole("columnheader", { name: /Name/ });
    expect(name).toHaveAttribute("aria-sort", "ascending");
    expect(within(name).getByRole("link")).toHaveAttribute("href", "/admin/products?sort=-name");
    expect(within(screen.getByRole("columnheader", { name: "Price" })).queryByRole("link")).toBeNull();
  });
});

describe("the pager", () => {
  test("previous and next keep the list's filters", () => {
    render(<Pager page={2} pages={3} path="/admin/coupons" params={{ q: "WINTER", state: "active", page: "2" }} />);
    const nav = screen.getByRole("navigation", { name: "Pages" });
    expect(within(nav).getByRole("link", { name: "Previous" })).toHaveAttribute(
      "href",
      "/admin/coupons?q=WINTER&state=active",
    );
    expect(within(nav).getByRole("link", { name: "Next" })).toHaveAttribute(
      "href",
      "/admin/coupons?q=WINTER&state=active&page=3",
    );
    expect(nav).toHaveTextContent("Page 2 of 3");
  });

  test("a single page has no pager", () => {
    const { container } = render(<Pager page={1} pages={1} path="/admin/coupons" params={{}} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("the filter bar", () => {
  test("draws its declared fields, labelled and filled from the query, in a search form", () => {
    render(
      <FilterBar
        label="Find coupons"
        fields={[
          { kind: "search", name: "q", id: "coupon-q", label: "Search", placeholder: "Code" },
          {
            kind: "select",
            name: "state",
            id: "coupon-state",
            label: "Show",
            any: "All",
            options: [{ value: "active", label: "Active" }],
          },
        ]}
        values={{ q: "WINTER", state: "active", page: 2 }}
        hidden={{ tab: "coupons" }}
        grid=""
      />,
    );
    const form = screen.getByRole("search", { name: "Find coupons" });
    expect(within(form).getByLabelText("Search")).toHaveValue("WINTER");
    expect(within(form).getByLabelText("Show")).toHaveValue("active");
    expect(form.querySelector('input[type="hidden"][name="tab"]')).toHaveValue("coupons");
    expect(within(form).getByRole("button", { name: "Filter" })).toHaveAttribute("type", "submit");
  });
});
