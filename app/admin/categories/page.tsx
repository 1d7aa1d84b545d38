import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AdminSkeleton, BUTTON, PageHeader } from "@/components/admin/ui";
import { DataTable, type Column } from "@/components/admin/list/data-table";
import { requireStaffPage } from "@/lib/admin/guard";
import { listCategories, type AdminCategory } from "@/lib/admin/categories";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Categories" };

const COLUMNS: readonly Column<AdminCategory>[] = [
  {
    key: "name",
    header: "Name",
    cell: (c) => (
      <Link
        href={`/admin/categories/${c.id}`}
        className="inline-flex min-h-6 items-center font-semibold text-olive-800 underline-offset-4 hover:underline"
      >
        {c.name}
      </Link>
    ),
  },
  {
    key: "slug",
    header: "Address",
    cell: (c) => <span className="font-mono text-xs">/product-category/{c.slug}</span>,
  },
  { key: "products", header: "Products", cell: (c) => c.productCount },
  { key: "order", header: "Order", cell: (c) => c.sortOrder },
];

async function Categories() {
  await requireStaffPage("products");
  const rows = await listCategories(await getDb());
  return (
    <>
      <PageHeader
        title="Categories"
        description="In the order the shop's menu shows them. Products counts every product, published or not."
        actions={
          <Link href="/admin/categories/new" className={BUTTON}>
            New category
          </Link>
        }
      />
      <DataTable
        label="Categories"
        rows={rows}
        columns={COLUMNS}
        rowKey={(c) => c.id}
        row={{ testId: "category-row" }}
        empty="No categories yet."
      />
    </>
  );
}

export default function CategoriesPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading categories" />}>
      <Categories />
    </Suspense>
  );
}
