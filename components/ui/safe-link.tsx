import Link from "next/link";
import type { ComponentProps } from "react";
import { SITE } from "@/lib/config/site";
import { checkLink } from "@/lib/routing/links";
import { matchRedirect } from "@/lib/routing/manifest";
import { developmentBuild } from "@/lib/config/build";

type Props = Omit<ComponentProps<"a">, "href"> & {
  href: string;
  /** Allows an address outside the shop. Without it such a link is refused. */
  external?: boolean;
  /** External web links open in a new tab unless this is false. */
  newTab?: boolean;
  prefetch?: boolean | null;
};

/**
 * A link whose address comes from data (content, configuration): shop paths go through
 * next/link; outside addresses only when marked `external`, with rel="noopener noreferrer";
 * javascript:, data: and vbscript: addresses are refused, and the words stay as plain text.
 * A shop path that the redirect manifest sends elsewhere links to where it ends up: the new
 * address directly, or, for an outside target, a plain link that makes a full navigation.
 */
export function SafeLink({ href, external = false, newTab = true, prefetch, children, rel, target, ...rest }: Props) {
  const check = checkLink(href, { external, siteOrigin: SITE.canonicalUrl });
  if (!check.ok) {
    if (developmentBuild()) console.warn(`SafeLink refused ${JSON.stringify(href)} (${check.reason})`);
    return <>{children}</>;
  }
  if (!check.external) {
    const { path, query, hash } = parts(check.href);
    const redirect = path ? matchRedirect(path, query) : null;
    if (redirect?.external)
      return (
        <a href={check.href} rel={rel} target={target} {...rest}>
          {children}
        </a>
      );
    return (
      <Link
        href={redirect ? redirect.location + hash : check.href}
        prefetch={prefetch}
        rel={rel}
        target={target}
        {...rest}
      >
        {children}
      </Link>
    );
  }
  const web = /^https?:/i.test(check.href);
  const inNewTab = web && newTab;
  const rels = web
    ? [...new Set([...(rel?.split(/\s+/).filter(Boolean) ?? []), "noopener", "noreferrer"])].join(" ")
    : rel;
  return (
    <a href={check.href} rel={rels} target={inNewTab ? "_blank" : target} {...rest}>
      {children}
      {inNewTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}

/** "/a?b=1#c" -> { path: "/a", query: "?b=1", hash: "#c" }; "#c" and "?b=1" have no path. */
function parts(href: string) {
  const hashAt = href.indexOf("#");
  const hash = hashAt === -1 ? "" : href.slice(hashAt);
  const noHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const queryAt = noHash.indexOf("?");
  return {
    path: queryAt === -1 ? noHash : noHash.slice(0, queryAt),
    query: queryAt === -1 ? "" : noHash.slice(queryAt),
    hash,
  };
}
