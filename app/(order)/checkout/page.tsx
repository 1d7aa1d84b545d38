import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { CheckoutForm } from "@/components/checkout/checkout-form";
import { deliveryTableNow } from "@/components/product/delivery-estimate";
import { paymentProviders } from "@/lib/payments/registry";
import { databaseReads } from "@/lib/catalog/data";
import { getOfferedPaymentMethods } from "@/lib/settings/data";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({ title: "Checkout", path: "/checkout", noindex: true });

export default function CheckoutPage() {
  return (
    <div className="container-page py-8 lg:py-12">
      <div className="mb-8 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl text-ink sm:text-4xl">Checkout</h1>
        <Link href="/cart" className="text-sm font-medium text-olive-700 underline underline-offset-4">
          <span aria-hidden>← </span>Back to cart
        </Link>
      </div>
      <Suspense
        fallback={<div className="h-[40rem] animate-pulse rounded-card bg-oat-100" aria-label="Loading the checkout" />}
      >
        <Checkout />
      </Suspense>
    </div>
  );
}

/** The form, with the payment methods the shop offers now. */
async function Checkout() {
  await databaseReads();
  const [offered, delivery] = await Promise.all([getOfferedPaymentMethods(), deliveryTableNow()]);
  const methods = paymentProviders
    .filter((p) => offered.includes(p.method))
    .map((p) => ({ method: p.method, label: p.label, description: p.description }));
  return <CheckoutForm methods={methods} delivery={delivery} />;
}
