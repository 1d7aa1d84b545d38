/** @jest-environment jsdom */
import { act, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { CartButton } from "@/components/cart/cart-button";
import { CartView } from "@/components/cart/cart-view";
import { EMPTY_CART } from "@/components/cart/use-cart";
import type { ServerCart } from "@/lib/cart/types";

/*
 * When the page asks for the cart. Its own file: the page becomes idle once per page load, and
 * these tests look at the page before that.
 */
const cart: ServerCart = {
  ...EMPTY_CART,
  item_count: 2,
  items: [
    {
      item_key: "line-1",
      id: 11,
      variation_id: null,
      name: "Pebble Ottoman",
      slug: "pebble-ottoman",
      sku: "PEB",
      image: "/images/pebble.svg",
      picture: { src: "/images/pebble.svg", alt: "Pebble Ottoman", width: 800, height: 600 },
      category: "ottomans",
      variation: {},
      quantity: { value: 2, max_purchase: 10 },
      price: "249900",
      price_regular: "249900",
      totals: { subtotal: "499800", discount: "0", total: "499800" },
    },
  ],
  totals: { ...EMPTY_CART.totals, subtotal: "499800", total: "499800", vat_total: "65191" },
};

let idle: (() => void) | undefined;
const calls: string[] = [];

beforeAll(() => {
  window.requestIdleCallback = ((cb: () => void) => {
    idle = cb;
    return 1;
  }) as typeof window.requestIdleCallback;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? "GET"} ${new URL(String(input), "http://shop.test").pathname}`);
    return { ok: true, status: 200, json: async () => cart } as Response;
  }) as typeof fetch;
});

test("the header's count waits until the page is idle; the cart page asks for its lines at once", async () => {
  const header = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CartButton />
    </SWRConfig>,
  );
  await act(async () => undefined);
  expect(calls).toEqual([]);
  expect(idle).toBeDefined();
  header.unmount();

  // The page is still busy (the idle callback has not run): the cart page does not wait for it.
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CartView />
    </SWRConfig>,
  );
  expect(screen.getByLabelText("Loading your cart")).toBeInTheDocument();
  await waitFor(() => expect(calls).toEqual(["GET /api/cart"]));
  expect(await screen.findByTestId("cart-line")).toHaveAttribute("data-name", "Pebble Ottoman");
});
