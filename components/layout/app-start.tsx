"use client";

import { useEffect } from "react";
import { useCartStore } from "@/stores/cart";
import { useClientInfoStore } from "@/stores/client-info";
import { useCustomerStore } from "@/stores/customer";
import { useProductsStore } from "@/stores/products";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

const AFFILIATE_KEY = STORAGE_KEY.affiliateCoupon;

/** An affiliate's ?coupon=CODE is kept for the visit (this tab's session) and taken out of the address. */
function readAffiliateCoupon(): string | null {
  const url = new URL(window.location.href);
  const fromLink = url.searchParams.get("coupon");
  if (fromLink) {
    sessionStorage.setItem(AFFILIATE_KEY, fromLink.trim().toUpperCase());
    url.searchParams.delete("coupon");
    window.history.replaceState(window.history.state, "", url);
  }
  return sessionStorage.getItem(AFFILIATE_KEY);
}

/**
 * The client's start, in SPEC section 4's order: the IP address and the product list, then the
 * cart. Signing in or out switches the cart between the session's cart and the guest's.
 */
export function AppStart() {
  useEffect(() => {
    let cancelled = false;
    const cart = useCartStore.getState();
    cart.setAffiliateCoupon(readAffiliateCoupon());
    cart.setSignedIn(useCustomerStore.getState().customer !== null);
    (async () => {
      await Promise.all([useClientInfoStore.getState().fetchIp(), useProductsStore.getState().ensureFresh()]);
      if (cancelled) return;
      await Promise.all([cart.loadAutoCoupons(), cart.fetchCart()]);
      await useCartStore.getState().tryCoupons();
    })();
    const unsubscribe = useCustomerStore.subscribe((state, previous) => {
      const signedIn = state.customer !== null;
      if (signedIn === (previous.customer !== null)) return;
      const c = useCartStore.getState();
      c.resetLocal();
      c.setSignedIn(signedIn);
      void c.fetchCart();
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);
  return null;
}
