/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { AdminNav } from "@/components/admin/admin-nav";
import { SITE } from "@/lib/config/site";

jest.mock("next/navigation", () => ({ usePathname: () => "/admin/orders", useRouter: () => ({ refresh: jest.fn() }) }));

test("the back office's menu names the shop, marks the page open, and offers a change of password", () => {
  render(
    <AdminNav
      sections={[
        { href: "/admin", label: "Dashboard" },
        { href: "/admin/orders", label: "Orders" },
      ]}
      staffName="Thandi Mokoena"
      role="Admin"
    />,
  );
  expect(screen.getByRole("link", { name: `${SITE.name} back office` })).toHaveAttribute("href", "/admin");
  const nav = screen.getByRole("navigation", { name: "Back office", hidden: true });
  expect(nav).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Orders", hidden: true })).toHaveAttribute("aria-current", "page");
  expect(screen.getByRole("link", { name: "Change your password", hidden: true })).toHaveAttribute(
    "href",
    "/my-account/change-password",
  );
});
