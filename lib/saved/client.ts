/**
 * The browser's calls that change a saved list. A guest's list lives in localStorage; a
 * signed-in customer's in the account (/api/saved), with the keys mirrored in localStorage so a
 * heart knows its state without a call (lib/saved/state.ts).
 */
import { STORAGE_KEY } from "@/lib/http/cookie-names";
import { guestList, SAVED_EVENT, savedKey, signedIn, type GuestSaved } from "@/lib/saved/state";

export type { GuestSaved };
export { guestList, SAVED_EVENT, signedIn };

type Line = { productId: number; variationId: number | null };

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the heart still answers for this page
  }
  window.dispatchEvent(new Event(SAVED_EVENT));
}

export const clearGuestList = () => write(STORAGE_KEY.saved, []);

/** Keeps the account's keys from an answer of /api/saved. */
export const mirrorAccount = (items: Line[]) => write(STORAGE_KEY.savedAccount, items.map(savedKey));

async function send(method: string, body: unknown): Promise<Response> {
  return fetch("/api/saved", { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** Saves or unsaves one item; answers whether it is saved now. */
export async function toggleSaved(item: Line & { priceCents: number }, saved: boolean): Promise<boolean> {
  const line = { productId: item.productId, variationId: item.variationId };
  if (signedIn()) {
    const res = await send(saved ? "DELETE" : "POST", line);
    if (res.ok) {
      mirrorAccount(((await res.json()) as { items: Line[] }).items);
      return !saved;
    }
    if (res.status !== 401) throw new Error(((await res.json()) as { message?: string }).message);
  }
  const rest = guestList().filter((i) => savedKey(i) !== savedKey(line));
  write(STORAGE_KEY.saved, saved ? rest : [...rest, { ...line, priceCents: item.priceCents, savedAt: Date.now() }]);
  return !saved;
}

/**
 * After sign-in: the guest's list goes to the account, and the browser's copy is cleared. With
 * nothing to move, the account's list is mirrored once per browser session, not on every page.
 */
export async function mergeGuestList(customerId: number): Promise<void> {
  const items = guestList();
  const synced = sessionStorage.getItem(STORAGE_KEY.savedSynced) === String(customerId);
  if (!items.length && synced) return;
  const res = items.length ? await send("POST", { items }) : await fetch("/api/saved");
  if (!res.ok) return;
  mirrorAccount(((await res.json()) as { items: Line[] }).items);
  sessionStorage.setItem(STORAGE_KEY.savedSynced, String(customerId));
  if (items.length) clearGuestList();
}
