/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { RevenueChart } from "@/components/admin/revenue-chart";

test("the summary counts the paid orders the takings came from, not unpaid or cancelled ones", () => {
  render(
    <RevenueChart
      days={[
        { day: "2026-11-22", orders: 3, paidOrders: 1, revenueCents: 600_000 },
        { day: "2026-11-23", orders: 4, paidOrders: 0, revenueCents: 0 },
      ]}
    />,
  );
  expect(screen.getByRole("img", { name: /Takings per day, last 2 days/ })).toHaveAccessibleName(
    expect.stringContaining("from 1 paid order over 2 days"),
  );
  expect(screen.getByRole("columnheader", { name: "Paid orders" })).toBeInTheDocument();
});
