import type { Metadata } from "next";
import { Suspense } from "react";
import { z } from "zod";
import { AdminSkeleton, PageHeader, TABLE } from "@/components/admin/ui";
import { DataTable } from "@/components/admin/list/data-table";
import { Pager } from "@/components/admin/list/pager";
import { requireStaffPage } from "@/lib/admin/guard";
import { auditedKinds, auditEntries } from "@/lib/admin/audit";
import { auditKindWords } from "@/lib/admin/audit-words";
import { FilterBar } from "@/components/admin/list/filter-bar";
import type { FilterField } from "@/lib/admin/list/filters";
import { blankToUndefined, dayParam, pageParam, parseListQuery, type SearchParams } from "@/lib/admin/list/query";
import { getDb } from "@/lib/db/client";
import { AUDIT_COLUMNS } from "./list";

export const metadata: Metadata = { title: "Audit log" };

const auditQuery = z.object({
  entity: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()).catch(undefined),
  who: z.preprocess(blankToUndefined, z.string().trim().max(120).optional()).catch(undefined),
  from: dayParam.catch(undefined),
  to: dayParam.catch(undefined),
  page: pageParam,
});

async function Audit({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage("audit");
  const { query, params } = parseListQuery(auditQuery, await searchParams);
  const db = await getDb();
  const [log, kinds] = await Promise.all([auditEntries(db, query), auditedKinds(db)]);
  const filters: readonly FilterField[] = [
    {
      kind: "select",
      name: "entity",
      id: "audit-entity",
      label: "What",
      any: "Everything",
      options: kinds.map((k) => ({ value: k, label: auditKindWords(k) })),
    },
    { kind: "search", name: "who", id: "audit-who", label: "Who", placeholder: "e-mail address" },
    { kind: "date", name: "from", id: "audit-from", label: "From" },
    { kind: "date", name: "to", id: "audit-to", label: "To" },
  ];
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back office, and every list of people's details opened or exported: who, when (South African time), what it was before and after (for a list, the filter and how many rows), and the address it came from."
      />
      <FilterBar
        label="Filter the audit log"
        fields={filters}
        values={query}
        grid="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
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
      <Pager page={log.page} pages={log.pages} path="/admin/audit" params={params} />
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
