import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { loadArticles, loadInfoPage, relatedArticles, toMeta, type Article, type ArticleMeta, type InfoPage } from "@/lib/content/load";
import type { InfoPageSlug } from "@/lib/content/info-pages";

/*
 * Content is read from disk, so it can be cached and prerendered at build time: it only
 * changes with a deploy. The tag lets a future editor hook expire it without one.
 */
export const CONTENT_TAG = "content";

export async function getArticles(): Promise<ArticleMeta[]> {
  "use cache";
  cacheLife("days");
  cacheTag(CONTENT_TAG);
  return loadArticles().map(toMeta);
}

export async function getArticle(slug: string): Promise<{ article: Article; related: ArticleMeta[] } | null> {
  "use cache";
  cacheLife("days");
  cacheTag(CONTENT_TAG);
  const all = loadArticles();
  const article = all.find((a) => a.slug === slug);
  if (!article) return null;
  return { article, related: relatedArticles(all.map(toMeta), article) };
}

export async function getInfoPage(slug: InfoPageSlug): Promise<InfoPage> {
  "use cache";
  cacheLife("days");
  cacheTag(CONTENT_TAG);
  return loadInfoPage(slug);
}
