import Link from "next/link";
import { pageHref } from "@/lib/admin/list/href";
import type { ListParams } from "@/lib/admin/list/query";

const STEP = "btn-secondary min-h-11 px-4 py-2";

/** Previous and next links that keep the list's other parameters; nothing for a single page. */
export function Pager({
  page,
  pages,
  path,
  params,
}: {
  page: number;
  pages: number;
  path: string;
  params: ListParams;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link className={STEP} href={pageHref(path, params, page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className={STEP} href={pageHref(path, params, page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
