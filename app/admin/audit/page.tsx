import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminSkeleton, EmptyState, PageHeader, Pagination, TABLE, TD, TH, TableScroll } from "@/components/admin/ui";
import { requireStaffPage } from "@/lib/admin/guard";
import { auditEntries } from "@/lib/admin/audit";
import { formatDateTime, listHref } from "@/lib/admin/format";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Record<string, string | string[] | undefined>;

function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-stone-500">—</span>;
  if (typeof value !== "object" || Array.isArray(value))
    return <code className="break-all text-xs">{JSON.stringify(value)}</code>;
  return (
    <dl className="grid gap-0.5 text-xs">
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <div key={k} className="break-all">
          <dt className="inline font-semibold text-stone-700">{k}: </dt>
          <dd className="inline">{typeof v === "string" ? v : JSON.stringify(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

async function Audit({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaffPage("admin");
  const raw = await searchParams;
  const pageParam = Number(Array.isArray(raw.page) ? raw.page[0] : raw.page);
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const log = await auditEntries(await getDb(), { page });
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in the back office: who, when, what it was before and after, and the address it came from."
      />
      {log.entries.length === 0 ? (
        <EmptyState>Nothing has been changed yet.</EmptyState>
      ) : (
        <div className="rounded-card border border-ink/10 bg-white">
          <TableScroll label="Audit log">
            <table className={`${TABLE} min-w-[860px]`}>
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    When
                  </th>
                  <th scope="col" className={TH}>
                    Who
                  </th>
                  <th scope="col" className={TH}>
                    What
                  </th>
                  <th scope="col" className={TH}>
                    Before
                  </th>
                  <th scope="col" className={TH}>
                    After
                  </th>
                  <th scope="col" className={TH}>
                    Address
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.entries.map((e) => (
                  <tr key={e.id}>
                    <td className={`${TD} whitespace-nowrap`}>{formatDateTime(e.createdAt)}</td>
                    <td className={`${TD} break-all`}>{e.staffEmail || "—"}</td>
                    <td className={TD}>
                      <span className="block font-medium">{e.action}</span>
                      <span className="block text-xs text-stone-600">
                        {e.entity} {e.entityId}
                      </span>
                    </td>
                    <td className={TD}>
                      <Change value={e.before} />
                    </td>
                    <td className={TD}>
                      <Change value={e.after} />
                    </td>
                    <td className={`${TD} whitespace-nowrap text-xs`}>{e.ip || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
      <Pagination page={log.page} pages={log.pages} href={(p) => listHref("/admin/audit", {}, { page: p })} />
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
