/** @jest-environment jsdom */
import { useCustomerStore } from "@/stores/customer";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

const response = {
  token: "sealed-token",
  customer: {
    user_id: 7,
    shipping: {
      email: "thandi@example.co.za",
      first_name: "Thandi",
      last_name: "Mokoena",
      phone: "",
      city: "Cape Town",
      state: "Western Cape",
      postcode: "8001",
      country: "South Africa",
    },
  },
};

describe("customer store", () => {
  beforeEach(() => {
    localStorage.clear();
    useCustomerStore.setState({ customer: null, email: "", orders: [] });
  });

  test("signing in keeps the customer's fields, persisted locally, never the password", () => {
    useCustomerStore.getState().signIn(response);
    const state = useCustomerStore.getState();
    expect(state).toMatchObject({ customer: response.customer, email: "thandi@example.co.za", orders: [] });
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY.customer)!);
    // The customer, the address and the orders; not the password, nor the token, which only the httpOnly cookie carries.
    expect(Object.keys(stored.state).sort()).toEqual(["customer", "email", "orders"]);
    expect(JSON.stringify(stored)).not.toMatch(/password/i);
  });

  test("a sign-in answer's token is kept nowhere a script in the page could read it", () => {
    useCustomerStore.getState().signIn(response);
    expect(JSON.stringify(useCustomerStore.getState())).not.toContain("sealed-token");
    expect(Object.keys(useCustomerStore.getState())).not.toContain("token");
    for (let i = 0; i < localStorage.length; i++)
      expect(localStorage.getItem(localStorage.key(i)!)).not.toContain("sealed-token");
    for (let i = 0; i < sessionStorage.length; i++)
      expect(sessionStorage.getItem(sessionStorage.key(i)!)).not.toContain("sealed-token");
    expect(document.cookie).not.toContain("sealed-token");
  });

  test("logout clears the customer and the orders, and remembers the address", () => {
    const { signIn, setOrders, clear } = useCustomerStore.getState();
    signIn(response);
    setOrders([{ id: 1 } as never]);
    clear();
    expect(useCustomerStore.getState()).toMatchObject({ customer: null, orders: [], email: "thandi@example.co.za" });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY.customer)!).state.customer).toBeNull();
  });
});

describe("customer store on a new page", () => {
  /** The store as a freshly loaded page makes it, from what this browser has stored. */
  function storeOnNewPage(): typeof useCustomerStore {
    let store: typeof useCustomerStore | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      store = (require("@/stores/customer") as typeof import("@/stores/customer")).useCustomerStore;
    });
    return store!;
  }

  beforeEach(() => localStorage.clear());

  test("a signed-in customer, the address and the orders come back on the next page", () => {
    useCustomerStore.getState().signIn(response);
    useCustomerStore.getState().setOrders([{ id: 12 } as never]);
    expect(storeOnNewPage().getState()).toMatchObject({
      customer: response.customer,
      email: "thandi@example.co.za",
      orders: [{ id: 12 }],
    });
  });

  test("nothing stored, a broken entry or another version's starts signed out", () => {
    expect(storeOnNewPage().getState()).toMatchObject({ customer: null, email: "", orders: [] });
    localStorage.setItem(STORAGE_KEY.customer, "{not json");
    expect(storeOnNewPage().getState()).toMatchObject({ customer: null, email: "", orders: [] });
    localStorage.setItem(
      STORAGE_KEY.customer,
      JSON.stringify({ state: { customer: response.customer, email: "x@example.co.za", orders: [] }, version: 0 }),
    );
    expect(storeOnNewPage().getState()).toMatchObject({ customer: null, email: "", orders: [] });
  });
});
