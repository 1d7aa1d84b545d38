import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { AdminSkeleton, BackLink, PageHeader } from "@/components/admin/ui";
import { FabricForm } from "@/components/admin/catalog/fabric-form";
import { requireStaffPage } from "@/lib/admin/guard";
import { fabricFamilies, getAdminFabric } from "@/lib/admin/fabrics";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Fabric" };

function offeredBy(n: number): string {
  if (n === 0) return "No product offers it yet: its name and address can change, and it can be deleted.";
  const who = n === 1 ? "1 product offers" : `${n} products offer`;
  return `${who} it: its name and address stay while ${n === 1 ? "it does" : "they do"}.`;
}

async function Fabric({ params }: { params: Promise<{ id: string }> }) {
  await requireStaffPage("products");
  const id = Number((await params).id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const db = await getDb();
  const [fabric, families] = await Promise.all([getAdminFabric(db, id), fabricFamilies(db)]);
  if (!fabric) notFound();
  return (
    <>
      <BackLink href="/admin/fabrics">All fabrics</BackLink>
      <PageHeader title={fabric.name} description={offeredBy(fabric.productCount)} />
      <FabricForm
        key={JSON.stringify(fabric)}
        families={families}
        initial={{
          id: fabric.id,
          name: fabric.name,
          slug: fabric.slug,
          hex: fabric.hex,
          shade: fabric.shade,
          family: fabric.family,
          note: fabric.note,
          colourWords: fabric.colourWords,
          restockWeeks: String(fabric.restockWeeks),
          position: String(fabric.position),
        }}
      />
    </>
  );
}

export default function FabricPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the fabric" />}>
      <Fabric params={params} />
    </Suspense>
  );
}
