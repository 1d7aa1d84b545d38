import type { Metadata } from "next";
import { CartView } from "@/components/cart/cart-view";

export const metadata: Metadata = { title: "Cart", robots: { index: false, follow: true } };

export default function CartPage() {
  return (
    <div className="container-page py-8 lg:py-12">
      <h1 className="mb-6 text-3xl text-ink sm:text-4xl">Your cart</h1>
      <CartView />
    </div>
  );
}
