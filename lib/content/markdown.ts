/**
 * The Markdown our articles and pages are written in, read by marked's lexer into a small tree
 * that React renders on the server (components/content/markdown.tsx). No HTML passes through:
 * raw tags are text, and links keep only safe destinations, so content cannot inject script
 * whatever it contains.
 *
 * Kept: headings (# and ## both become h2, the page owns h1; #### and deeper are h4), paragraphs,
 * - and 1. lists, > quotes, --- rules, **strong**, *em* / _em_, `code`, [links](/path) and
 * backslash escapes; a code block becomes a paragraph of code, an image its alt text. A link to
 * another site must be marked, [words](https://…){external}; unmarked, or with a dangerous
 * protocol, it is refused and its words stay (lib/routing/links).
 */
import { Lexer, type Token, type Tokens } from "marked";
import { serverEnv } from "@/lib/config/env";
import { checkLink } from "@/lib/routing/links";

export type Inline =
  | { type: "text"; value: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; value: string }
  | { type: "link"; href: string; external: boolean; children: Inline[] };

export type Block =
  | { type: "heading"; depth: 2 | 3 | 4; id: string; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; items: Inline[][] }
  | { type: "quote"; children: Block[] }
  | { type: "rule" };

const EXTERNAL_MARK = "{external}";

/** A link's destination, or null when it is refused: shop paths, anchors, mail and phone, and other sites only when marked. */
export function linkTarget(href: string, external = false): { href: string; external: boolean } | null {
  const check = checkLink(href.trim(), { external, siteOrigin: serverEnv().SITE_URL });
  if (check.ok) return { href: check.href, external: check.external };
  if (serverEnv().NODE_ENV === "development") console.warn(`Markdown link refused: ${JSON.stringify(href)} (${check.reason})`);
  return null;
}

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// CommonMark without GitHub's extensions: no bare-address autolinks, tables or strikethrough.
const LEXER_OPTIONS = { gfm: false } as const;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
/** Text marked escaped for HTML output (inside raw tags); the tree holds plain text. */
const plain = (t: { text: string; escaped?: boolean }) => (t.escaped ? t.text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!) : t.text);

/** Inline nodes, with neighbouring text joined and soft line breaks read as spaces. */
class InlineBuilder {
  readonly nodes: Inline[] = [];
  private open = false;

  text(value: string): void {
    if (!value) return;
    const v = value.replace(/\n/g, " ");
    const last = this.nodes.at(-1);
    if (this.open && last?.type === "text") last.value += v;
    else this.nodes.push({ type: "text", value: v });
    this.open = true;
  }

  /** A node after which text starts afresh (a link, or a refused link's words). */
  push(...nodes: Inline[]): void {
    this.nodes.push(...nodes);
    this.open = false;
  }
}

function inlineNodes(tokens: Token[] = []): Inline[] {
  const out = new InlineBuilder();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case "text":
        if ("tokens" in t && t.tokens?.length) out.push(...inlineNodes(t.tokens));
        else out.text(plain(t as Tokens.Text));
        break;
      case "escape":
      case "html":
        out.text(t.text);
        break;
      case "br":
        out.text(" ");
        break;
      case "codespan":
        out.push({ type: "code", value: plain(t as Tokens.Codespan) });
        break;
      case "strong":
      case "em":
        out.push({ type: t.type, children: inlineNodes(t.tokens) });
        break;
      case "image":
        out.text(t.text);
        break;
      case "link": {
        const next = tokens[i + 1];
        const marked = next?.type === "text" && next.text.startsWith(EXTERNAL_MARK);
        if (marked) next.text = next.text.slice(EXTERNAL_MARK.length);
        const target = linkTarget(t.href, marked);
        const words = inlineNodes(t.tokens);
        if (target) out.push({ type: "link", ...target, children: words });
        else out.push(...words);
        break;
      }
      default:
        if ("text" in t && typeof t.text === "string") out.text(t.text);
    }
  }
  return out.nodes;
}

