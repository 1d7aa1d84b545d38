import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, BackLink, PageHeader } from "@/components/admin/ui";
import { CategoryForm } from "@/components/admin/catalog/category-form";
import { requireStaffPage } from "@/lib/admin/guard";
import { NEW_CATEGORY } from "@/lib/admin/category-form";

export const metadata: Metadata = { title: "New category" };

async function NewCategory() {
  await requireStaffPage("products");
  return (
    <>
      <BackLink href="/admin/categories">All categories</BackLink>
      <PageHeader title="New category" />
      <CategoryForm initial={NEW_CATEGORY} />
    </>
  );
}

export default function NewCategoryPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the form" />}>
      <NewCategory />
    </Suspense>
  );
}
