import fs from "node:fs";
import path from "node:path";
import { SWATCHES } from "@/lib/swatches/rules";
import { seedProducts } from "@/lib/catalog/seed-data";
import { DELIVERY_TIME } from "@/lib/delivery/config";
import { PROMISES } from "@/lib/config/site";
import { bankTransferHoldConfig } from "@/lib/orders/bank-transfer-hold";
import { GIVEAWAY_TERMS } from "@/lib/giveaways/terms";
import { articlePage, fillVars, loadArticles, loadInfoPages, parseArticle, readingMinutes, relatedArticles, toMeta } from "@/lib/content/load";
import { blocksToText, sections, type Block, type Inline } from "@/lib/content/markdown";
import { INFO_PAGES } from "@/lib/content/info-pages";

function links(blocks: Block[]): string[] {
  const fromInline = (nodes: Inline[]): string[] =>
    nodes.flatMap((n) => (n.type === "link" ? [n.href, ...fromInline(n.children)] : n.type === "strong" || n.type === "em" ? fromInline(n.children) : []));
  return blocks.flatMap((b) =>
    b.type === "heading" || b.type === "paragraph" ? fromInline(b.children) : b.type === "list" ? b.items.flatMap(fromInline) : b.type === "quote" ? links(b.children) : [],
  );
}

const articles = loadArticles();
const pages = loadInfoPages();
const productSlugs = new Set(seedProducts.map((p) => p.slug));
const categorySlugs = new Set(["couches", "sleeper-couches", "ottomans", "bed-frames"]);

/** The shop's own pages the copy may link to (each a folder of app/(shop), checked below). */
const SHOP_PAGES = new Set(["/fabric-swatches"]);