export function parseInline(src: string): Inline[] {
  return inlineNodes(Lexer.lexInline(src, LEXER_OPTIONS));
}

function blockNodes(tokens: Token[], uniqueId: (text: string) => string): Block[] {
  const blocks: Block[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case "heading": {
        const children = inlineNodes(t.tokens);
        blocks.push({ type: "heading", depth: Math.min(4, Math.max(2, t.depth)) as 2 | 3 | 4, id: uniqueId(plainText(children)), children });
        break;
      }
      case "paragraph":
        blocks.push({ type: "paragraph", children: inlineNodes(t.tokens) });
        break;
      case "text":
        blocks.push({ type: "paragraph", children: "tokens" in t && t.tokens ? inlineNodes(t.tokens) : parseInline(t.text) });
        break;
      case "list":
        blocks.push({ type: "list", ordered: t.ordered, items: (t as Tokens.List).items.map((item) => listItem(item)) });
        break;
      case "blockquote":
        blocks.push({ type: "quote", children: blockNodes(t.tokens ?? [], uniqueId) });
        break;
      case "hr":
        blocks.push({ type: "rule" });
        break;
      case "code":
        blocks.push({ type: "paragraph", children: [{ type: "code", value: t.text }] });
        break;
      case "html":
        // Raw HTML is shown as the text it is, never rendered.
        if (t.text.trim()) blocks.push({ type: "paragraph", children: [{ type: "text", value: t.text.trim() }] });
        break;
      default:
        // Blank lines ("space") and link definitions ("def") add nothing of their own.
        break;
    }
  }
  return blocks;
}

/** A list item's words, its paragraphs (a loose list's) joined by a space. */
function listItem(item: Tokens.ListItem): Inline[] {
  const out = new InlineBuilder();
  item.tokens.forEach((t, i) => {
    if (i > 0) out.text(" ");
    if (t.type === "text" || t.type === "paragraph") out.push(...inlineNodes("tokens" in t && t.tokens ? t.tokens : [t]));
    else if (t.type === "list") out.push(...(t as Tokens.List).items.flatMap((nested) => listItem(nested)));
    else if ("text" in t && typeof t.text === "string") out.text(t.text);
  });
  return out.nodes;
}

export function parseMarkdown(source: string): Block[] {
  const ids = new Map<string, number>();
  const uniqueId = (text: string) => {
    const base = slugify(text) || "section";
    const n = (ids.get(base) ?? 0) + 1;
    ids.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
  return blockNodes(new Lexer(LEXER_OPTIONS).lex(source.replace(/\r\n?/g, "\n")), uniqueId);
}

export function plainText(nodes: Inline[]): string {
  return nodes.map((n) => (n.type === "text" || n.type === "code" ? n.value : plainText(n.children))).join("");
}

/** The words of a document, for excerpts, reading time and JSON-LD answers. */
export function blocksToText(blocks: Block[]): string {
  return blocks
    .map((b) => {
      switch (b.type) {
        case "heading":
        case "paragraph":
          return plainText(b.children);
        case "list":
          return b.items.map(plainText).join("\n");
        case "quote":
          return blocksToText(b.children);
        case "rule":
          return "";
      }
    })
    .filter(Boolean)
    .join("\n\n");
}

/** Splits a document at its h2 headings: the FAQ's questions and their answers. */
export function sections(blocks: Block[]): { intro: Block[]; sections: Array<{ heading: Extract<Block, { type: "heading" }>; body: Block[] }> } {
  const intro: Block[] = [];
  const out: Array<{ heading: Extract<Block, { type: "heading" }>; body: Block[] }> = [];
  for (const b of blocks) {
    if (b.type === "heading" && b.depth === 2) out.push({ heading: b, body: [] });
    else if (out.length) out[out.length - 1]!.body.push(b);
    else intro.push(b);
  }
  return { intro, sections: out };
}
