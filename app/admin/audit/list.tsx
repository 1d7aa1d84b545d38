import type { Column } from "@/components/admin/list/data-table";
import type { AuditPage } from "@/lib/admin/audit";
import { formatDateTime } from "@/lib/admin/format";
import { auditActionWords, auditFieldWords, auditValueWords } from "@/lib/admin/audit-words";

/** A change's fields, each by its name in words, money in rand and moments in South African time. */
function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-stone-500">—</span>;
  if (typeof value !== "object" || Array.isArray(value))
    return <span className="break-words text-xs">{auditValueWords("value", value)}</span>;
  return (
    <dl className="grid gap-0.5 text-xs">
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <div key={k} className="break-words">
          <dt className="inline font-semibold text-stone-700">{auditFieldWords(k)}: </dt>
          <dd className="inline">{auditValueWords(k, v)}</dd>
        </div>
      ))}
    </dl>
  );
}

export const AUDIT_COLUMNS: readonly Column<AuditPage["entries"][number]>[] = [
  { key: "when", header: "When", className: "whitespace-nowrap", cell: (e) => formatDateTime(e.createdAt) },
  { key: "who", header: "Who", className: "break-all", cell: (e) => e.staffEmail || "—" },
  {
    key: "what",
    header: "What",
    cell: (e) => (
      <span className="block font-medium" data-testid="audit-what">
        {auditActionWords(e.action, e.entity, e.entityId)}
      </span>
    ),
  },
  { key: "before", header: "Before", cell: (e) => <Change value={e.before} /> },
  { key: "after", header: "After", cell: (e) => <Change value={e.after} /> },
  { key: "address", header: "Address", className: "whitespace-nowrap text-xs", cell: (e) => e.ip || "—" },
];
