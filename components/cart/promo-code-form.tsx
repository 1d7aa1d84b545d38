"use client";

import { useId, useState } from "react";
import { useCartStore } from "@/stores/cart";

export function PromoCodeForm() {
  const { coupon, applyCoupon, removeCoupon, isFetching } = useCartStore();
  const [code, setCode] = useState("");
  const id = useId();
  if (coupon) {
    return (
      <div className="flex items-center justify-between rounded-md border border-olive-700/30 bg-olive-50 px-3 py-2 text-sm" data-testid="applied-coupon">
        <span>
          Promo code <strong>{coupon}</strong> applied
        </span>
        <button type="button" className="text-stone-700 underline underline-offset-4" onClick={() => removeCoupon()} disabled={isFetching}>
          Remove
        </button>
      </div>
    );
  }
  return (
    <form
      className="flex gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        if (await applyCoupon(code)) setCode("");
      }}
    >
      <label htmlFor={id} className="sr-only">Promo code</label>
      <input id={id} value={code} onChange={(e) => setCode(e.target.value)} placeholder="Promo code" autoComplete="off"
        className="min-w-0 flex-1 rounded-md border border-ink/20 bg-white px-3 py-2 text-sm uppercase placeholder:normal-case" />
      <button type="submit" className="btn-secondary px-4 py-2" disabled={!code.trim() || isFetching}>Apply</button>
    </form>
  );
}
