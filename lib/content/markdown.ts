/**
 * The Markdown our articles and pages are written in, parsed to a small tree that React
 * renders (components/content/markdown.tsx). No HTML passes through: raw tags are text, and
 * links keep only safe destinations, so content cannot inject script whatever it contains.
 *
 * Supported: headings (# to ####; # and ## both become h2, the page owns h1), paragraphs,
 * - and 1. lists, > quotes, --- rules, **strong**, *em* / _em_, `code`, [links](/path),
 * and backslash escapes. A link to another site must be marked, [words](https://…){external};
 * unmarked, or with a dangerous protocol, it is refused and its words stay (lib/routing/links).
 */
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

const PUNCTUATION = /[\\`*_[\]()#+\-.!>~|{}]/;

/** Index of the closing `delim` at or after `from`, skipping escapes and code spans. */
function findClose(src: string, delim: string, from: number): number {
  for (let i = from; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "`") {
      const end = src.indexOf("`", i + 1);
      if (end !== -1) i = end;
      continue;
    }
    if (src.startsWith(delim, i)) {
      // `*` must not be half of a `**`, and a closing delimiter must follow text, not space.
      if (delim === "*" && (src[i + 1] === "*" || src[i - 1] === "*")) {
        if (src[i + 1] === "*") i++;
        continue;
      }
      if (i > from && !/\s/.test(src[i - 1]!)) return i;
    }
  }
  return -1;
}

/** The `]` that closes the `[` at `open`, allowing nested brackets. */
function closingBracket(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") i++;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) return i;
  }
  return -1;
}

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let buf = "";
  const flush = () => {
    if (buf) out.push({ type: "text", value: buf });
    buf = "";
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === "\\" && next !== undefined && PUNCTUATION.test(next)) {
      buf += next;
      i++;
      continue;
    }
    if (c === "`") {
      const end = src.indexOf("`", i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: "code", value: src.slice(i + 1, end) });
        i = end;
        continue;
      }
    }
    if (c === "*" && next === "*" && src[i + 2] && !/\s/.test(src[i + 2]!)) {
      const end = findClose(src, "**", i + 2);
      if (end !== -1) {
        flush();
        out.push({ type: "strong", children: parseInline(src.slice(i + 2, end)) });
        i = end + 1;
        continue;
      }
    }
    const wordBefore = i > 0 && /[\p{L}\p{N}]/u.test(src[i - 1]!);
    if ((c === "*" || (c === "_" && !wordBefore)) && next && !/\s/.test(next) && next !== c) {
      const end = findClose(src, c, i + 1);
      const wordAfter = c === "_" && end !== -1 && /[\p{L}\p{N}]/u.test(src[end + 1] ?? "");
      if (end !== -1 && !wordAfter) {
        flush();
        out.push({ type: "em", children: parseInline(src.slice(i + 1, end)) });
        i = end;
        continue;
      }
    }
    if (c === "[") {
      const close = closingBracket(src, i);
      if (close !== -1 && src[close + 1] === "(") {
        const end = src.indexOf(")", close + 2);
        if (end !== -1) {
          const label = parseInline(src.slice(i + 1, close));
          const marked = src.startsWith(EXTERNAL_MARK, end + 1);
          const target = linkTarget(src.slice(close + 2, end), marked);
          flush();
          if (target) out.push({ type: "link", ...target, children: label });
          else out.push(...label);
          i = marked ? end + EXTERNAL_MARK.length : end;
          continue;
        }
      }
    }
    buf += c;
  }
  flush();
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  const ids = new Map<string, number>();
  let para: string[] = [];

  const flushPara = () => {
    if (para.length) blocks.push({ type: "paragraph", children: parseInline(para.join(" ")) });
    para = [];
  };
  const uniqueId = (text: string) => {
    const base = slugify(text) || "section";
    const n = (ids.get(base) ?? 0) + 1;
    ids.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (!trimmed) {
      flushPara();
      continue;
    }
    const heading = /^(#{1,4})\s+(.+?)\s*#*\s*$/.exec(trimmed);
    if (heading) {
      flushPara();
      const depth = Math.max(2, heading[1]!.length) as 2 | 3 | 4;
      const children = parseInline(heading[2]!);
      blocks.push({ type: "heading", depth, id: uniqueId(plainText(children)), children });
      continue;
    }
    if (/^(-{3,}|\*{3,}|_{3,})$/.test(trimmed)) {
      flushPara();
      blocks.push({ type: "rule" });
      continue;
    }
    if (trimmed.startsWith(">")) {
      flushPara();
      const quoted: string[] = [];
      while (i < lines.length && lines[i]!.trim().startsWith(">")) {
        quoted.push(lines[i]!.trim().replace(/^>\s?/, ""));
        i++;
      }
      i--;
      blocks.push({ type: "quote", children: parseMarkdown(quoted.join("\n")) });
      continue;
    }
    const bullet = /^([-*+]|\d{1,3}[.)])\s+/;
    const first = bullet.exec(trimmed);
    if (first) {
      flushPara();
      const ordered = /\d/.test(first[1]!);
      const items: string[] = [];
      while (i < lines.length) {
        const l = lines[i]!;
        const m = bullet.exec(l.trim());
        if (m && /\d/.test(m[1]!) === ordered && !/^\s{4,}/.test(l)) items.push(l.trim().slice(m[0].length));
        else if (l.trim() && /^\s+/.test(l) && items.length) items[items.length - 1] += ` ${l.trim()}`;
        else break;
        i++;
      }
      i--;
      blocks.push({ type: "list", ordered, items: items.map(parseInline) });
      continue;
    }
    para.push(trimmed);
  }
  flushPara();
  return blocks;
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
