import { useSyncExternalStore } from "react";
import type { ServerCart } from "@/lib/cart/types";
import { useCustomerStore } from "@/stores/customer";

/*
 * The header's cart count, without the cart's code. Every page shows the count; few show the
 * cart. So the count lives here, in a store of its own that needs neither SWR nor the cart's
 * calls: filled once the browser is idle by one plain GET of the cart (the server finds it from
 * the cookies), and afterwards by the cart's code (components/cart/use-cart.ts) whenever that is
 * loaded, which publishes every cart it shows, optimistic or settled. Once the cart's code is
 * loaded the two share the work: a cart fetched here goes into the cart's cache too (so the
 * drawer opens on it), and while something on screen holds the cart (the cart and checkout
 * pages, an open drawer) its own loader fetches and this store asks nothing.
 */

export const CART_URL = "/api/cart";

/** What the cart's code lends this store once it is loaded. */
export type CartCode = {
  /** Something on screen holds the cart: its loader fetches it (and again on return to the tab). */
  shown(): boolean;
  /** Asks that loader again. */
  revalidate(): Promise<void>;
  /** A cart fetched here, for the cart's cache. */
  receive(cart: ServerCart): void;
  /** Signed out: the cart shown empties at once. */
  showEmpty(): void;
};

// Where the count is not the page's content it is asked for once the browser is idle, so it never
// competes with the page's own loading.
const IDLE_TIMEOUT_MS = 2_000;
// As SWR does for the cart on screen: back on the tab, ask again, at most every five seconds.
const FOCUS_THROTTLE_MS = 5_000;

let count = 0;
/** Whether any answer is known (a fetch here, or a cart the cart's code showed). */
let filled = false;
/** Counts the cart code's publications: a fetch answer older than the last one is stale. */
let publications = 0;
/** The last publication was an optimistic cart, its answer still on its way. */
let pending = false;
/** A cart fetched here before the cart's code was loaded: the cart's cache starts from it. */
let fetched: ServerCart | null = null;
let code: CartCode | null = null;
let idle: "not yet" | "waiting" | "done" = "not yet";
let started = false;
let nextFocusAt = 0;
let inFlight: { since: number; done: Promise<void> } | null = null;
const listeners = new Set<() => void>();

function show(next: number) {
  filled = true;
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

/** The cart's code publishes each cart it shows: the count follows it at once. */
export function publishCartCount(itemCount: number, optimistic = false): void {
  publications++;
  pending = optimistic;
  fetched = null;
  show(itemCount);
}

/** The cart's code, once loaded, lends its loader and cache; a cart fetched before goes to it. */
export function connectCartCode(lent: CartCode): () => void {
  code = lent;
  if (fetched) lent.receive(fetched);
  fetched = null;
  return () => {
    if (code === lent) code = null;
  };
}

function isCart(body: unknown): body is ServerCart {
  if (!body || typeof body !== "object") return false;
  const { item_count, items } = body as Partial<ServerCart>;
  return typeof item_count === "number" && Number.isSafeInteger(item_count) && item_count >= 0 && Array.isArray(items);
}

/** One GET of the cart, as the cart's code makes it; an answer overtaken by a publication is dropped. */
function fetchHere(): Promise<void> {
  // A fetch already on its way still counts when nothing was published since it left.
  if (inFlight && inFlight.since === publications) return inFlight.done;
  const since = publications;
  const mine: { since: number; done: Promise<void> } = { since, done: Promise.resolve() };
  mine.done = (async () => {
    try {
      const res = await fetch(CART_URL, {
        method: "GET",
        headers: { accept: "application/json" },
        credentials: "same-origin",
        cache: "no-store",
      });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok || !isCart(body)) throw new Error(`the cart answered ${res.status}`);
      // A change shown since this left (an add, a removal, signing out) is newer than this answer.
      if (since !== publications || pending) return;
      show(body.item_count);
      if (code) code.receive(body);
      else fetched = body;
    } catch (err) {
      console.warn("[cart] could not load the cart", err instanceof Error ? err.message : String(err));
    } finally {
      if (inFlight === mine) inFlight = null;
    }
  })();
  inFlight = mine;
  return mine.done;
}

/** Asks the server for the cart again: through the cart's loader when something shows the cart, else here. */
export function refreshCart(): Promise<void> {
  if (code?.shown()) return code.revalidate();
  return fetchHere();
}

function whenIdle() {
  if (idle !== "not yet") return;
  idle = "waiting";
  const done = () => {
    idle = "done";
    // Where the cart is the page's content its loader has asked already.
    if (!code?.shown()) void fetchHere();
  };
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(done, 1);
}

/** Another tab may have changed the cart: ask again on return (or reconnection), unless the cart's loader does. */
function onReturn(event: Event) {
  if (idle !== "done" || document.visibilityState === "hidden" || navigator.onLine === false) return;
  if (code?.shown()) return;
  if (event.type !== "online") {
    const now = Date.now();
    if (now < nextFocusAt) return;
    nextFocusAt = now + FOCUS_THROTTLE_MS;
  }
  void fetchHere();
}

function start() {
  if (!started) {
    started = true;
    window.addEventListener("focus", onReturn);
    window.addEventListener("online", onReturn);
    document.addEventListener("visibilitychange", onReturn);
  }
  whenIdle();
  // A count shown after the idle fetch failed (or on a page that had none) asks once, as it mounts;
  // after the other effects of that render, so a cart page's own loader is seen.
  if (idle === "done" && !filled && !inFlight)
    queueMicrotask(() => {
      if (!filled && !inFlight && !code?.shown()) void fetchHere();
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => {
    listeners.delete(listener);
  };
}

/** The count of items in this browser's cart, for the header: 0 until it is known. */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
}

/**
 * After signing in or out the server decides whose cart it is, so the cart is asked for again;
 * signing out shows an empty cart at once. Returns the unsubscribe.
 */
export function followSignIn(): () => void {
  return useCustomerStore.subscribe((state, previous) => {
    if (state.customer?.user_id === previous.customer?.user_id) return;
    if (!state.customer) {
      if (code) code.showEmpty();
      else publishCartCount(0);
    }
    // Before the page is idle the idle fetch is still to come, and it comes after this.
    if (idle !== "waiting") void refreshCart();
  });
}

/** As on a new page, with the page already idle: nothing known, nothing on its way (for tests). */
export function forgetCartCount(): void {
  count = 0;
  filled = false;
  pending = false;
  fetched = null;
  inFlight = null;
  nextFocusAt = 0;
  publications++;
  for (const listener of listeners) listener();
}
