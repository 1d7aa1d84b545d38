import type { Metadata } from "next";
import { CartView } from "@/components/cart/cart-view";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({ title: "Cart", path: "/cart", noindex: true });

export default function CartPage() {
  return (
    <div className="container-page py-8 lg:py-12">
      <h1 className="mb-6 text-3xl text-ink sm:text-4xl">Your cart</h1>
      <CartView />
    </div>
  );
}
