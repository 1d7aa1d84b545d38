/**
 * Reads the Markdown under content/: journal articles (content/blog) and the information pages
 * (content/pages). Plain Node, so the image script can read covers from the same front matter;
 * pages read through lib/content/data.ts, which caches.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { fabricByName } from "@/lib/catalog/fabrics";
import { seedFabrics } from "@/lib/catalog/seed-fabrics";
import { COVER_SCENES, coverSrc, type CoverScene } from "@/lib/content/cover-scenes";
import { FrontMatterError, parseFrontMatter } from "@/lib/content/frontmatter";
import { blocksToText, parseMarkdown, type Block } from "@/lib/content/markdown";
import { INFO_PAGES, type InfoPageSlug } from "@/lib/content/info-pages";
import { PROMISES, SITE } from "@/lib/config/site";
import { DELIVERY_TIME } from "@/lib/delivery/config";
import { bankTransferHoldConfig } from "@/lib/orders/bank-transfer-hold";
import { GIVEAWAY_TERMS } from "@/lib/giveaways/terms";
import { INSTALMENT_WORDS } from "@/lib/money/instalments";
import { SWATCHES } from "@/lib/swatches/rules";

export const WORDS_PER_MINUTE = 220;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "a lower-case slug");

// Strict: a misspelt optional field is an error, not silently ignored.
const articleSchema = z.strictObject({
  title: z.string().min(5).max(110),
  description: z.string().min(40).max(300),
  date: isoDate,
  updated: isoDate.optional(),
  author: z.string().min(2),
  tags: z.array(z.string().min(2)).min(1),
  products: z.array(slug).default([]),
  cover: z.enum(COVER_SCENES),
  coverFabric: z.string().refine((name) => !!fabricByName(seedFabrics, name), "a fabric from lib/catalog/seed-fabrics.ts"),
  coverAlt: z.string().min(10),
  draft: z.boolean().default(false),
});

const pageSchema = z.strictObject({
  title: z.string().min(3).max(80),
  description: z.string().min(40).max(300),
  kicker: z.string().optional(),
  updated: isoDate.optional(),
});

export type ArticleMeta = {
  slug: string;
  title: string;
  description: string;
  date: string;
  updated?: string;
  author: string;
  tags: string[];
  products: string[];
  cover: { scene: CoverScene; fabric: string; alt: string; src: string };
  readingMinutes: number;
  words: number;
};

export type Article = ArticleMeta & { blocks: Block[] };

export type InfoPage = {
  slug: InfoPageSlug;
  title: string;
  description: string;
  kicker?: string;
  updated?: string;
  blocks: Block[];
};

/**
 * Facts that live in code or configuration, written in content as {{name}} so copy never
 * contradicts them. A server setting is read only when a page names it.
 */
export const CONTENT_VARS: Record<string, string | (() => string)> = {
  siteName: SITE.name,
  email: SITE.email,
  phone: SITE.phone,
  phoneDigits: SITE.phone.replace(/[^\d+]/g, ""),
  years: String(PROMISES.yearsOfExperience),
  deliveryTime: DELIVERY_TIME,
  drawDays: String(GIVEAWAY_TERMS.drawWithinDays),
  claimDays: String(GIVEAWAY_TERMS.claimWithinDays),
  returnDays: String(PROMISES.returnDays),
  bankTransferHold: () => days(bankTransferHoldConfig().holdDays),
  instalmentTerm: INSTALMENT_WORDS.term,
  interestFreePayments: INSTALMENT_WORDS.interestFreePayments,
  interestFreeLater: INSTALMENT_WORDS.interestFreeLater,
  swatchFabrics: String(SWATCHES.maxFabrics),
};

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

export function fillVars(source: string, file: string, vars: typeof CONTENT_VARS = CONTENT_VARS): string {
  return source.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = Object.hasOwn(vars, name) ? vars[name] : undefined;
    if (value === undefined) throw new FrontMatterError(`unknown placeholder {{${name}}}`, file);
    return typeof value === "function" ? value() : value;
  });
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "front matter"}: ${i.message}`).join("; ");
}

export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

function countWords(blocks: Block[]): number {
  return blocksToText(blocks).split(/\s+/).filter(Boolean).length;
}

export function parseArticle(fileSlug: string, source: string, file = `${fileSlug}.md`): Article | null {
  const { data, body } = parseFrontMatter(fillVars(source, file), file);
  const parsed = articleSchema.safeParse(data);
  if (!parsed.success) throw new FrontMatterError(describe(parsed.error), file);
  const m = parsed.data;
  if (m.draft) return null;
  const blocks = parseMarkdown(body);
  const words = countWords(blocks);
  return {
    slug: fileSlug,
    title: m.title,
    description: m.description,
    date: m.date,
    ...(m.updated ? { updated: m.updated } : {}),
    author: m.author,
    tags: m.tags,
    products: m.products,
    cover: { scene: m.cover, fabric: m.coverFabric, alt: m.coverAlt, src: coverSrc(fileSlug) },
    readingMinutes: readingMinutes(words),
    words,
    blocks,
  };
}

/** Every published article, newest first. */
export function loadArticles(): Article[] {
  // Paths are spelled out from process.cwd() so the build traces content/ and nothing more.
  const files = fs.readdirSync(path.join(process.cwd(), "content", "blog")).filter((f) => f.endsWith(".md")).sort();
  const articles: Article[] = [];
  for (const f of files) {
    const fileSlug = f.slice(0, -3);
    if (!slug.safeParse(fileSlug).success) throw new FrontMatterError("file names must be lower-case slugs", f);
    const a = parseArticle(fileSlug, fs.readFileSync(path.join(process.cwd(), "content", "blog", f), "utf8"), `content/blog/${f}`);
    if (a) articles.push(a);
  }
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

export function loadInfoPage(pageSlug: InfoPageSlug): InfoPage {
  const file = `content/pages/${pageSlug}.md`;
  const { data, body } = parseFrontMatter(fillVars(fs.readFileSync(path.join(process.cwd(), "content", "pages", `${pageSlug}.md`), "utf8"), file), file);
  const parsed = pageSchema.safeParse(data);
  if (!parsed.success) throw new FrontMatterError(describe(parsed.error), file);
  const { title, description, kicker, updated } = parsed.data;
  return { slug: pageSlug, title, description, ...(kicker ? { kicker } : {}), ...(updated ? { updated } : {}), blocks: parseMarkdown(body) };
}

export function loadInfoPages(): InfoPage[] {
  return INFO_PAGES.map((p) => loadInfoPage(p.slug));
}

export function toMeta(a: Article): ArticleMeta {
  const { blocks: _blocks, ...meta } = a;
  void _blocks;
  return meta;
}

/** Articles that share the most tags with `article` (newest first among equals), never itself. */
export function relatedArticles(all: ArticleMeta[], article: Pick<ArticleMeta, "slug" | "tags">, count = 3): ArticleMeta[] {
  const tags = new Set(article.tags);
  return all
    .filter((a) => a.slug !== article.slug)
    .map((a) => ({ a, score: a.tags.filter((t) => tags.has(t)).length }))
    .sort((x, y) => y.score - x.score || y.a.date.localeCompare(x.a.date))
    .slice(0, count)
    .map((x) => x.a);
}

export const ARTICLES_PER_PAGE = 6;

export function articlePage<T>(all: T[], page: number, perPage = ARTICLES_PER_PAGE): { items: T[]; page: number; pageCount: number } | null {
  const pageCount = Math.max(1, Math.ceil(all.length / perPage));
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  return { items: all.slice((page - 1) * perPage, page * perPage), page, pageCount };
}
