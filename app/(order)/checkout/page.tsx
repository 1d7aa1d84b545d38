import type { Metadata } from "next";
import { CheckoutForm } from "@/components/checkout/checkout-form";
import { paymentProviders } from "@/lib/payments/registry";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({ title: "Checkout", path: "/checkout", noindex: true });

export default function CheckoutPage() {
  const methods = paymentProviders.map((p) => ({ method: p.method, label: p.label, description: p.description }));
  return (
    <div className="container-page py-8 lg:py-12">
      <h1 className="mb-8 text-3xl text-ink sm:text-4xl">Checkout</h1>
      <CheckoutForm methods={methods} />
    </div>
  );
}
