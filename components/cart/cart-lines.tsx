"use client";

import Link from "next/link";
import { QuantityStepper } from "@/components/cart/quantity-stepper";
import { removeItem, updateQuantity } from "@/components/cart/use-cart";
import { ProductThumb } from "@/components/product/product-thumb";
import { formatMoney } from "@/lib/money/money";
import type { ServerCartItem } from "@/lib/cart/types";

/** One line of the cart; while a change is on its way (`pending`) its money is the last answer's, dimmed. */
export function CartLine({
  item,
  compact = false,
  pending = false,
}: {
  item: ServerCartItem;
  compact?: boolean;
  pending?: boolean;
}) {
  const variant = Object.entries(item.variation)
    .map(([k, v]) => `${k}: ${v}`)
    .join(" · ");
  const discounted = Number(item.totals.discount) > 0;
  // An offer's free item says so in words: "R 0,00" reads like a mistake.
  const free = discounted && Number(item.totals.total) === 0;
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line" data-name={item.name}>
      <Link
        href={`/product/${item.slug}`}
        className="shrink-0 overflow-hidden rounded-md bg-oat-100"
        aria-hidden
        tabIndex={-1}
      >
        <ProductThumb
          picture={item.picture}
          className={compact ? "h-18 w-24 object-cover" : "h-24 w-32 object-cover"}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link href={`/product/${item.slug}`} className="font-semibold text-ink hover:underline">
              {item.name}
            </Link>
            {variant ? <p className="text-xs text-stone-600">{variant}</p> : null}
            <p className="text-xs text-stone-600">{formatMoney(Number(item.price))} each</p>
          </div>
          <div
            className={`text-right text-sm transition-opacity ${pending ? "opacity-60" : ""}`}
            data-testid="line-total"
          >
            <p
              className={`font-semibold ${free ? "text-success" : "text-ink"}`}
              data-testid={free ? "line-free" : undefined}
            >
              {free ? "Free" : formatMoney(Number(item.totals.total))}
            </p>
            {discounted ? (
              <p className="text-xs text-stone-600 line-through">
                <span className="sr-only">Regular price </span>
                {formatMoney(Number(item.totals.subtotal))}
              </p>
            ) : null}
          </div>
        </div>
        <div className="mt-1 flex items-center gap-4">
          <QuantityStepper
            label={`quantity of ${item.name}`}
            value={item.quantity.value}
            max={item.quantity.max_purchase}
            onChange={(n) => updateQuantity(item.item_key, n)}
          />
          <button
            type="button"
            className="text-sm text-stone-600 underline underline-offset-4 hover:text-ink"
            onClick={() => removeItem(item.item_key)}
          >
            Remove<span className="sr-only"> {item.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
