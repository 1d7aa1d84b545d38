/**
 * Front matter: the `---` block of YAML at the top of a content file, read by gray-matter. The
 * loaders check its fields against their schemas, so a typo fails the build naming the file; here
 * a block that is not closed, not YAML, or not a set of "key: value" pairs does the same.
 */
import matter from "gray-matter";

export type FrontMatter = Record<string, unknown>;

export class FrontMatterError extends Error {
  constructor(message: string, file?: string) {
    super(file ? `${file}: ${message}` : message);
    this.name = "FrontMatterError";
  }
}

/** An unquoted YAML date is a Date to gray-matter; the schemas read dates as "YYYY-MM-DD". */
function plainValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, "");
  if (Array.isArray(value)) return value.map(plainValue);
  return value;
}

/** Splits a file into its front matter and its body. A file without front matter has `{}`. */
export function parseFrontMatter(source: string, file?: string): { data: FrontMatter; body: string } {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  // Only a bare `---` opens front matter: gray-matter would run a `---js` block through eval.
  if (!text.startsWith("---\n")) return { data: {}, body: text };
  if (!/\n---(\n|$)/.test(text.slice(3))) throw new FrontMatterError("front matter is not closed with ---", file);
  let parsed: { data: unknown; content: string };
  try {
    parsed = matter(text, { language: "yaml" });
  } catch (err) {
    const reason = err instanceof Error ? err.message.split("\n")[0] : String(err);
    throw new FrontMatterError(`front matter is not valid YAML: ${reason}`, file);
  }
  const data = parsed.data;
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new FrontMatterError('front matter must be "key: value" lines', file);
  const out: FrontMatter = Object.create(null) as FrontMatter;
  for (const [key, value] of Object.entries(data)) out[key] = plainValue(value);
  return { data: out, body: parsed.content };
}
