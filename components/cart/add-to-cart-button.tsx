"use client";

import { useState } from "react";
import { addToCart } from "@/components/cart/use-cart";
import { loadCartDrawer } from "@/components/cart/cart-drawer-slot";

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
      onClick={async () => {
        if (incomplete) return onIncomplete?.();
        setBusy(true);
        // The drawer opens with the server's answer: its code comes meanwhile.
        void loadCartDrawer().catch(() => undefined);
        try {
          await addToCart({ productId, quantity, variation, variationId });
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? "Adding…" : label}
    </button>
  );
}
