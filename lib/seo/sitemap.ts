import { SITE } from "@/lib/config/site";
import { INVITATION_PAGE } from "@/lib/admin/invitation-link";

export type SitemapEntry = {
  path: string;
  lastmod?: string;
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
};

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** A sitemaps.org urlset: absolute locations on the configured site URL, lastmod as a date. */
export function renderSitemap(entries: SitemapEntry[], base = SITE.canonicalUrl): string {
  const urls = entries.map((e) => {
    const parts = [`<loc>${escape(`${base}${e.path}`)}</loc>`];
    if (e.lastmod) parts.push(`<lastmod>${e.lastmod.slice(0, 10)}</lastmod>`);
    if (e.changefreq) parts.push(`<changefreq>${e.changefreq}</changefreq>`);
    if (e.priority !== undefined) parts.push(`<priority>${e.priority.toFixed(1)}</priority>`);
    return `  <url>${parts.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Pages that are for one shopper, not for search engines (robots.txt and noindex). */
export const PRIVATE_PATHS = [
  "/cart",
  "/checkout",
  "/my-account",
  "/api/",
  "/login",
  "/create-account",
  "/forgot-password",
  "/reset-password",
  "/newsletter/",
  "/admin",
  "/saved",
  "/back-in-stock/",
  INVITATION_PAGE,
];
