/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { CouponForm } from "@/components/admin/catalog/coupon-form";
import { NEW_COUPON, type CouponFormValues } from "@/lib/admin/coupon-form-values";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

const choices = {
  products: [
    { id: 7, name: "Pebble Ottoman" },
    { id: 9, name: "Eden 2-Seater" },
  ],
  categories: [
    { slug: "ottomans", name: "Ottomans" },
    { slug: "couches", name: "Couches" },
  ],
};

const saved: CouponFormValues = {
  ...NEW_COUPON,
  id: 4,
  code: "SPRING15",
  description: "Spring sale",
  kind: "free_product",
  freeProductId: "7",
  requiresCategorySlug: "couches",
  minSpend: "1500.00",
  startsAt: "2026-09-01T00:00",
  expiresAt: "2026-09-30T23:59",
  usageLimit: "100",
  usageLimitPerCustomer: "1",
  productIds: [9],
  categorySlugs: ["couches"],
  affiliate: true,
};

const control = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;

describe("the coupon form", () => {
  test("each field is labelled, named for the call and filled from the coupon", () => {
    render(<CouponForm initial={saved} choices={choices} />);
    expect(screen.getByRole("form", { name: "Coupon SPRING15" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Code")).toBeNull();
    const expected: [string, string, string][] = [
      ["Description", "description", "Spring sale"],
      ["Discount", "kind", "free_product"],
      ["Free product", "freeProductId", "7"],
      ["Only with a product from", "requiresCategorySlug", "couches"],
      ["Minimum spend (R)", "minSpend", "1500.00"],
      ["Starts", "startsAt", "2026-09-01T00:00"],
      ["Ends", "expiresAt", "2026-09-30T23:59"],
      ["Uses in all", "usageLimit", "100"],
      ["Uses per customer", "usageLimitPerCustomer", "1"],
    ];
    for (const [label, name, value] of expected) {
      expect(control(label)).toHaveAttribute("name", name);
      expect(control(label).value).toBe(value);
    }
    expect(control("Starts")).toHaveAttribute("type", "datetime-local");
    expect(control("Uses in all")).toHaveAttribute("inputmode", "numeric");
    expect(control("Uses per customer")).toHaveAccessibleDescription("Counted by account and e-mail address");
    const products = control("Products (none chosen: all)") as HTMLSelectElement;
    expect(products.multiple).toBe(true);
    expect([...products.selectedOptions].map((o) => o.text)).toEqual(["Eden 2-Seater"]);
    expect(products).toHaveAccessibleDescription("Hold Ctrl (or ⌘) to choose more than one.");
    expect(screen.getByRole("checkbox", { name: "Couches" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Ottomans" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Affiliate code/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Active" })).toBeChecked();
  });

  test("a new coupon asks for its code and an amount; automatic coupons ask for their order", () => {
    render(<CouponForm initial={NEW_COUPON} choices={choices} />);
    expect(control("Code")).toHaveAttribute("name", "code");
    expect(control("Code")).toBeRequired();
    expect(control("Percent off")).toHaveAttribute("name", "amount");
    fireEvent.change(control("Discount"), { target: { value: "fixed_cart" } });
    expect(control("Amount off (R)")).toHaveAttribute("inputmode", "decimal");
    expect(screen.queryByLabelText("Order among automatic coupons")).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Applied automatically to every cart it fits" }));
    expect(control("Order among automatic coupons")).toHaveValue("0");
  });
});
