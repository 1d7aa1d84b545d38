"use client";

import Link from "next/link";
import { CartLine } from "@/components/cart/cart-lines";
import { CartTotals } from "@/components/cart/cart-totals";
import { FreeOffer } from "@/components/cart/free-offer";
import { countOf } from "@/lib/coupons/wording";
import { PromoCodeForm } from "@/components/cart/promo-code-form";
import { ShieldIcon, TruckIcon } from "@/components/ui/icons";
import { useCart, type ShownCart } from "@/components/cart/use-cart";
import { DELIVERY_TIME } from "@/lib/delivery/config";

/** The /cart page's body: lines, promo code, totals and the way to checkout. */
export function CartView() {
  const { cart, loaded } = useCart();
  // At least a screen's height whatever the cart holds, so the footer stays below the fold and
  // nothing in view moves when the cart arrives. The placeholder and the cart are different
  // elements: the cart is new content, not the placeholder moved and resized.
  return <div className="min-h-dvh">{loaded ? <CartBody cart={cart} /> : <CartPlaceholder />}</div>;
}

function CartPlaceholder() {
  return <div className="h-96 animate-pulse rounded-card bg-oat-100" aria-label="Loading your cart" />;
}

function CartBody({ cart }: { cart: ShownCart }) {
  const { items, item_count: itemCount } = cart;
  if (items.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-ink/20 px-6 py-16 text-center" data-testid="cart-empty">
        <p className="font-display text-2xl text-ink">Your cart is empty</p>
        <p className="mt-2 text-stone-600">
          Every couch is made to order and delivered free, anywhere in South Africa.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link href="/product-category/couches" className="btn-primary">
            Shop couches
          </Link>
          <Link href="/product-category" className="btn-secondary">
            All categories
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_380px]">
      <section aria-label="Items in your cart" className="min-w-0">
        <p className="text-sm text-stone-600">{countOf(itemCount, { one: "item", other: "items" })}</p>
        <ul className="divide-y divide-ink/10 border-y border-ink/10">
          {items.map((item) => (
            <CartLine key={item.item_key} item={item} pending={cart.pending} />
          ))}
        </ul>
      </section>
      <aside
        className="h-fit space-y-5 rounded-card border border-ink/10 bg-white p-5 lg:sticky lg:top-28"
        aria-label="Order summary"
      >
        <h2 className="text-xl">Order summary</h2>
        <FreeOffer cart={cart} />
        <PromoCodeForm cart={cart} />
        <CartTotals cart={cart} />
        <Link href="/checkout" className="btn-primary w-full" data-testid="checkout-link">
          Proceed to checkout
        </Link>
        <ul className="space-y-2 text-xs text-stone-600">
          <li className="flex items-center gap-2">
            <TruckIcon width={16} height={16} /> Free delivery nationwide within {DELIVERY_TIME}
          </li>
          <li className="flex items-center gap-2">
            <ShieldIcon width={16} height={16} /> Secure payment: card, EFT, instalments or bank transfer
          </li>
        </ul>
      </aside>
    </div>
  );
}
