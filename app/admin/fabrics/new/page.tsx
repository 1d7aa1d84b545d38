import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, BackLink, PageHeader } from "@/components/admin/ui";
import { FabricForm } from "@/components/admin/catalog/fabric-form";
import { requireStaffPage } from "@/lib/admin/guard";
import { NEW_FABRIC } from "@/lib/admin/fabric-form";
import { fabricFamilies } from "@/lib/admin/fabrics";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "New fabric" };

async function NewFabric() {
  await requireStaffPage("products");
  return (
    <>
      <BackLink href="/admin/fabrics">All fabrics</BackLink>
      <PageHeader title="New fabric" />
      <FabricForm initial={NEW_FABRIC} families={await fabricFamilies(await getDb())} />
    </>
  );
}

export default function NewFabricPage() {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the form" />}>
      <NewFabric />
    </Suspense>
  );
}
