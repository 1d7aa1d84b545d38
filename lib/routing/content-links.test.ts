import fs from "node:fs";
import path from "node:path";
import { setupTestDb } from "@/test/support/db";
import { loadArticles, loadInfoPages } from "@/lib/content/load";
import type { Block, Inline } from "@/lib/content/markdown";
import { matchRedirect } from "@/lib/routing/manifest";
import { pageExists } from "@/test/support/routing";

/*
 * Every link written in content/ survives the link checks (none silently turned into plain text:
 * another site must be marked {external}), and every shop path points at a page that exists,
 * directly rather than through a redirect.
 */
setupTestDb();

function linksIn(blocks: Block[]): Array<{ href: string; external: boolean }> {
  const inline = (nodes: Inline[]): Array<{ href: string; external: boolean }> =>
    nodes.flatMap((n) =>
      n.type === "link"
        ? [{ href: n.href, external: n.external }, ...inline(n.children)]
        : n.type === "strong" || n.type === "em"
          ? inline(n.children)
          : [],
    );
  return blocks.flatMap((b) => {
    switch (b.type) {
      case "heading":
      case "paragraph":
        return inline(b.children);
      case "list":
        return b.items.flatMap(inline);
      case "quote":
        return linksIn(b.children);
      case "rule":
        return [];
    }
  });
}

const rawLinkCount = (file: string) => (fs.readFileSync(file, "utf8").match(/\]\([^)\s]*\)/g) ?? []).length;

describe("links in content/", () => {
  const documents = [
    ...loadArticles().map((a) => ({ file: `content/blog/${a.slug}.md`, blocks: a.blocks })),
    ...loadInfoPages().map((p) => ({ file: `content/pages/${p.slug}.md`, blocks: p.blocks })),
  ];

  test("there is content to check", () => {
    expect(documents.length).toBeGreaterThan(10);
    expect(documents.flatMap((d) => linksIn(d.blocks)).length).toBeGreaterThan(20);
  });

  test("no link is refused (an outside address needs {external}; no dangerous protocol)", () => {
    for (const d of documents)
      expect([d.file, linksIn(d.blocks).length]).toEqual([d.file, rawLinkCount(path.join(process.cwd(), d.file))]);
  });

  test("every shop path is a page that exists, reached without a redirect", async () => {
    for (const d of documents) {
      for (const link of linksIn(d.blocks)) {
        if (link.external || link.href.startsWith("#")) continue;
        const where = `${d.file}: ${link.href}`;
        expect([where, matchRedirect(link.href.split(/[?#]/)[0]!)]).toEqual([where, null]);
        expect([where, await pageExists(link.href)]).toEqual([where, true]);
      }
    }
  });

  test("outside links are web addresses, mail or phone", () => {
    for (const d of documents) {
      for (const link of linksIn(d.blocks).filter((l) => l.external))
        expect([d.file, link.href]).toEqual([d.file, expect.stringMatching(/^(https:\/\/|mailto:|tel:)/)]);
    }
  });
});
