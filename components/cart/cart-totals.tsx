"use client";

import { formatMoney } from "@/lib/money/money";
import { appliedCoupon, type ShownCart } from "@/components/cart/use-cart";

/** Totals exactly as the server computed them, in cents until the formatter; dimmed while a change is on its way. */
export function CartTotals({ cart }: { cart: ShownCart }) {
  const { totals } = cart;
  const discount = Number(totals.discount_total);
  const coupon = appliedCoupon(cart);
  const pending = cart.pending === true;
  return (
    <dl
      className={`space-y-2 text-sm transition-opacity ${pending ? "opacity-60" : ""}`}
      data-testid="cart-totals"
      aria-busy={pending}
    >
      <div className="flex justify-between">
        <dt className="text-stone-700">Subtotal</dt>
        <dd className="font-medium" data-testid="subtotal">
          {formatMoney(Number(totals.subtotal))}
        </dd>
      </div>
      {discount > 0 ? (
        <div className="flex justify-between text-terracotta-700">
          <dt>Discount{coupon ? ` (${coupon})` : ""}</dt>
          <dd className="font-medium" data-testid="discount">
            -{formatMoney(discount)}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt className="text-stone-700">Delivery</dt>
        <dd className="font-medium text-success">Free</dd>
      </div>
      <div className="flex justify-between border-t border-ink/10 pt-3 text-base">
        <dt className="font-semibold text-ink">Total</dt>
        <dd className="font-semibold text-ink" data-testid="total">
          {formatMoney(Number(totals.total))}
        </dd>
      </div>
      <div className="flex justify-end text-xs text-stone-600">
        <dt className="sr-only">VAT</dt>
        <dd data-testid="vat">Includes {formatMoney(Number(totals.vat_total))} VAT</dd>
      </div>
    </dl>
  );
}
