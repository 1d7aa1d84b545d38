import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AdminSkeleton, BUTTON, PageHeader } from "@/components/admin/ui";
import { DataTable, type Column } from "@/components/admin/list/data-table";
import { requireStaffPage } from "@/lib/admin/guard";
import { listAdminFabrics, type AdminFabric } from "@/lib/admin/fabrics";
import { listFabricFamilies } from "@/lib/admin/fabric-families";
import { FamilyAboutForm } from "@/components/admin/catalog/family-about-form";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Fabrics" };

const COLUMNS: readonly Column<AdminFabric>[] = [
  {
    key: "colour",
    header: "Colour",
    cell: (f) => (
      <span className="inline-flex items-center gap-1" title={`${f.hex}, shade ${f.shade}`}>
        <span
          aria-hidden
          data-testid="fabric-colour"
          className="size-5 rounded-full border border-ink/15"
          style={{ background: f.hex }}
        />
        <span aria-hidden className="size-3 rounded-full border border-ink/15" style={{ background: f.shade }} />
        <span className="sr-only">{f.hex}</span>
      </span>
    ),
  },
  {
    key: "name",
    header: "Name",
    cell: (f) => (
      <Link
        href={`/admin/fabrics/${f.id}`}
        className="inline-flex min-h-6 items-center font-semibold text-olive-800 underline-offset-4 hover:underline"
      >
        {f.name}
      </Link>
    ),
  },
  { key: "family", header: "Family", cell: (f) => f.family },
  { key: "weeks", header: "Restock weeks", cell: (f) => f.restockWeeks },
  { key: "products", header: "Products", cell: (f) => f.productCount },
];

async function Fabrics() {
  await requireStaffPage("products");
  const db = await getDb();
  const [rows, families] = await Promise.all([listAdminFabrics(db), listFabricFamilies(db)]);
  return (
    <>
      <PageHeader
        title="Fabrics"
        description="The range in the shop's order. Products counts every product that offers the fabric, published or not."
        actions={
          <Link href="/admin/fabrics/new" className={BUTTON}>
            New fabric
          </Link>
        }
      />
      <DataTable
        label="Fabrics"
        rows={rows}
        columns={COLUMNS}
        rowKey={(f) => f.id}
        row={{ testId: "fabric-row" }}
        empty="No fabrics yet."
      />
      {families.length ? (
        <section aria-labelledby="fabric-families" className="mt-10">
          <h2 id="fabric-families" className="text-xl text-ink">
            Families
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            The fabrics page groups the range by family, each with what is written here.
          </p>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            {families.map((f) => (
              <FamilyAboutForm key={`${f.name}:${f.about}`} family={f.name} about={f.about} fabrics={f.fabrics} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

export default function FabricsPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading fabrics" />}>
      <Fabrics />
    </Suspense>
  );
}
