/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NotificationArea } from "@/components/layout/notification-area";
import { toast, useToastStore } from "@/stores/toast";

beforeEach(() => useToastStore.setState({ toasts: [] }));

test("a notification appears inside the live region that was there before it, and goes when dismissed", async () => {
  render(<NotificationArea />);
  const area = screen.getByTestId("notification-area");
  expect(area).toHaveAttribute("aria-live", "polite");
  expect(area).toBeEmptyDOMElement();

  act(() => {
    toast({ title: "Added to cart", message: "Pebble Ottoman", type: "success" });
  });
  const shown = await screen.findByTestId("toast");
  expect(area).toContainElement(shown);
  expect(shown).toHaveAttribute("data-type", "success");
  expect(shown).toHaveTextContent("Added to cart");
  expect(shown).toHaveTextContent("Pebble Ottoman");

  await userEvent.setup().click(shown);
  expect(screen.queryByTestId("toast")).toBeNull();
  expect(screen.getByTestId("notification-area")).toBe(area);
});
