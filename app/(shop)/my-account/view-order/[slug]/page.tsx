import type { Metadata } from "next";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { AccountSkeleton } from "@/components/account/account-skeleton";
import { OrderDetail } from "@/components/account/order-detail";
import { currentCustomer } from "@/lib/auth/current";
import { getDb } from "@/lib/db/client";
import { orderForViewer } from "@/lib/orders/customer-orders";
import { pageMetadata } from "@/lib/seo/metadata";
import { accountOrderPath } from "@/lib/orders/urls";
import { connection } from "next/server";
import { cookies } from "next/headers";
import { ForgetOrderKey } from "@/components/checkout/forget-order-key";
import { orderKeyFrom } from "@/lib/auth/guards";
import { COOKIE } from "@/lib/http/cookie-names";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ key?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const { slug } = await params;
  return pageMetadata({ title: "Order details", path: accountOrderPath(slug), noindex: true });
}

export default function ViewOrderPage(props: Props) {
  return (
    <Suspense fallback={<AccountSkeleton />}>
      <Order {...props} />
    </Suspense>
  );
}

/** Its owner or a holder of its key only; proxy.ts has already turned others away with a 404. */
async function Order({ params, searchParams }: Props) {
  const [{ slug }, { key }, signedIn, jar] = await Promise.all([params, searchParams, currentCustomer(), cookies()]);
  const order = await orderForViewer(await getDb(), slug, {
    customerId: signedIn?.customer.id,
    key: orderKeyFrom(key, jar.get(COOKIE.orderKey)?.value),
  });
  if (!order) notFound();
  return (
    <>
      <ForgetOrderKey />
      <OrderDetail order={order} />
    </>
  );
}
