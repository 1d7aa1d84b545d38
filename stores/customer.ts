import { useSyncExternalStore } from "react";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { CustomerResponse, SignInResponse } from "@/lib/auth/types";
import type { ApiOrder } from "@/lib/orders/types";

/**
 * The customer store of SPEC section 3, kept in localStorage, without the password (DESIGN.md).
 * The session itself is the httpOnly cookie; `token` is the same seal, for calls that take it.
 */
export type CustomerState = {
  token: string | null;
  customer: CustomerResponse | null;
  /** The address being signed in or reset with, so the next form can offer it. */
  email: string;
  orders: ApiOrder[];
  signIn: (response: SignInResponse) => void;
  setEmail: (email: string) => void;
  setOrders: (orders: ApiOrder[]) => void;
  /** Logout: the token, the customer and the orders go (SPEC section 4). */
  clear: () => void;
};

export const CUSTOMER_STORAGE_KEY = "kaya-customer";

export const useCustomerStore = create<CustomerState>()(
  persist(
    (set) => ({
      token: null,
      customer: null,
      email: "",
      orders: [],
      signIn: ({ token, customer }) => set({ token, customer, email: customer.shipping.email }),
      setEmail: (email) => set({ email }),
      setOrders: (orders) => set({ orders }),
      clear: () => set({ token: null, customer: null, orders: [] }),
    }),
    {
      name: CUSTOMER_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // The token stays in memory: the httpOnly cookie carries the session, so a script injected
      // into the page finds nothing to steal in localStorage.
      partialize: ({ customer, email, orders }) => ({ customer, email, orders }),
    },
  ),
);

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true after: what the stored customer changes on
 * screen must wait for it, or the first client render would differ from the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
