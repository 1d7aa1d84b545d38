import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AdminSkeleton, BUTTON, BUTTON_SECONDARY, PageHeader } from "@/components/admin/ui";
import { CardList } from "@/components/admin/list/data-table";
import { FilterBar } from "@/components/admin/list/filter-bar";
import { Pager } from "@/components/admin/list/pager";
import { requireStaffPage } from "@/lib/admin/guard";
import { categoryOptions, listAdminProducts } from "@/lib/admin/products";
import { productListQuery } from "@/lib/admin/catalog-api";
import { parseListQuery, type SearchParams } from "@/lib/admin/list/query";
import { serverEnv } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { ProductCard, productFilters } from "./list";

export const metadata: Metadata = { title: "Products" };

const PATH = "/admin/products";

async function Products({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage("products");
  const { query, params } = parseListQuery(productListQuery, await searchParams);
  const db = await getDb();
  const [list, categories] = await Promise.all([listAdminProducts(db, query), categoryOptions(db)]);
  const threshold = Math.max(1, serverEnv().LOW_STOCK_THRESHOLD);
  const filtered = Boolean(query.q || query.stock);
  return (
    <>
      <PageHeader
        title="Products"
        description={`${list.total} ${list.total === 1 ? "product" : "products"}. Low stock means fewer than ${threshold}.`}
        actions={
          <>
            {/* A download, not a page: the router must not prefetch or navigate to it. */}
            <a href="/api/admin/products/export" className={BUTTON_SECONDARY} download>
              Export CSV
            </a>
            <Link href="/admin/products/import" className={BUTTON_SECONDARY}>
              Import CSV
            </Link>
            <Link href="/admin/products/new" className={BUTTON}>
              New product
            </Link>
          </>
        }
      />
      <FilterBar
        label="Find products"
        fields={productFilters(categories)}
        values={query}
        grid="sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
      />
      <CardList rows={list.rows} empty="No products match.">
        {(p) => <ProductCard key={p.id} product={p} threshold={threshold} open={filtered} />}
      </CardList>
      <Pager page={list.page} pages={list.pageCount} path={PATH} params={params} />
    </>
  );
}

export default function ProductsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading products" />}>
      <Products searchParams={searchParams} />
    </Suspense>
  );
}
