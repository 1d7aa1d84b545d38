/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { cache } from "swr/_internal";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { CartButton } from "@/components/cart/cart-button";
import { CartDrawer } from "@/components/cart/cart-drawer";
import { CartView } from "@/components/cart/cart-view";
import { CART_KEY, EMPTY_CART } from "@/components/cart/use-cart";
import { forgetCartCount } from "@/components/cart/cart-count";
import { AppStart } from "@/components/layout/app-start";
import { useCartUiStore } from "@/stores/cart";
import { useCustomerStore } from "@/stores/customer";
import { useToastStore } from "@/stores/toast";
import type { ServerCart, ServerCartItem } from "@/lib/cart/types";

/*
 * What the shopper sees of the cart. The network here answers as the cart calls do, and each
 * answer can be held back, to see the page while a change is on its way.
 */
type Answer = { status: number; body: unknown };
type Pending = { call: string; params: Record<string, unknown>; answer: (a: Answer) => void };
let calls: Pending[] = [];
let auto: ((call: string, params: Record<string, unknown>) => Answer | null) | null = null;

beforeEach(() => {
  calls = [];
  auto = null;
  cache.delete(CART_KEY);
  forgetCartCount();
  useCartUiStore.setState({ drawerOpen: false });
  useToastStore.setState({ toasts: [] });
  useCustomerStore.setState({ customer: null });
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://shop.test");
    const method = init?.method ?? "GET";
    const params = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : Object.fromEntries(url.searchParams);
    const call = `${method} ${url.pathname}`;
    return new Promise<Response>((resolve) => {
      const answer = ({ status, body }: Answer) =>
        resolve({ ok: status < 400, status, json: async () => body } as Response);
      const now = auto?.(call, params);
      if (now) answer(now);
      else calls.push({ call, params, answer });
    });
  }) as typeof fetch;
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

function line(over: Partial<ServerCartItem> = {}): ServerCartItem {
  return {
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
    quantity: { value: 1, max_purchase: 10 },
    price: "249900",
    price_regular: "249900",
    totals: { subtotal: "249900", discount: "0", total: "249900" },
    ...over,
  };
}

function cartOf(items: ServerCartItem[], totals: Partial<ServerCart["totals"]> = {}): ServerCart {
  const sum = items.reduce((s, i) => s + Number(i.totals.total), 0);
  return {
    ...EMPTY_CART,
    item_count: items.reduce((s, i) => s + i.quantity.value, 0),
    items,
    totals: {
      ...EMPTY_CART.totals,
      subtotal: String(sum),
      total: String(sum),
      vat_total: String(Math.round((sum * 15) / 115)),
      ...totals,
    },
  };
}

/** Each test's first look at the cart is a call of its own (no answer shared with the test before). */
const show = (ui: React.ReactNode) => render(<SWRConfig value={{ dedupingInterval: 0 }}>{ui}</SWRConfig>);

const waitForCall = async (call: string) => {
  await waitFor(() => expect(calls.map((c) => c.call)).toContain(call));
  return calls.find((c) => c.call === call)!;
};
const answerNext = async (call: string, a: Answer) => {
  const pending = await waitForCall(call);
  calls = calls.filter((c) => c !== pending);
  await act(async () => pending.answer(a));
};

