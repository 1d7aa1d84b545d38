import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { AdminSkeleton, BackLink, PageHeader, Stat } from "@/components/admin/ui";
import { ActionButton } from "@/components/admin/catalog/action-button";
import { CouponForm } from "@/components/admin/catalog/coupon-form";
import { requireStaffPage } from "@/lib/admin/guard";
import { couponChoices, getCoupon } from "@/lib/admin/coupons";
import { couponFormValues } from "@/lib/admin/coupon-form-values";
import { getDb } from "@/lib/db/client";
import { formatMoney } from "@/lib/money/money";

export const metadata: Metadata = { title: "Coupon" };

async function Coupon({ params }: { params: Promise<{ id: string }> }) {
  await requireStaffPage("coupons");
  const id = Number((await params).id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const db = await getDb();
  const [coupon, choices] = await Promise.all([getCoupon(db, id), couponChoices(db)]);
  if (!coupon) notFound();
  return (
    <>
      <BackLink href="/admin/coupons">All coupons</BackLink>
      <PageHeader
        title={`Coupon ${coupon.code}`}
        description={coupon.active ? "Active" : "Disabled: carts holding it lose it at their next change or checkout."}
        actions={
          <ActionButton
            path={`/api/admin/coupons/${coupon.id}`}
            params={{ action: coupon.active ? "disable" : "enable" }}
            label={coupon.active ? "Disable" : "Enable"}
            look={coupon.active ? "danger" : "primary"}
          />
        }
      />
      <div className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat
          label="Uses"
          value={coupon.usageLimit === null ? coupon.usedCount : `${coupon.usedCount} of ${coupon.usageLimit}`}
        />
        <Stat label="Paid orders" value={coupon.orders} />
        <Stat label="Revenue" value={formatMoney(coupon.revenueCents)} note="Totals of paid orders that used it" />
      </div>
      <CouponForm key={`${coupon.id}-${coupon.active}`} initial={couponFormValues(coupon)} choices={choices} />
    </>
  );
}

export default function CouponPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the coupon" />}>
      <Coupon params={params} />
    </Suspense>
  );
}
