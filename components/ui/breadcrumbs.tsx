import Link from "next/link";
import { BreadcrumbJsonLd } from "next-seo";
import { JsonLd, structuredData } from "@/components/seo/json-ld";
import { absoluteUrl } from "@/lib/seo/metadata";

export type Crumb = { label: string; href?: string };

/**
 * Home / … / the current page. The last crumb is the page itself and has no link. The same
 * trail goes to search engines as a BreadcrumbList (the current page's item is left out).
 */
export function Breadcrumbs({ trail, className = "" }: { trail: Crumb[]; className?: string }) {
  const crumbs: Crumb[] = [{ label: "Home", href: "/" }, ...trail];
  return (
    <>
      <JsonLd
        id="breadcrumb-json-ld"
        data={structuredData(BreadcrumbJsonLd, {
          items: crumbs.map((c, i) =>
            i < crumbs.length - 1 && c.href ? { name: c.label, item: absoluteUrl(c.href) } : { name: c.label },
          ),
        })}
      />
      <nav aria-label="Breadcrumb" className={`text-sm text-stone-600 ${className}`}>
        <ol className="flex flex-wrap gap-2">
          {crumbs.map((c, i) => {
            const last = i === crumbs.length - 1;
            return (
              <li key={`${c.label}-${i}`} className="flex gap-2">
                {i > 0 ? <span aria-hidden>/</span> : null}
                {last ? (
                  <span aria-current="page" className="line-clamp-1 text-ink">
                    {c.label}
                  </span>
                ) : (
                  <Link href={c.href!} className="hover:underline">
                    {c.label}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
    </>
  );
}
