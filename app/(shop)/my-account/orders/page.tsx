import type { Metadata } from "next";
import { Suspense } from "react";
import { redirect } from "next/navigation";
import { AccountSkeleton } from "@/components/account/account-skeleton";
import { OrderList } from "@/components/account/order-list";
import { StoreOrders } from "@/components/account/store-orders";
import { currentCustomer } from "@/lib/auth/current";
import { getDb } from "@/lib/db/client";
import { ordersForCustomer } from "@/lib/orders/customer-orders";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({ title: "Your orders", path: "/my-account/orders", noindex: true });

export default function OrdersPage() {
  return (
    <>
      <h1 className="text-3xl text-ink sm:text-4xl">Your orders</h1>
      <p className="mt-2 text-stone-700">Every order placed with this account, newest first.</p>
      <div className="mt-8">
        <Suspense fallback={<AccountSkeleton bare />}>
          <Orders />
        </Suspense>
      </div>
    </>
  );
}

async function Orders() {
  const signedIn = await currentCustomer();
  if (!signedIn) redirect("/login?next=/my-account/orders");
  const orders = await ordersForCustomer(await getDb(), signedIn.customer.id);
  return (
    <>
      <OrderList orders={orders} />
      <StoreOrders orders={orders} />
    </>
  );
}
