import type { Metadata } from "next";
import { SITE } from "@/lib/config/site";

/**
 * A page's Open Graph block. Next replaces the layout's openGraph rather than merging it,
 * so the site-wide fields are repeated here.
 */
export function openGraph(og: { title: string; description: string; path: string; type?: "website" | "article"; extra?: Record<string, unknown> }): Metadata["openGraph"] {
  return {
    type: og.type ?? "website",
    locale: SITE.ogLocale,
    siteName: SITE.name,
    title: og.title,
    description: og.description,
    url: og.path,
    ...(og.extra ?? {}),
  } as Metadata["openGraph"];
}
