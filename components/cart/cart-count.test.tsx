/** @jest-environment jsdom */
import { act, render, screen, waitFor } from "@testing-library/react";
import {
  connectCartCode,
  followSignIn,
  forgetCartCount,
  publishCartCount,
  refreshCart,
  useCartCount,
  type CartCode,
} from "@/components/cart/cart-count";
import { useCustomerStore } from "@/stores/customer";
import type { ServerCart } from "@/lib/cart/types";

/*
 * The header's count on its own: the network answers only when a test says so, so a late answer
 * can be set against a newer cart, and the cart's code is a stand-in that records what it is lent.
 */
type Held = { url: string; answer: (status: number, body: unknown) => void };
let held: Held[] = [];
let idle: (() => void) | undefined;

function cartWith(itemCount: number): ServerCart {
  return {
    cart_key: itemCount ? "guest-key" : null,
    item_count: itemCount,
    items: [],
    coupons: [],
    notices: [],
    offers: [],
    totals: { subtotal: "0", total: "0", discount_total: "0", shipping_total: "0", vat_total: "0" },
  };
}

beforeAll(() => {
  window.requestIdleCallback = ((cb: () => void) => {
    idle = cb;
    return 1;
  }) as typeof window.requestIdleCallback;
});

beforeEach(() => {
  held = [];
  global.fetch = jest.fn(
    (input: RequestInfo | URL) =>
      new Promise<Response>((resolve) =>
        held.push({
          url: String(input),
          answer: (status, body) => resolve({ ok: status < 400, status, json: async () => body } as Response),
        }),
      ),
  ) as typeof fetch;
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  forgetCartCount();
  jest.restoreAllMocks();
});

/** What the header shows. */
function Count() {
  return <span data-testid="count">{useCartCount()}</span>;
}
const shown = () => screen.getByTestId("count").textContent;

/** Answers the oldest call still waiting. */
async function answer(status: number, body: unknown) {
  await waitFor(() => expect(held.length).toBeGreaterThan(0));
  const call = held.shift()!;
  await act(async () => call.answer(status, body));
}

function standInCode(shownOnScreen = false) {
  const code = {
    shown: jest.fn(() => shownOnScreen),
    revalidate: jest.fn(async () => undefined),
    receive: jest.fn<void, [ServerCart]>(),
    showEmpty: jest.fn(() => publishCartCount(0)),
  } satisfies CartCode;
  return { code, disconnect: connectCartCode(code) };
}

describe("the header's cart count", () => {
  // First: the page becomes idle once per page load, and this test is the one that sees it happen.
  test("asks for the cart once the page is idle, with one plain GET, and shows its count", async () => {
    render(<Count />);
    expect(shown()).toBe("0");
    await act(async () => undefined);
    expect(global.fetch).not.toHaveBeenCalled();
    expect(idle).toBeDefined();
    act(() => idle!());
    expect(global.fetch).toHaveBeenCalledTimes(1);
    expect(held[0]!.url).toBe("/api/cart");
    await answer(200, cartWith(3));
    expect(shown()).toBe("3");
  });

  test("follows the cart's code: an optimistic count at once, then the server's", () => {
    render(<Count />);
    act(() => publishCartCount(4, true));
    expect(shown()).toBe("4");
    act(() => publishCartCount(3));
    expect(shown()).toBe("3");
  });

  test("an answer that left before a newer cart was shown is dropped: the count stays the newer one", async () => {
    render(<Count />);
    // Mounted with nothing known (the page is idle already): it asks.
    await waitFor(() => expect(held).toHaveLength(1));
    // Meanwhile an add shows its cart, and settles.
    act(() => publishCartCount(2, true));
    act(() => publishCartCount(2));
    await answer(200, cartWith(0));
    expect(shown()).toBe("2");
  });

  test("an answer that comes while a change is on its way is dropped", async () => {
    render(<Count />);
    act(() => publishCartCount(1));
    act(() => publishCartCount(2, true));
    const asking = refreshCart();
    await answer(200, cartWith(1));
    await asking;
    expect(shown()).toBe("2");
  });

  test("an answer with no count in it changes nothing", async () => {
    render(<Count />);
    act(() => publishCartCount(2));
    for (const body of [{ item_count: -1, items: [] }, { item_count: "9", items: [] }, { item_count: 1.5 }, null]) {
      const asking = refreshCart();
      await answer(200, body);
      await asking;
      expect(shown()).toBe("2");
    }
    const refused = refreshCart();
    await answer(503, { code: "unavailable" });
    await refused;
    expect(shown()).toBe("2");
  });

  test("a cart fetched before the cart's code came goes to its cache when it comes; later ones too", async () => {
    render(<Count />);
    await answer(200, cartWith(2));
    const { code, disconnect } = standInCode();
    try {
      expect(code.receive).toHaveBeenCalledWith(cartWith(2));
      const asking = refreshCart();
      await answer(200, cartWith(5));
      await asking;
      expect(shown()).toBe("5");
      expect(code.receive).toHaveBeenLastCalledWith(cartWith(5));
    } finally {
      disconnect();
    }
  });

  test("while something on screen shows the cart, its loader asks: no second call from the count", async () => {
    act(() => publishCartCount(1));
    const { code, disconnect } = standInCode(true);
    try {
      render(<Count />);
      await refreshCart();
      act(() => void window.dispatchEvent(new Event("focus")));
      await act(async () => undefined);
      expect(global.fetch).not.toHaveBeenCalled();
      expect(code.revalidate).toHaveBeenCalledTimes(1);
    } finally {
      disconnect();
    }
  });

  test("back on the tab it asks again (another tab may have changed the cart), at most every five seconds", async () => {
    render(<Count />);
    await answer(200, cartWith(1));
    const now = jest.spyOn(Date, "now").mockReturnValue(1_000_000);
    act(() => void window.dispatchEvent(new Event("focus")));
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(global.fetch).toHaveBeenCalledTimes(2);
    await answer(200, cartWith(4));
    expect(shown()).toBe("4");
    now.mockReturnValue(1_006_000);
    act(() => void window.dispatchEvent(new Event("focus")));
    expect(global.fetch).toHaveBeenCalledTimes(3);
  });

  test("signing out shows 0 at once, then asks whose cart it is; signing in asks again", async () => {
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
    const stop = followSignIn();
    try {
      render(<Count />);
      await answer(200, cartWith(2));
      expect(shown()).toBe("2");
      act(() => useCustomerStore.getState().clear());
      expect(shown()).toBe("0");
      await answer(200, cartWith(0));
      expect(shown()).toBe("0");
      act(() => useCustomerStore.setState({ customer }));
      await answer(200, cartWith(2));
      expect(shown()).toBe("2");
      expect(global.fetch).toHaveBeenCalledTimes(3);
    } finally {
      stop();
    }
  });
});
