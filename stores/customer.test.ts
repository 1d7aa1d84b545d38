/** @jest-environment jsdom */
import { CUSTOMER_STORAGE_KEY, useCustomerStore } from "@/stores/customer";

const response = {
  token: "sealed-token",
  customer: {
    user_id: 7,
    shipping: { email: "thandi@example.co.za", first_name: "Thandi", last_name: "Mokoena", phone: "", city: "Cape Town", state: "Western Cape", postcode: "8001", country: "South Africa" },
  },
};

describe("customer store", () => {
  beforeEach(() => {
    localStorage.clear();
    useCustomerStore.setState({ token: null, customer: null, email: "", orders: [] });
  });

  test("signing in keeps SPEC's fields, persisted locally, never the password or the token", () => {
    useCustomerStore.getState().signIn(response);
    const state = useCustomerStore.getState();
    expect(state).toMatchObject({ token: "sealed-token", customer: response.customer, email: "thandi@example.co.za", orders: [] });
    const stored = JSON.parse(localStorage.getItem(CUSTOMER_STORAGE_KEY)!);
    // SPEC's fields, less the password (DESIGN.md) and the token, which the httpOnly cookie carries.
    expect(Object.keys(stored.state).sort()).toEqual(["customer", "email", "orders"]);
    expect(JSON.stringify(stored)).not.toMatch(/password|sealed-token/i);
  });

  test("logout clears the token, the customer and the orders, and remembers the address", () => {
    const { signIn, setOrders, clear } = useCustomerStore.getState();
    signIn(response);
    setOrders([{ id: 1 } as never]);
    clear();
    expect(useCustomerStore.getState()).toMatchObject({ token: null, customer: null, orders: [], email: "thandi@example.co.za" });
    expect(JSON.parse(localStorage.getItem(CUSTOMER_STORAGE_KEY)!).state.customer).toBeNull();
  });
});
