import Link from "next/link";

export function Pagination({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-center gap-1">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className="rounded-md px-3 py-2 text-sm font-medium hover:bg-oat-100">
          Previous
        </Link>
      ) : null}
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
        <Link
          key={n}
          href={href(n)}
          aria-current={n === page ? "page" : undefined}
          className={`min-w-10 rounded-md px-3 py-2 text-center text-sm font-medium ${n === page ? "bg-ink text-white" : "hover:bg-oat-100"}`}
        >
          {n}
        </Link>
      ))}
      {page < pageCount ? (
        <Link href={href(page + 1)} rel="next" className="rounded-md px-3 py-2 text-sm font-medium hover:bg-oat-100">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