/** Every internal link in the content leads to a page that exists. */
function expectLinksResolve(hrefs: string[]) {
  for (const href of hrefs) {
    if (!href.startsWith("/")) continue;
    const [, first, second] = href.split(/[/?#]/);
    if (first === "product") expect(productSlugs).toContain(second);
    else if (first === "product-category") expect(categorySlugs).toContain(second);
    else if (first === "blog") expect(articles.map((a) => a.slug)).toContain(second);
    else if (first === "info") expect(INFO_PAGES.map((p) => p.slug)).toContain(second);
    else if (!SHOP_PAGES.has(href.split(/[?#]/)[0]!)) throw new Error(`unexpected link ${href}`);
  }
}

describe("the journal", () => {
  test("has at least six articles, newest first, each with a cover, excerpt and reading time", () => {
    expect(articles.length).toBeGreaterThanOrEqual(6);
    expect(articles.map((a) => a.date)).toEqual([...articles.map((a) => a.date)].sort().reverse());
    for (const a of articles) {
      expect(a.cover.src).toBe(`/images/generated/blog/${a.slug}.svg`);
      expect(a.description.length).toBeGreaterThan(40);
      expect(a.words).toBeGreaterThan(400);
      expect(a.readingMinutes).toBe(readingMinutes(a.words));
      expect(a.blocks.some((b) => b.type === "heading")).toBe(true);
    }
  });

  test("articles link into the catalogue, and every link resolves", () => {
    for (const a of articles) {
      const hrefs = links(a.blocks);
      expect(hrefs.some((h) => h.startsWith("/product"))).toBe(true);
      expectLinksResolve(hrefs);
      for (const p of a.products) expect(productSlugs).toContain(p);
    }
  });

  test("no headline shouts", () => {
    for (const a of articles) {
      expect(a.title).not.toContain("!");
      for (const b of a.blocks) if (b.type === "heading") expect(blocksToText([b])).not.toContain("!");
    }
  });

  test("related articles share tags and never include the article itself", () => {
    const metas = articles.map(toMeta);
    for (const a of metas) {
      const related = relatedArticles(metas, a);
      expect(related).toHaveLength(3);
      expect(related.map((r) => r.slug)).not.toContain(a.slug);
      expect(related[0]!.tags.some((t) => a.tags.includes(t))).toBe(true);
    }
  });

  test("pages of six", () => {
    const first = articlePage(articles, 1)!;
    expect(first.items).toHaveLength(Math.min(6, articles.length));
    expect(first.pageCount).toBe(Math.ceil(articles.length / 6));
    expect(articlePage(articles, first.pageCount + 1)).toBeNull();
    expect(articlePage(articles, 0)).toBeNull();
    expect(articlePage(articles, 1.5)).toBeNull();
  });

  test("bad front matter names the file and the field", () => {
    const src = "---\ntitle: Hi\ndescription: short\ndate: 12 May\nauthor: A\ntags: []\ncover: moon\ncoverFabric: Tartan\ncoverAlt: x\n---\nBody";
    expect(() => parseArticle("x", src, "content/blog/x.md")).toThrow(/content\/blog\/x\.md: title: .*date: .*cover: .*coverFabric/s);
  });

  test("drafts are left out", () => {
    const src = [
      "---",
      "title: A draft article",
      "description: A description long enough to pass the forty character check.",
      "date: 2026-01-01",
      "author: Someone",
      "tags: [couches]",
      "cover: care",
      "coverFabric: Oat",
      "coverAlt: An oat couch in a lounge",
      "draft: true",
      "---",
      "Words.",
    ].join("\n");
    expect(parseArticle("draft", src)).toBeNull();
  });
});

test("the shop's pages the copy links to exist", () => {
  for (const href of SHOP_PAGES) expect(fs.existsSync(path.join("app/(shop)", href, "page.tsx"))).toBe(true);
});

describe("the information pages", () => {
  test("all nine exist with a title and description, and their links resolve", () => {
    expect(pages.map((p) => p.slug)).toEqual(INFO_PAGES.map((p) => p.slug));
    for (const p of pages) {
      expect(p.title.length).toBeGreaterThan(2);
      expect(p.blocks.length).toBeGreaterThan(0);
      expectLinksResolve(links(p.blocks));
    }
  });

  test("the FAQ has seven questions, each answered", () => {
    const faq = sections(pages.find((p) => p.slug === "faqs")!.blocks);
    expect(faq.sections).toHaveLength(7);
    for (const s of faq.sections) {
      expect(blocksToText([s.heading])).toMatch(/\?$/);
      expect(blocksToText(s.body).length).toBeGreaterThan(60);
    }
  });

  test("the copy states the shop's claims from configuration", () => {
    const text = (slug: string) => blocksToText(pages.find((p) => p.slug === slug)!.blocks);
    expect(text("about-us")).toMatch(/45 years/);
    expect(text("about-us")).toMatch(/locally|South African workshops|own workshops/i);
    expect(text("shipping-and-returns")).toContain(`within ${DELIVERY_TIME}`);
    expect(text("shipping-and-returns")).toContain(`within ${PROMISES.returnDays} days of receiving it`);
    expect(text("payment-methods")).toContain(`We hold your order for ${bankTransferHoldConfig().holdDays} days`);
    expect(text("terms-and-conditions")).toContain(`claim the prize within ${GIVEAWAY_TERMS.claimWithinDays} days`);
    expect(text("terms-and-conditions")).toMatch(/18 years or older/);
    expect(text("terms-and-conditions")).toMatch(/lifetime frame guarantee/i);
    const privacy = text("privacy-policy");
    for (const heading of ["What we collect", "Why we use it", "How long we keep it", "Your rights"]) expect(privacy).toContain(heading);
    expect(privacy).toMatch(/POPIA/);
    const payments = text("payment-methods");
    for (const name of ["PayFast", "bank transfer", "FinChoice", "PayJustNow", "Ozow"]) expect(payments).toContain(name);
    expect(payments).toMatch(/3 to 12 months/);
    expect(payments).toMatch(/three interest-free payments/);
    // The swatches the copy promises are as many as the request form takes.
    expect(text("faqs")).toContain(`swatches of up to ${SWATCHES.maxFabrics} fabrics`);
    expect(text("our-fabrics")).toContain(`we will post up to ${SWATCHES.maxFabrics}, free of charge`);
  });

  test("placeholders come from configuration and unknown ones fail", () => {
    expect(fillVars("{{email}} / {{ deliveryTime }}", "x.md")).toBe(`hello@kaya-living.example / ${DELIVERY_TIME}`);
    for (const unknown of ["{{nope}}", "{{deliveryDays}}", "{{constructor}}"])
      expect(() => fillVars(unknown, "x.md")).toThrow(/x\.md: unknown placeholder/);
  });
});