describe("the cart on screen", () => {
  // First: the page becomes idle once per page load, and this test is the one that sees it happen.
  test("the header asks for the cart once the page is idle, and shows the server's count", async () => {
    let idle: (() => void) | undefined;
    window.requestIdleCallback = ((cb: () => void) => {
      idle = cb;
      return 1;
    }) as typeof window.requestIdleCallback;
    show(<CartButton />);
    expect(global.fetch).not.toHaveBeenCalled();
    expect(idle).toBeDefined();
    act(() => idle!());
    await answerNext("GET /api/cart", {
      status: 200,
      body: cartOf([line({ quantity: { value: 3, max_purchase: 10 } })]),
    });
    expect(await screen.findByTestId("cart-count")).toHaveTextContent("3");
    expect(screen.getByRole("button", { name: "Cart, 3 items" })).toBeInTheDocument();
  });

  test("an add on a page without the cart starts from the header's count, and the drawer opens on the lines without asking again", async () => {
    show(
      <>
        <CartButton />
        <AddToCartButton productId={12} />
        <CartDrawer />
      </>,
    );
    const pebbles = line({ quantity: { value: 2, max_purchase: 10 } });
    await answerNext("GET /api/cart", { status: 200, body: cartOf([pebbles]) });
    expect(await screen.findByTestId("cart-count")).toHaveTextContent("2");
    await userEvent.setup().click(screen.getByRole("button", { name: "Add to cart" }));
    // At once, on top of the two already in the cart.
    await waitFor(() => expect(screen.getByTestId("cart-count")).toHaveTextContent("3"));
    const stool = line({ item_key: "line-2", id: 12, name: "Tula Stool" });
    await answerNext("POST /api/cart", { status: 200, body: cartOf([pebbles, stool]) });
    const drawer = await screen.findByTestId("cart-drawer");
    expect(await within(drawer).findAllByTestId("cart-line")).toHaveLength(2);
    expect(screen.getByTestId("cart-count")).toHaveTextContent("3");
    expect((global.fetch as jest.Mock).mock.calls).toHaveLength(2);
  });

  test("the header's answer that left before an add does not replace the add's cart", async () => {
    show(
      <>
        <CartButton />
        <AddToCartButton productId={11} />
      </>,
    );
    const headerCall = await waitForCall("GET /api/cart");
    await userEvent.setup().click(screen.getByRole("button", { name: "Add to cart" }));
    await answerNext("POST /api/cart", { status: 200, body: cartOf([line()]) });
    expect(screen.getByTestId("cart-count")).toHaveTextContent("1");
    // The server answered the header before the add reached it: an empty cart, now out of date.
    calls = calls.filter((c) => c !== headerCall);
    await act(async () => headerCall.answer({ status: 200, body: EMPTY_CART }));
    expect(screen.getByTestId("cart-count")).toHaveTextContent("1");
  });

  test("a closed drawer asks for nothing; opened, it shows the cart", async () => {
    auto = (call) => (call === "GET /api/cart" ? { status: 200, body: cartOf([line()]) } : null);
    show(<CartDrawer />);
    await act(async () => undefined);
    expect(global.fetch).not.toHaveBeenCalled();
    act(() => useCartUiStore.getState().openDrawer());
    expect(await within(screen.getByTestId("cart-drawer")).findByTestId("cart-line")).toHaveAttribute(
      "data-name",
      "Pebble Ottoman",
    );
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  test("money is shown from the server's cents, as the server computed it", async () => {
    const odd = line({ price: "1299999", totals: { subtotal: "1299999", discount: "0", total: "1299999" } });
    auto = () => ({
      status: 200,
      body: cartOf([odd], { discount_total: "129999", total: "1170000", vat_total: "152609" }),
    });
    show(<CartView />);
    const totals = await screen.findByTestId("cart-totals");
    const text = (id: string) =>
      within(totals)
        .getByTestId(id)
        .textContent!.replace(/\u00a0/g, " ");
    expect(text("subtotal")).toBe("R 12 999,99");
    expect(text("discount")).toBe("-R 1 299,99");
    expect(text("total")).toBe("R 11 700,00");
    expect(text("vat")).toBe("Includes R 1 526,09 VAT");
  });

  test("a quantity change shows at once, totals dimmed until the server answers, then the answer", async () => {
    auto = (call) => (call === "GET /api/cart" ? { status: 200, body: cartOf([line()]) } : null);
    show(
      <>
        <CartButton />
        <CartView />
      </>,
    );
    await screen.findByTestId("cart-totals");
    await userEvent.setup().click(screen.getByRole("button", { name: "Increase quantity of Pebble Ottoman" }));
    expect(screen.getByTestId("cart-count")).toHaveTextContent("2");
    expect(within(screen.getByTestId("cart-line")).getByTestId("quantity")).toHaveTextContent("2");
    expect(screen.getByTestId("cart-totals")).toHaveAttribute("aria-busy", "true");
    const update = await waitForCall("POST /api/cart-update");
    expect(update.params).toEqual({ itemKey: "line-1", productQuantity: 2 });
    await answerNext("POST /api/cart-update", {
      status: 200,
      body: cartOf([
        line({
          quantity: { value: 2, max_purchase: 10 },
          totals: { subtotal: "499800", discount: "0", total: "499800" },
        }),
      ]),
    });
    expect(screen.getByTestId("cart-totals")).toHaveAttribute("aria-busy", "false");
    expect(
      within(screen.getByTestId("cart-totals"))
        .getByTestId("total")
        .textContent!.replace(/\u00a0/g, " "),
    ).toBe("R 4 998,00");
  });

  test("a change the server refuses goes back, with the server's reason", async () => {
    auto = (call) => (call === "GET /api/cart" ? { status: 200, body: cartOf([line()]) } : null);
    show(
      <>
        <CartButton />
        <CartView />
      </>,
    );
    await screen.findByTestId("cart-totals");
    await userEvent.setup().click(screen.getByRole("button", { name: "Increase quantity of Pebble Ottoman" }));
    expect(screen.getByTestId("cart-count")).toHaveTextContent("2");
    const refusal = {
      status: 409,
      code: "insufficient_stock",
      message: "Only 1 of Pebble Ottoman is in stock, and 1 is already in your cart",
      data: { status: 409 },
    };
    await answerNext("POST /api/cart-update", { status: 409, body: refusal });
    await waitFor(() => expect(screen.getByTestId("cart-count")).toHaveTextContent("1"));
    expect(useToastStore.getState().toasts.map((t) => [t.title, t.message])).toEqual([
      ["Could not update your cart", refusal.message],
    ]);
  });

  test("signing out empties the cart shown at once; signing in asks the server whose cart it is now", async () => {
    const customer = {
      user_id: 7,
      shipping: {
        email: "thandi@example.co.za",
        first_name: "Thandi",
        last_name: "",
        phone: "",
        city: "",
        state: "",
        postcode: "",
        country: "",
      },
    };
    useCustomerStore.setState({ customer });
    show(
      <>
        <AppStart />
        <CartButton />
      </>,
    );
    await answerNext("GET /api/cart", {
      status: 200,
      body: cartOf([line({ quantity: { value: 2, max_purchase: 10 } })]),
    });
    expect(await screen.findByTestId("cart-count")).toHaveTextContent("2");

    act(() => useCustomerStore.getState().clear());
    expect(screen.queryByTestId("cart-count")).toBeNull();
    await answerNext("GET /api/cart", { status: 200, body: EMPTY_CART });
    expect(screen.queryByTestId("cart-count")).toBeNull();

    act(() => useCustomerStore.setState({ customer }));
    await answerNext("GET /api/cart", { status: 200, body: cartOf([line()]) });
    expect(await screen.findByTestId("cart-count")).toHaveTextContent("1");
  });
});
