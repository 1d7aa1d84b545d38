import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, BackLink, PageHeader } from "@/components/admin/ui";
import { CouponForm } from "@/components/admin/catalog/coupon-form";
import { requireStaffPage } from "@/lib/admin/guard";
import { couponChoices } from "@/lib/admin/coupons";
import { NEW_COUPON } from "@/lib/admin/coupon-form-values";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "New coupon" };

async function NewCoupon() {
  await requireStaffPage("coupons");
  const choices = await couponChoices(await getDb());
  return (
    <>
      <BackLink href="/admin/coupons">All coupons</BackLink>
      <PageHeader title="New coupon" />
      <CouponForm initial={NEW_COUPON} choices={choices} />
    </>
  );
}

export default function NewCouponPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the form" />}>
      <NewCoupon />
    </Suspense>
  );
}
