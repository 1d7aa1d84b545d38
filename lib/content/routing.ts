import { SITE, infoPath } from "@/lib/config/site";
import { INFO_PAGES } from "@/lib/content/info-pages";
import { articlePage, loadArticles } from "@/lib/content/load";

/*
 * Journal paths that do not exist, decided in proxy.ts before a page streams: once streaming
 * starts its 200 is sent, and notFound() can only render the not-found page under it.
 * (Information pages need no check: only their nine names under SITE.infoSlug match a route.)
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

/**
 * First segments whose own routes take any second one: /blog/faqs is an article's address and
 * /saved/faqs a saved list's, never an information page's. (routing.test.ts holds this to app/.)
 */
export const SEGMENTS_WITH_OWN_CHILDREN: ReadonlySet<string> = new Set([
  "api",
  "blog",
  "product",
  "product-category",
  "saved",
]);

const INFO_PAGE_NAMES: ReadonlySet<string> = new Set(INFO_PAGES.map((p) => p.slug));
const TWO_SEGMENTS = /^\/([^/]+)\/([^/]+)\/?$/;

/**
 * Where an information page asked for under another leading slug (/kaya/faqs, an old link) lives,
 * or null. Such addresses are sent on, not served, so no spelling of a page is a page of its own.
 */
export function infoPageRedirect(pathname: string): string | null {
  const m = TWO_SEGMENTS.exec(pathname);
  if (!m || !INFO_PAGE_NAMES.has(m[2]!)) return null;
  if (m[1] === SITE.infoSlug || SEGMENTS_WITH_OWN_CHILDREN.has(m[1]!)) return null;
  return infoPath(m[2]!);
}
