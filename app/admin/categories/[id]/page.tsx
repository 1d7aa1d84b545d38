import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { AdminSkeleton, BackLink, PageHeader } from "@/components/admin/ui";
import { CategoryForm } from "@/components/admin/catalog/category-form";
import { requireStaffPage } from "@/lib/admin/guard";
import { getCategory } from "@/lib/admin/categories";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Category" };

async function Category({ params }: { params: Promise<{ id: string }> }) {
  await requireStaffPage("products");
  const id = Number((await params).id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const category = await getCategory(await getDb(), id);
  if (!category) notFound();
  return (
    <>
      <BackLink href="/admin/categories">All categories</BackLink>
      <PageHeader
        title={category.name}
        description={
          <>
            {category.productCount} {category.productCount === 1 ? "product" : "products"} ·{" "}
            <Link href={`/product-category/${category.slug}`} className="underline underline-offset-4">
              See it in the shop
            </Link>
          </>
        }
      />
      <CategoryForm
        key={`${category.id}-${category.slug}-${category.name}-${category.sortOrder}-${category.description}`}
        initial={{
          id: category.id,
          name: category.name,
          slug: category.slug,
          description: category.description,
          sortOrder: String(category.sortOrder),
        }}
      />
    </>
  );
}

export default function CategoryPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the category" />}>
      <Category params={params} />
    </Suspense>
  );
}
