"use client";

import Link from "next/link";
import { useState } from "react";
import { useCartUiStore } from "@/stores/cart";
import { addToCart, type ShownCart } from "@/components/cart/use-cart";
import { ProductThumb } from "@/components/product/product-thumb";
import { formatMoney } from "@/lib/money/money";
import { offerTermsPath } from "@/lib/coupons/free-ottoman";

/**
 * The free product the cart's offer would give, added in one click. The server offers it only
 * when the added unit would be wholly discounted, and prices it again on the add.
 */
export function FreeOffer({ cart, inDrawer = false }: { cart: ShownCart; inDrawer?: boolean }) {
  const [adding, setAdding] = useState(false);
  const offer = cart.offers[0];
  if (!offer) return null;
  const terms = offerTermsPath(offer.coupon);
  return (
    <section
      aria-labelledby={`free-offer-${inDrawer ? "drawer" : "page"}`}
      className="flex items-center gap-3 rounded-card border border-olive-700/30 bg-olive-50 p-3"
      data-testid="free-offer"
    >
      <ProductThumb picture={offer.picture} className="h-14 w-18 shrink-0 rounded-md object-cover" />
      <div className="min-w-0 flex-1 text-sm">
        <h3 id={`free-offer-${inDrawer ? "drawer" : "page"}`} className="font-semibold text-ink">
          Your {offer.name} is free
        </h3>
        <p className="text-stone-700">
          <span className="line-through">
            <span className="sr-only">Regular price </span>
            {formatMoney(Number(offer.price))}
          </span>{" "}
          <strong className="text-success">Free</strong> with your {terms ? "couch" : "order"}.{" "}
          {terms ? (
            <Link
              href={terms}
              onClick={() => useCartUiStore.getState().closeDrawer()}
              className="underline underline-offset-4 hover:text-ink"
            >
              Terms<span className="sr-only"> of the offer</span>
            </Link>
          ) : null}
        </p>
      </div>
      <button
        type="button"
        className="btn-primary shrink-0 px-3 py-2 text-sm"
        disabled={adding || cart.pending === true}
        onClick={async () => {
          setAdding(true);
          await addToCart({ productId: offer.product_id }, { openDrawer: false });
          setAdding(false);
        }}
      >
        Add<span className="sr-only"> the free {offer.name}</span>
      </button>
    </section>
  );
}
