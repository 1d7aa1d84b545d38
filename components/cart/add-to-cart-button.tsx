"use client";

import { useState } from "react";
import { loadCartCode } from "@/components/cart/cart-code";
import { loadCartDrawer } from "@/components/cart/cart-drawer-slot";
import { NETWORK_MESSAGE } from "@/lib/http/api-client";
import { toast } from "@/stores/toast";

/** The cart's code, fetched ahead of a press that may come. */
const warm = () => void loadCartCode().catch(() => undefined);

type Props = {
  productId: number;
  variationId?: number;
  variation?: Record<string, string>;
  quantity?: number;
  disabled?: boolean;
  /** Called instead of adding when the shopper has not finished choosing. */
  onIncomplete?: () => void;
  incomplete?: boolean;
  className?: string;
  label?: string;
  testId?: string;
};

/**
 * Adds to the cart. The cart's code is not part of the page: it is fetched as the pointer, a touch
 * or focus nears the button, and a press before it has come waits for it ("Adding…").
 */
export function AddToCartButton({
  productId,
  variationId,
  variation,
  quantity = 1,
  disabled,
  incomplete,
  onIncomplete,
  className = "btn-primary w-full",
  label = "Add to cart",
  testId = "add-to-cart",
}: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`relative z-10 ${className}`}
      disabled={disabled || busy}
      data-testid={testId}
      onPointerEnter={warm}
      onTouchStart={warm}
      onFocus={warm}
      onClick={async () => {
        if (incomplete) return onIncomplete?.();
        setBusy(true);
        // The drawer opens with the server's answer: its code comes meanwhile.
        void loadCartDrawer().catch(() => undefined);
        try {
          const { addToCart } = await loadCartCode();
          await addToCart({ productId, quantity, variation, variationId });
        } catch {
          // The cart's code could not be fetched: nothing was added, and the shopper is told so.
          toast({ title: "Could not add to cart", message: NETWORK_MESSAGE, type: "error" });
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? "Adding…" : label}
    </button>
  );
}
