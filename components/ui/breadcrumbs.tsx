import Link from "next/link";

export type Crumb = { label: string; href?: string };

/** Home / … / the current page. The last crumb is the page itself and has no link. */
export function Breadcrumbs({ trail, className = "" }: { trail: Crumb[]; className?: string }) {
  const crumbs: Crumb[] = [{ label: "Home", href: "/" }, ...trail];
  return (
    <nav aria-label="Breadcrumb" className={`text-sm text-stone-600 ${className}`}>
      <ol className="flex flex-wrap gap-2">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${c.label}-${i}`} className="flex gap-2">
              {i > 0 ? <span aria-hidden>/</span> : null}
              {last ? (
                <span aria-current="page" className="line-clamp-1 text-ink">{c.label}</span>
              ) : (
                <Link href={c.href!} className="hover:underline">{c.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
