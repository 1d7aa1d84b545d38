"use client";

import { useEffect, useState, type ComponentType } from "react";
import { useCartUiStore } from "@/stores/cart";

let loading: Promise<ComponentType> | null = null;

/** The drawer's code, fetched once: on the first open, or earlier when the shopper nears the cart button. */
export function loadCartDrawer(): Promise<ComponentType> {
  loading ??= import("@/components/cart/cart-drawer").then(
    (m) => m.CartDrawer,
    (err: unknown) => {
      // A failed fetch may be tried again (the page's chunk-error handling reloads if it keeps failing).
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Where the cart drawer goes in the layout. Most visits never open it, so its code (the lines,
 * the totals, the quantity steppers) is loaded when it is first opened, then kept.
 */
export function CartDrawerSlot() {
  const drawerOpen = useCartUiStore((s) => s.drawerOpen);
  const [Drawer, setDrawer] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!drawerOpen || Drawer) return;
    let live = true;
    void loadCartDrawer().then((d) => live && setDrawer(() => d));
    return () => {
      live = false;
    };
  }, [drawerOpen, Drawer]);
  return Drawer ? <Drawer /> : null;
}
