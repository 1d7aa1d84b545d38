"use client";

import { useState } from "react";
import { CartTotals } from "@/components/cart/cart-totals";
import { DeliveryWindowText } from "@/components/product/delivery-window";
import { ChevronDownIcon } from "@/components/ui/icons";
import { ProductThumb } from "@/components/product/product-thumb";
import { formatMoney } from "@/lib/money/money";
import type { ShownCart } from "@/components/cart/use-cart";
import type { DeliveryTable } from "@/lib/delivery/format";

/** The order summary, shown or hidden on small screens (always shown on wide ones). */
export function OrderSummary({
  cart,
  province,
  delivery,
}: {
  cart: ShownCart;
  province?: string;
  delivery?: DeliveryTable;
}) {
  const [open, setOpen] = useState(false);
  const { items } = cart;
  return (
    <section aria-labelledby="summary-title" className="rounded-card border border-ink/10 bg-oat-50">
      <button
        type="button"
        className="flex w-full items-center justify-between px-5 py-4 lg:hidden"
        aria-expanded={open}
        aria-controls="order-summary-body"
        onClick={() => setOpen(!open)}
      >
        <span className="flex items-center gap-2 text-sm font-semibold text-olive-700">
          {open ? "Hide order summary" : "Show order summary"}
          <ChevronDownIcon width={16} height={16} className={open ? "rotate-180" : ""} />
        </span>
        <span className="font-semibold">{formatMoney(Number(cart.totals.total))}</span>
      </button>
      <div id="order-summary-body" className={`${open ? "block" : "hidden"} px-5 pb-5 lg:block lg:pt-5`}>
        <h2 id="summary-title" className="mb-3 text-xl">
          Order summary
        </h2>
        <ul className="mb-4 divide-y divide-ink/10">
          {items.map((i) => (
            <li key={i.item_key} className="flex items-center gap-3 py-3 text-sm">
              <span className="relative shrink-0">
                <ProductThumb picture={i.picture} className="h-12 w-16 rounded bg-oat-100 object-cover" />
                <span className="absolute -right-2 -top-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-stone-600 px-1 text-[11px] font-bold text-white">
                  {i.quantity.value}
                </span>
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-ink">{i.name}</span>
                <span className="block text-xs text-stone-600">{Object.values(i.variation).join(" · ")}</span>
              </span>
              <span className="font-medium">{formatMoney(Number(i.totals.total))}</span>
            </li>
          ))}
        </ul>
        <CartTotals cart={cart} />
        {province !== undefined && delivery ? (
          <div className="mt-4 border-t border-ink/10 pt-4">
            <DeliveryWindowText table={delivery} province={province} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
