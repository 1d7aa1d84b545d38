/** @jest-environment jsdom */
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { loadCartCode } from "@/components/cart/cart-code";
import { NETWORK_MESSAGE } from "@/lib/http/api-client";
import { useToastStore } from "@/stores/toast";

/*
 * The add button on a page that does not show the cart: the cart's code is not part of the page,
 * so a press may come before it has. Here that code arrives (or fails) when the test says so.
 */
jest.mock("@/components/cart/cart-code", () => ({ loadCartCode: jest.fn() }));
jest.mock("@/components/cart/cart-drawer-slot", () => ({ loadCartDrawer: jest.fn(async () => () => null) }));

const addToCart = jest.fn(async () => true);
type CartCode = Awaited<ReturnType<typeof loadCartCode>>;
const load = loadCartCode as jest.MockedFunction<typeof loadCartCode>;

beforeEach(() => {
  addToCart.mockClear();
  load.mockReset();
  useToastStore.setState({ toasts: [] });
});

function arriving() {
  let arrive!: () => void;
  let fail!: (err: Error) => void;
  const code = new Promise<CartCode>((resolve, reject) => {
    arrive = () => resolve({ addToCart } as unknown as CartCode);
    fail = reject;
  });
  load.mockReturnValue(code);
  return { arrive, fail };
}

test("a press before the cart's code has come waits for it, shows 'Adding…', and adds once", async () => {
  const code = arriving();
  render(<AddToCartButton productId={11} quantity={2} />);
  await userEvent.setup().click(screen.getByRole("button", { name: "Add to cart" }));
  const button = screen.getByRole("button", { name: "Adding…" });
  expect(button).toBeDisabled();
  expect(addToCart).not.toHaveBeenCalled();
  await act(async () => code.arrive());
  await waitFor(() => expect(screen.getByRole("button", { name: "Add to cart" })).toBeEnabled());
  expect(addToCart).toHaveBeenCalledTimes(1);
  expect(addToCart).toHaveBeenCalledWith({ productId: 11, quantity: 2, variation: undefined, variationId: undefined });
});

test("the code is fetched as the pointer or focus nears the button, before any press", async () => {
  arriving();
  render(<AddToCartButton productId={11} />);
  await userEvent.setup().hover(screen.getByRole("button", { name: "Add to cart" }));
  expect(load).toHaveBeenCalled();
  expect(addToCart).not.toHaveBeenCalled();
});

test("when the code cannot be fetched the shopper is told nothing was added, and may press again", async () => {
  const first = arriving();
  render(<AddToCartButton productId={11} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Add to cart" }));
  await act(async () => first.fail(new Error("Failed to load chunk /_next/static/chunks/cart.js")));
  expect(await screen.findByRole("button", { name: "Add to cart" })).toBeEnabled();
  expect(useToastStore.getState().toasts.map((t) => [t.title, t.message, t.type])).toEqual([
    ["Could not add to cart", NETWORK_MESSAGE, "error"],
  ]);
  const second = arriving();
  await user.click(screen.getByRole("button", { name: "Add to cart" }));
  await act(async () => second.arrive());
  await waitFor(() => expect(addToCart).toHaveBeenCalledTimes(1));
});
