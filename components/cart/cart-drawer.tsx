"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { CartLine } from "@/components/cart/cart-lines";
import { CartTotals } from "@/components/cart/cart-totals";
import { FreeOffer } from "@/components/cart/free-offer";
import { CloseIcon } from "@/components/ui/icons";
import { useCart } from "@/components/cart/use-cart";
import { useCartUiStore } from "@/stores/cart";

/** A side panel after adding to cart; a native <dialog> gives focus trapping and Escape. */
export function CartDrawer() {
  const drawerOpen = useCartUiStore((s) => s.drawerOpen);
  const closeDrawer = useCartUiStore((s) => s.closeDrawer);
  // A closed drawer shows nothing, so it asks for nothing.
  const { cart } = useCart({ active: drawerOpen });
  const items = cart.items;
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (drawerOpen && !d.open) d.showModal();
    if (!drawerOpen && d.open) d.close();
  }, [drawerOpen]);
  return (
    <dialog
      ref={ref}
      onClose={closeDrawer}
      onClick={(e) => e.target === ref.current && closeDrawer()}
      aria-labelledby="cart-drawer-title"
      data-testid="cart-drawer"
      className="inset-y-0 my-0 ml-auto mr-0 h-dvh max-h-dvh w-full max-w-md bg-canvas p-0 backdrop:bg-ink/40"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-ink/10 px-5 py-4">
          <h2 id="cart-drawer-title" className="text-xl">
            Your cart
          </h2>
          <button
            type="button"
            onClick={closeDrawer}
            className="rounded-md p-2 hover:bg-oat-100"
            aria-label="Close cart"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5">
          {items.length === 0 ? (
            <p className="py-10 text-center text-stone-600">Your cart is empty.</p>
          ) : (
            <ul className="divide-y divide-ink/10">
              {items.map((item) => (
                <CartLine key={item.item_key} item={item} compact pending={cart.pending} />
              ))}
            </ul>
          )}
        </div>
        {items.length > 0 ? (
          <div className="space-y-4 border-t border-ink/10 bg-white px-5 py-5">
            <FreeOffer cart={cart} inDrawer />
            <CartTotals cart={cart} />
            <div className="grid grid-cols-2 gap-3">
              <Link href="/cart" onClick={closeDrawer} className="btn-secondary">
                View cart
              </Link>
              <Link href="/checkout" onClick={closeDrawer} className="btn-primary">
                Checkout
              </Link>
            </div>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
