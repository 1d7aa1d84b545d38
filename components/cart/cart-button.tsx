"use client";

import { CartIcon } from "@/components/ui/icons";
import { useCartCount } from "@/components/cart/cart-count";
import { useCartUiStore } from "@/stores/cart";
import { loadCartDrawer } from "@/components/cart/cart-drawer-slot";

/**
 * The header's cart, with its count (from a small store of its own: the cart's code loads only
 * where the cart is shown); opens the drawer (its code is fetched as the pointer or focus nears).
 */
export function CartButton() {
  const itemCount = useCartCount();
  const openDrawer = useCartUiStore((s) => s.openDrawer);
  return (
    <button
      type="button"
      onClick={openDrawer}
      onPointerEnter={() => void loadCartDrawer().catch(() => undefined)}
      onFocus={() => void loadCartDrawer().catch(() => undefined)}
      className="relative flex h-10 w-10 items-center justify-center rounded-md hover:bg-oat-100"
      aria-label={`Cart, ${itemCount} ${itemCount === 1 ? "item" : "items"}`}
      data-testid="cart-button"
    >
      <CartIcon />
      {itemCount > 0 ? (
        <span
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-terracotta-700 px-1 text-[11px] font-bold text-white"
          data-testid="cart-count"
        >
          {itemCount}
        </span>
      ) : null}
    </button>
  );
}
