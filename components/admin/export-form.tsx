import { BUTTON_SECONDARY } from "@/components/admin/ui";
import { EXPORT_PATHS, type ExportedList } from "@/lib/admin/exports";

/**
 * A list's Export button: a form that POSTs the list's filter, so the download is a change the
 * origin check guards and the audit log records, and no link or image can make one. The answer is
 * an attachment, so the browser saves the file and stays on the page.
 */
export function ExportForm({
  list,
  filter,
  count,
  className = "",
}: {
  list: ExportedList;
  filter: Record<string, string | undefined>;
  count: number;
  className?: string;
}) {
  return (
    <form method="post" action={EXPORT_PATHS[list]} className={className}>
      {Object.entries(filter).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <button type="submit" className={`${BUTTON_SECONDARY} w-full sm:w-auto`}>
        Export {count} as CSV
      </button>
    </form>
  );
}
