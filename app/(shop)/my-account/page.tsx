import type { Metadata } from "next";
import { Suspense } from "react";
import { redirect } from "next/navigation";
import { AccountOverview } from "@/components/account/account-overview";
import { AccountSkeleton } from "@/components/account/account-skeleton";
import { currentCustomer } from "@/lib/auth/current";
import { toCustomerResponse } from "@/lib/auth/accounts";
import { getDb } from "@/lib/db/client";
import { ordersForCustomer } from "@/lib/orders/customer-orders";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({ title: "My account", path: "/my-account", noindex: true });

export default function MyAccountPage() {
  return (
    <Suspense fallback={<AccountSkeleton />}>
      <Overview />
    </Suspense>
  );
}

async function Overview() {
  const signedIn = await currentCustomer();
  if (!signedIn) redirect("/login?next=/my-account");
  const orders = await ordersForCustomer(await getDb(), signedIn.customer.id);
  return <AccountOverview customer={toCustomerResponse(signedIn.customer)} orders={orders} />;
}
