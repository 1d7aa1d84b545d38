import { articlePage, loadArticles } from "@/lib/content/load";

/*
 * Journal paths that do not exist, decided in proxy.ts before a page streams: once streaming
 * starts its 200 is sent, and notFound() can only render the not-found page under it.
 * (Information pages need no check: only their nine names match a route.)
 * Content changes only with a deploy, so the list of articles is read once per process.
 */
let slugs: { articles: Set<string>; count: number } | null = null;

function articles() {
  if (!slugs) {
    const all = loadArticles();
    slugs = { articles: new Set(all.map((a) => a.slug)), count: all.length };
  }
  return slugs;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function contentPathMissing(pathname: string, search: URLSearchParams): boolean {
  const article = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (article) return !articles().articles.has(decode(article[1]!) ?? "");
  if (/^\/blog\/?$/.test(pathname) && search.has("page")) {
    const raw = search.get("page") ?? "";
    return !/^\d{1,4}$/.test(raw) || articlePage(Array.from({ length: articles().count }), Number(raw)) === null;
  }
  return false;
}
