import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, BackLink, PageHeader } from "@/components/admin/ui";
import { NewProductForm } from "@/components/admin/catalog/new-product-form";
import { requireStaffPage } from "@/lib/admin/guard";
import { categoryOptions } from "@/lib/admin/products";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "New product" };

async function NewProduct() {
  await requireStaffPage("products");
  const categories = await categoryOptions(await getDb());
  return (
    <>
      <BackLink href="/admin/products">All products</BackLink>
      <PageHeader
        title="New product"
        description="It starts hidden from the shop: set its prices and stock on its page, then publish it."
      />
      <NewProductForm categories={categories} />
    </>
  );
}

export default function NewProductPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the form" />}>
      <NewProduct />
    </Suspense>
  );
}
