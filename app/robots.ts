import type { MetadataRoute } from "next";
import { SITE } from "@/lib/config/site";
import { PRIVATE_PATHS } from "@/lib/seo/sitemap";

export default function robots(): MetadataRoute.Robots {
  return {
    // Search results are endless variations of the catalogue's pages.
    rules: [{ userAgent: "*", allow: "/", disallow: [...PRIVATE_PATHS, "/search"] }],
    sitemap: `${SITE.canonicalUrl}/sitemap.xml`,
    host: SITE.canonicalUrl,
  };
}
