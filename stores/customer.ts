import { useSyncExternalStore } from "react";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { CustomerResponse } from "@/lib/auth/types";
import type { ApiOrder } from "@/lib/orders/types";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

/**
 * The signed-in customer, kept in localStorage, without the password or the session token: the
 * session is the httpOnly cookie alone, so a script injected into a page finds no token to steal,
 * in storage or in memory.
 */
export type CustomerState = {
  customer: CustomerResponse | null;
  /** The address being signed in or reset with, so the next form can offer it. */
  email: string;
  orders: ApiOrder[];
  /** Takes a sign-in or refresh answer; its token, if any, is dropped. */
  signIn: (response: { customer: CustomerResponse }) => void;
  setEmail: (email: string) => void;
  setOrders: (orders: ApiOrder[]) => void;
  /** Logout: the customer and the orders go. */
  clear: () => void;
};

export const useCustomerStore = create<CustomerState>()(
  persist(
    (set) => ({
      customer: null,
      email: "",
      orders: [],
      signIn: ({ customer }) => set({ customer, email: customer.shipping.email }),
      setEmail: (email) => set({ email }),
      setOrders: (orders) => set({ orders }),
      clear: () => set({ customer: null, orders: [] }),
    }),
    {
      name: STORAGE_KEY.customer,
      version: 1,
      storage: createJSONStorage(() => localStorage),
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
