/**
 * What a heart needs to show its state, kept apart from the calls that change a list
 * (lib/saved/client.ts, loaded on the first tap): every catalogue page's cards load this.
 */
import { STORAGE_KEY } from "@/lib/http/cookie-names";

export type GuestSaved = { productId: number; variationId: number | null; priceCents: number; savedAt: number };
type Line = { productId: number; variationId: number | null };

/** Sent on window whenever a list changes, so every heart on the page updates. */
export const SAVED_EVENT = "kaya:saved";

export const savedKey = (i: Line) => `${i.productId}:${i.variationId ?? 0}`;

export function read<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? "null") as T) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The customer store's record (stores/customer.ts) says someone is signed in. */
export function signedIn(): boolean {
  return Boolean(read<{ state?: { customer?: unknown } }>(STORAGE_KEY.customer, {}).state?.customer);
}

export const guestList = (): GuestSaved[] => {
  const list = read<unknown>(STORAGE_KEY.saved, []);
  return Array.isArray(list) ? (list as GuestSaved[]) : [];
};

export function isSaved(key: string): boolean {
  return signedIn()
    ? read<string[]>(STORAGE_KEY.savedAccount, []).includes(key)
    : guestList().some((i) => savedKey(i) === key);
}
