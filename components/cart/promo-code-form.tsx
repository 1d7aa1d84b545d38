"use client";

import { useId, useState } from "react";
import { noticeSentence } from "@/lib/coupons/wording";
import { appliedCoupon, applyCoupon, removeCoupon, type ShownCart } from "@/components/cart/use-cart";

export function PromoCodeForm({ cart }: { cart: ShownCart }) {
  const [code, setCode] = useState("");
  const id = useId();
  const coupon = appliedCoupon(cart);
  const pending = cart.pending === true;
  // A code the cart had but that stopped applying (its last item went, it expired): say so.
  const notices = cart.notices.map((n) => (
    <p key={n.code} className="text-sm text-terracotta-700" data-testid="cart-notice" role="status">
      {noticeSentence(n)}
    </p>
  ));
  if (coupon) {
    return (
      <div className="space-y-2">
        {notices}
        <div
          className="flex items-center justify-between rounded-md border border-olive-700/30 bg-olive-50 px-3 py-2 text-sm"
          data-testid="applied-coupon"
        >
          <span>
            Promo code <strong>{coupon}</strong> applied
          </span>
          <button
            type="button"
            className="text-stone-700 underline underline-offset-4"
            onClick={() => removeCoupon(cart)}
            disabled={pending}
          >
            Remove
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {notices}
      <form
        className="flex gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await applyCoupon(cart, code)) setCode("");
        }}
      >
        <label htmlFor={id} className="sr-only">
          Promo code
        </label>
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Promo code"
          autoComplete="off"
          className="min-w-0 flex-1 rounded-md border border-ink/20 bg-white px-3 py-2 text-sm uppercase placeholder:normal-case"
        />
        <button type="submit" className="btn-secondary px-4 py-2" disabled={!code.trim() || pending}>
          Apply
        </button>
      </form>
    </div>
  );
}
