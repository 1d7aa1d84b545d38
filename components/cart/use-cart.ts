"use client";

import { useEffect } from "react";
import useSWR, { mutate } from "swr";
import { cache } from "swr/_internal";
import { connectCartCode, publishCartCount, refreshCart } from "@/components/cart/cart-count";
import { trackAddToCart } from "@/lib/analytics/events";
import { missingOptionsMessage } from "@/lib/catalog/variations";
import { asApiCallError, callApi } from "@/lib/http/api-client";
import { useCartUiStore } from "@/stores/cart";
import { toast } from "@/stores/toast";
import { emptyServerCart, type ServerCart } from "@/lib/cart/types";

/**
 * The browser's cart is the server's answer under this one SWR key. The server finds the cart
 * from its own cookies (the session, or the guest's key), so the browser never knows or sends
 * which cart it is. Every change shows at once (optimistic data) and then settles to the
 * server's answer, or rolls back when the server refuses it.
 */
export const CART_KEY = "/api/cart";

/** The cart on screen: the server's last answer, marked pending while a change is on its way. */
export type ShownCart = ServerCart & { pending?: true };

export const EMPTY_CART: ServerCart = emptyServerCart();

/** The cart as the server finds it from this browser's cookies. */
export const loadCart = () => callApi<ServerCart>("GET", CART_KEY);

let shownHooks = 0;
let changing = 0;
let lastPublished: ServerCart | undefined;

/** The cart on screen now, as the cache holds it. */
const cached = () => cache.get(CART_KEY)?.data as ShownCart | undefined;

/** Tells the header's count about a cart shown (once per cart: a re-render tells it nothing new). */
function publish(cart: ShownCart | undefined) {
  if (!cart || cart === lastPublished) return;
  lastPublished = cart;
  publishCartCount(cart.item_count, cart.pending === true);
}

// The header's count (its own small store) hands its work to this code once it is loaded.
connectCartCode({
  shown: () => shownHooks > 0,
  revalidate: async () => {
    await mutate(CART_KEY);
    publish(cached());
  },
  receive: (cart) => {
    // A change on its way settles from its own answer.
    if (changing > 0) return;
    lastPublished = cart;
    void mutate(CART_KEY, cart, { revalidate: false });
  },
  showEmpty: () => void showEmptyCart({ confirm: false }),
});

/**
 * The cart, for a component that shows it. `active: false` (a closed drawer) reads nothing;
 * otherwise (the cart and checkout pages, an open drawer, where the cart is the content) it is
 * asked for at once, unless already known. Until the first answer `loaded` is false and `cart`
 * is the empty cart. (The header's count is components/cart/cart-count.ts: it needs none of this.)
 */
export function useCart({ active = true }: { active?: boolean } = {}) {
  const key = active ? CART_KEY : null;
  const { data, error } = useSWR<ShownCart>(key, loadCart, {
    // Changes made here settle from their own answers; another tab's show on return to this one.
    revalidateIfStale: false,
    revalidateOnFocus: true,
    onError: (err) => console.warn("[cart] could not load the cart", asApiCallError(err).message),
  });
  useEffect(() => {
    if (!key) return;
    shownHooks++;
    return () => {
      shownHooks--;
    };
  }, [key]);
  useEffect(() => publish(data), [data]);
  const cart: ShownCart = data ?? EMPTY_CART;
  return { cart, loaded: data !== undefined || error !== undefined, pending: cart.pending === true };
}

/** The code on the cart, if any (one at a time). */
export function appliedCoupon(cart: ServerCart): string | null {
  return cart.coupons[0]?.coupon ?? null;
}

/*
 * Writes go to the server one after another, in the order the shopper made them: each answer is
 * then the cart with every earlier change in it, and the last answer is the cart.
 */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(call: () => Promise<T>): Promise<T> {
  const next = queue.then(call, call);
  queue = next.catch(() => undefined);
  return next;
}

async function change(
  call: () => Promise<ServerCart>,
  optimistic: (cart: ServerCart) => ServerCart = (c) => c,
): Promise<ServerCart> {
  changing++;
  const settling = mutate<ShownCart>(CART_KEY, inTurn(call), {
    optimisticData: (current) => ({ ...optimistic(current ?? EMPTY_CART), pending: true }),
    rollbackOnError: true,
    populateCache: true,
    revalidate: false,
  });
  // The optimistic cart is in the cache already: the header's count shows it at once.
  publish(cached());
  try {
    return (await settling) ?? EMPTY_CART;
  } finally {
    changing--;
    // The answer, the cart rolled back to (empty if none was known), or a later change still on its way.
    publish(cached() ?? EMPTY_CART);
  }
}

function countOf(items: ServerCart["items"]): number {
  return items.reduce((sum, i) => sum + i.quantity.value, 0);
}

export type AddInput = {
  productId: number;
  quantity?: number;
  variation?: Record<string, string>;
  variationId?: number;
};

/**
 * Adds, tells the shopper and the analytics, and opens the drawer (unless the cart is already on
 * screen: `openDrawer: false`). False when the server refused.
 */
