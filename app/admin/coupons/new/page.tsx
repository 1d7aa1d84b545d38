import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AdminSkeleton, PageHeader } from "@/components/admin/ui";
import { CouponForm } from "@/components/admin/catalog/coupon-form";
import { requireStaffPage } from "@/lib/admin/guard";
import { couponChoices } from "@/lib/admin/coupons";
import { NEW_COUPON } from "@/lib/admin/coupon-form-values";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "New coupon" };

async function NewCoupon() {
  await requireStaffPage();
  const choices = await couponChoices(await getDb());
  return (
    <>
      <p className="mb-2 text-sm">
        <Link
          href="/admin/coupons"
          className="inline-flex min-h-6 items-center text-olive-800 underline-offset-4 hover:underline"
        >
          ← All coupons
        </Link>
      </p>
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
