import type { Metadata } from "next";
import { SITE } from "@/lib/config/site";
import { canonicalPath } from "@/lib/seo/canonical";
import { DELIVERY_TIME } from "@/lib/delivery/config";

/** The shop's one-line description: the home page's, and any page's that has none of its own. */
export const SITE_DESCRIPTION = `Couches, sleeper couches, ottomans and bed frames, made in South Africa and delivered free nationwide within ${DELIVERY_TIME}. VAT included, lifetime frame guarantee.`;

/** Link previews are drawn at the size every network asks for. */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/** The generated preview images (app/og/...): one for the shop, and one per product, category and article. */
export const ogImagePath = {
  site: "/og.png",
  /** With its version (lib/seo/og-image.ts), the address of that drawing; without, it sends on to the current one. */
  product: (slug: string, version?: string) =>
    `/og/product/${encodeURIComponent(slug)}${version ? `/${encodeURIComponent(version)}` : ""}`,
  category: (slug: string) => `/og/category/${encodeURIComponent(slug)}`,
  article: (slug: string) => `/og/article/${encodeURIComponent(slug)}`,
};

export type PageSeo = {
  /** The page's own title, without the site name. Omitted on the home page. */
  title?: string;
  description?: string;
  /** The page's path, without the query. */
  path: string;
  /** The query the page was asked with; only whitelisted parameters reach the canonical link. */
  searchParams?: URLSearchParams | Record<string, string | string[] | undefined>;
  image?: { url: string; alt: string };
  /** Cart, checkout, account and one-off pages: kept out of search results. */
  noindex?: boolean;
};

/** The home page's title, and any page's that has none of its own. */
export const HOME_TITLE = SITE.tagline.replace(/\.$/, "");

/** "Couches | Kaya Living": page title, separator, site name. */
export function fullTitle(title: string = HOME_TITLE): string {
  return `${title} ${SITE.titleSeparator} ${SITE.name}`;
}

/**
 * A page's head: title, description, canonical link through the whitelist, Open Graph
 * (type website, locale, site name, description, image) and the twitter card. Next replaces a
 * layout's openGraph and twitter blocks rather than merging them, so every page states them all.
 */
export function pageMetadata(page: PageSeo): Metadata {
  const canonical = canonicalPath(page.path, page.searchParams ?? {});
  const description = page.description ?? SITE_DESCRIPTION;
  const title = fullTitle(page.title);
  const image = page.image ?? { url: ogImagePath.site, alt: `${SITE.name}: ${SITE.tagline}` };
  const images = [{ url: image.url, alt: image.alt, ...OG_SIZE }];
  return {
    title: { absolute: title },
    description,
    alternates: { canonical },
    openGraph: {
      type: "website",
      locale: SITE.ogLocale,
      siteName: SITE.name,
      title,
      description,
      url: canonical,
      images,
    },
    twitter: {
      card: "summary_large_image",
      ...(SITE.twitter ? { site: SITE.twitter } : {}),
      title,
      description,
      images,
    },
    ...(page.noindex ? { robots: { index: false, follow: false } } : {}),
  };
}

/** An absolute address on the shop, for structured data. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${SITE.canonicalUrl}/`).toString();
}
