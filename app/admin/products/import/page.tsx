import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, BackLink, PageHeader } from "@/components/admin/ui";
import { CatalogueImport } from "@/components/admin/catalog/catalogue-import";
import { requireStaffPage } from "@/lib/admin/guard";

export const metadata: Metadata = { title: "Import products" };

async function ImportProducts() {
  await requireStaffPage("products");
  return (
    <>
      <BackLink href="/admin/products">All products</BackLink>
      <PageHeader
        title="Import products"
        description="A WooCommerce product CSV, or the shop's own export edited in a spreadsheet. Rows are matched by SKU; products and variations not in the file stay as they are. You see what would change before anything is saved."
      />
      <CatalogueImport />
    </>
  );
}

export default function ImportProductsPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading" />}>
      <ImportProducts />
    </Suspense>
  );
}
