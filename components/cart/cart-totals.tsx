"use client";

import { formatMoney } from "@/lib/money/money";
import { useCartStore } from "@/stores/cart";

/** Totals exactly as the server computed them (rands in the store, shown from cents). */
export function CartTotals() {
  const { cartSubTotal, cartDiscountTotal, cartTotal, cartVatTotal, coupon, isFetching } = useCartStore();
  const cents = (rands: number) => Math.round(rands * 100);
  return (
    <dl className={`space-y-2 text-sm transition-opacity ${isFetching ? "opacity-60" : ""}`} data-testid="cart-totals" aria-busy={isFetching}>
      <div className="flex justify-between">
        <dt className="text-stone-700">Subtotal</dt>
        <dd className="font-medium" data-testid="subtotal">{formatMoney(cents(cartSubTotal))}</dd>
      </div>
      {cartDiscountTotal > 0 ? (
        <div className="flex justify-between text-terracotta-700">
          <dt>Discount{coupon ? ` (${coupon})` : ""}</dt>
          <dd className="font-medium" data-testid="discount">-{formatMoney(cents(cartDiscountTotal))}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt className="text-stone-700">Delivery</dt>
        <dd className="font-medium text-success">Free</dd>
      </div>
      <div className="flex justify-between border-t border-ink/10 pt-3 text-base">
        <dt className="font-semibold text-ink">Total</dt>
        <dd className="font-semibold text-ink" data-testid="total">{formatMoney(cents(cartTotal))}</dd>
      </div>
      <div className="flex justify-end text-xs text-stone-600">
        <dt className="sr-only">VAT</dt>
        <dd data-testid="vat">Includes {formatMoney(cents(cartVatTotal))} VAT</dd>
      </div>
    </dl>
  );
}
