import { connection } from "next/server";
import { getDb } from "@/lib/db/client";
import { allProducts, listCategories } from "@/lib/catalog/queries";
import { getArticles } from "@/lib/content/data";
import { INFO_PAGES, canonicalInfoPath } from "@/lib/content/info-pages";
import { FREE_OTTOMAN } from "@/lib/coupons/free-ottoman";
import { renderSitemap, type SitemapEntry } from "@/lib/seo/sitemap";

/** Products, categories, articles and information pages, with lastmod. */
export async function GET() {
  await connection();
  const db = await getDb();
  const [products, categories, articles] = await Promise.all([allProducts(db), listCategories(db), getArticles()]);
  const newest = products.reduce((d, p) => (p.createdAt > d ? p.createdAt : d), "1970-01-01");
  const entries: SitemapEntry[] = [
    { path: "/", lastmod: newest, changefreq: "daily", priority: 1 },
    { path: "/product-category", lastmod: newest, changefreq: "weekly", priority: 0.8 },
    ...categories.map((c) => ({
      path: `/product-category/${c.slug}`,
      lastmod: newest,
      changefreq: "daily" as const,
      priority: 0.9,
    })),
    ...products.map((p) => ({
      path: `/product/${p.slug}`,
      lastmod: p.createdAt,
      changefreq: "weekly" as const,
      priority: 0.8,
    })),
    { path: "/blog", lastmod: articles[0]?.updated ?? articles[0]?.date, changefreq: "weekly", priority: 0.6 },
    ...articles.map((a) => ({
      path: `/blog/${a.slug}`,
      lastmod: a.updated ?? a.date,
      changefreq: "monthly" as const,
      priority: 0.6,
    })),
    ...INFO_PAGES.map((p) => ({ path: canonicalInfoPath(p.slug), changefreq: "yearly" as const, priority: 0.4 })),
    { path: "/eden-2-seater-giveaway", changefreq: "weekly", priority: 0.5 },
    { path: FREE_OTTOMAN.path, changefreq: "weekly", priority: 0.7 },
    { path: "/fabric-swatches", changefreq: "monthly", priority: 0.5 },
  ];
  return new Response(renderSitemap(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
