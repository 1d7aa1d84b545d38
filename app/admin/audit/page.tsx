import type { Metadata } from "next";
import { Suspense } from "react";
import { z } from "zod";
import { AdminSkeleton, PageHeader, TABLE } from "@/components/admin/ui";
import { DataTable } from "@/components/admin/list/data-table";
import { Pager } from "@/components/admin/list/pager";
import { requireStaffPage } from "@/lib/admin/guard";
import { auditEntries } from "@/lib/admin/audit";
import { pageParam, parseListQuery, type SearchParams } from "@/lib/admin/list/query";
import { getDb } from "@/lib/db/client";
import { AUDIT_COLUMNS } from "./list";

export const metadata: Metadata = { title: "Audit log" };

const auditQuery = z.object({ page: pageParam });

async function Audit({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage("audit");
  const { query } = parseListQuery(auditQuery, await searchParams);
  const log = await auditEntries(await getDb(), query);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back office, and every list of people's details opened or exported: who, when, what it was before and after (for a list, the filter and how many rows), and the address it came from."
      />
      <DataTable
        label="Audit log"
        rows={log.entries}
        columns={AUDIT_COLUMNS}
        rowKey={(e) => e.id}
        empty="Nothing has been changed yet."
        framed
        tableClassName={`${TABLE} min-w-[860px]`}
      />
      <Pager page={log.page} pages={log.pages} path="/admin/audit" params={{}} />
    </>
  );
}

export default function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<AdminSkeleton label="Loading the audit log" />}>
      <Audit searchParams={searchParams} />
    </Suspense>
  );
}