export async function addToCart(
  { productId, quantity = 1, variation, variationId }: AddInput,
  { openDrawer = true }: { openDrawer?: boolean } = {},
): Promise<boolean> {
  let cart: ServerCart;
  try {
    cart = await change(
      () => callApi<ServerCart>("POST", CART_KEY, { productId, productQuantity: quantity, variation, variationId }),
      // An offered product on its way is no longer offered.
      (c) => ({
        ...c,
        item_count: c.item_count + quantity,
        offers: c.offers.filter((o) => o.product_id !== productId),
      }),
    );
  } catch (err) {
    const e = asApiCallError(err);
    const missing = e.code === "incomplete_variation" && Array.isArray(e.data.missing) ? e.data.missing : null;
    const message = missing ? missingOptionsMessage(missing.filter((m) => typeof m === "string")) : e.message;
    toast({ title: "Could not add to cart", message, type: "error" });
    return false;
  }
  const line = cart.items.find((i) => i.id === productId && (variationId ? i.variation_id === variationId : true));
  if (line) {
    trackAddToCart([
      {
        id: String(line.variation_id ?? line.id),
        name: line.name,
        priceCents: Number(line.price),
        quantity,
        variant: Object.values(line.variation).join(" / ") || undefined,
        category: line.category,
      },
    ]);
  }
  toast({ title: "Added to cart", message: line ? line.name : undefined, type: "success" });
  if (openDrawer) useCartUiStore.getState().openDrawer();
  return true;
}

/** A new quantity for a line; below 1 removes it. */
export async function updateQuantity(itemKey: string, quantity: number): Promise<void> {
  const value = Math.max(0, quantity);
  try {
    await change(
      () => callApi<ServerCart>("POST", "/api/cart-update", { itemKey, productQuantity: value }),
      (c) => {
        const items =
          value < 1
            ? c.items.filter((i) => i.item_key !== itemKey)
            : c.items.map((i) => (i.item_key === itemKey ? { ...i, quantity: { ...i.quantity, value } } : i));
        return { ...c, items, item_count: countOf(items) };
      },
    );
  } catch (err) {
    const refused = asApiCallError(err);
    // A refusal the shopper can act on (only so many left) is shown; anything else is logged.
    if (refused.status >= 400 && refused.status < 500)
      toast({ title: "Could not update your cart", message: refused.message, type: "warn" });
    else console.warn("[cart] update failed", refused.message);
    await revalidateCart();
  }
}

export async function removeItem(itemKey: string): Promise<void> {
  try {
    await change(
      () => callApi<ServerCart>("DELETE", CART_KEY, { itemKey }),
      (c) => {
        const items = c.items.filter((i) => i.item_key !== itemKey);
        return { ...c, items, item_count: countOf(items) };
      },
    );
  } catch (err) {
    console.warn("[cart] remove failed", asApiCallError(err).message);
    await revalidateCart();
  }
}

/**
 * Applies a code the shopper typed to the cart they see. Skipped (false, no call) when that cart
 * is empty or already has the same code.
 */
export async function applyCoupon(shown: ServerCart, code: string): Promise<boolean> {
  const promoCode = code.trim().toUpperCase();
  if (!promoCode || shown.items.length === 0 || appliedCoupon(shown) === promoCode) return false;
  try {
    await change(() => callApi<ServerCart>("POST", "/api/coupon-apply", { promoCode }));
  } catch (err) {
    const message = asApiCallError(err).message;
    toast({
      title: "Invalid promo code",
      message: message !== "Invalid promo code" ? message : undefined,
      type: "error",
    });
    return false;
  }
  toast({ title: "Promo code applied", message: promoCode, type: "success" });
  return true;
}

export async function removeCoupon(shown: ServerCart): Promise<void> {
  const promoCode = appliedCoupon(shown);
  if (!promoCode) return;
  try {
    await change(
      () => callApi<ServerCart>("DELETE", "/api/coupon-delete", { promoCode }),
      (c) => ({ ...c, coupons: [] }),
    );
  } catch (err) {
    console.warn("[cart] coupon removal failed", asApiCallError(err).message);
  }
}

/** Empties the cart on the server (a guest's key goes with it). */
export async function clearCart(): Promise<void> {
  try {
    await change(
      () => callApi<ServerCart>("POST", "/api/cart-clear"),
      () => EMPTY_CART,
    );
  } catch (err) {
    console.warn("[cart] clear failed", asApiCallError(err).message);
  }
}

/** Asks the server again (after a refused change, or an order refused): through whatever shows the cart, or for the header. */
export async function revalidateCart(): Promise<void> {
  await refreshCart();
}

/**
 * Shows the cart the server just answered with (the order page's Back to cart). A page that
 * shows no cart has nothing to ask the server again, so the cart last shown (emptied by the
 * checkout) would otherwise be what the cart page finds.
 */
export async function showCart(cart: ServerCart): Promise<void> {
  const showing = mutate(CART_KEY, cart, { revalidate: false });
  publish(cart);
  await showing;
}

/** Shows an empty cart at once (after signing out, or when an order took the cart), then asks the server to confirm it. */
export async function showEmptyCart({ confirm = true }: { confirm?: boolean } = {}): Promise<void> {
  const showing = mutate(CART_KEY, EMPTY_CART, { revalidate: false });
  publish(EMPTY_CART);
  await showing;
  if (confirm) await refreshCart();
}
