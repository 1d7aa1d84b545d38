"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { useCartUiStore } from "@/stores/cart";

const loadDrawer = () => import("@/components/cart/cart-drawer");

const CartDrawer = dynamic(() => loadDrawer().then((m) => m.CartDrawer), { ssr: false });

/**
 * The cart drawer's code (its lines, totals and steppers) is fetched only once a page needs it:
 * on the shopper's first tap or key press, so it is usually there by the time an add to cart
 * answers, and mounted only once the drawer first opens. Most page views never open it, and
 * the first load of every page stays smaller.
 */
export function LazyCartDrawer() {
  const open = useCartUiStore((s) => s.drawerOpen);
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    const warm = () => {
      void loadDrawer();
      window.removeEventListener("pointerdown", warm, true);
      window.removeEventListener("keydown", warm, true);
    };
    window.addEventListener("pointerdown", warm, true);
    window.addEventListener("keydown", warm, true);
    return () => {
      window.removeEventListener("pointerdown", warm, true);
      window.removeEventListener("keydown", warm, true);
    };
  }, []);

  return mounted ? <CartDrawer /> : null;
}
