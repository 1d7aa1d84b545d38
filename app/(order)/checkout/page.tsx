import type { Metadata } from "next";
import Link from "next/link";
import { CheckoutForm } from "@/components/checkout/checkout-form";
import { deliveryTableNow } from "@/components/product/delivery-estimate";
import { paymentProviders } from "@/lib/payments/registry";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({ title: "Checkout", path: "/checkout", noindex: true });

export default async function CheckoutPage() {
  const methods = paymentProviders.map((p) => ({ method: p.method, label: p.label, description: p.description }));
  return (
    <div className="container-page py-8 lg:py-12">
      <div className="mb-8 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl text-ink sm:text-4xl">Checkout</h1>
        <Link href="/cart" className="text-sm font-medium text-olive-700 underline underline-offset-4">
          <span aria-hidden>← </span>Back to cart
        </Link>
      </div>
      <CheckoutForm methods={methods} delivery={await deliveryTableNow()} />
    </div>
  );
}
