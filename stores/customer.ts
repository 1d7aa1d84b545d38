import { useSyncExternalStore } from "react";
import { create } from "zustand";
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

type Stored = Pick<CustomerState, "customer" | "email" | "orders">;

/** The stored shape: the state under `state`, with the version it was written in. */
const STORED_VERSION = 1;

function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage refused (a privacy setting): the customer lives in memory for this page only.
    return null;
  }
}

/** What this browser remembers, or nothing when it is missing, unreadable or of another version. */
function readStored(storage: Storage | null): Partial<Stored> {
  try {
    const raw = storage?.getItem(STORAGE_KEY.customer);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as { state?: unknown; version?: unknown } | null;
    if (parsed?.version !== STORED_VERSION || typeof parsed.state !== "object" || parsed.state === null) return {};
    const { customer, email, orders } = parsed.state as Partial<Stored>;
    return {
      ...(customer !== undefined ? { customer } : {}),
      ...(typeof email === "string" ? { email } : {}),
      ...(Array.isArray(orders) ? { orders } : {}),
    };
  } catch {
    return {};
  }
}

function writeStored(storage: Storage | null, { customer, email, orders }: Stored) {
  try {
    storage?.setItem(
      STORAGE_KEY.customer,
      JSON.stringify({ state: { customer, email, orders }, version: STORED_VERSION }),
    );
  } catch {
    // Storage full or refused: the page keeps working from memory.
  }
}

/*
 * Kept in localStorage by hand (read once when the store is made, written on every change) rather
 * than with zustand's persistence middleware: the same stored shape, in a fraction of the code
 * that every page loads.
 */
export const useCustomerStore = create<CustomerState>()((set) => ({
  customer: null,
  email: "",
  orders: [],
  ...readStored(browserStorage()),
  signIn: ({ customer }) => set({ customer, email: customer.shipping.email }),
  setEmail: (email) => set({ email }),
  setOrders: (orders) => set({ orders }),
  clear: () => set({ customer: null, orders: [] }),
}));

useCustomerStore.subscribe((state) => writeStored(browserStorage(), state));

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
