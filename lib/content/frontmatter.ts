/**
 * Front matter: the `---` block at the top of a content file. Only the YAML our files use is
 * understood (strings, quoted or plain; true/false; [inline, lists] and "- item" lists), and
 * anything else is an error naming the line, so a typo fails the build instead of a page.
 */
export type FrontMatterValue = string | boolean | string[];
export type FrontMatter = Record<string, FrontMatterValue>;

export class FrontMatterError extends Error {
  constructor(message: string, file?: string) {
    super(file ? `${file}: ${message}` : message);
    this.name = "FrontMatterError";
  }
}

function unquote(raw: string, where: string): string {
  const s = raw.trim();
  if (s.startsWith('"')) {
    if (!s.endsWith('"') || s.length < 2) throw new FrontMatterError(`unterminated string ${where}`);
    try {
      return JSON.parse(s) as string;
    } catch {
      throw new FrontMatterError(`bad string ${where}`);
    }
  }
  if (s.startsWith("'")) {
    if (!s.endsWith("'") || s.length < 2) throw new FrontMatterError(`unterminated string ${where}`);
    return s.slice(1, -1).replace(/''/g, "'");
  }
  return s;
}

function scalar(raw: string, where: string): FrontMatterValue {
  const s = raw.trim();
  if (s === "true") return true;
  if (s === "false") return false;
  if (s.startsWith("[")) {
    if (!s.endsWith("]")) throw new FrontMatterError(`unterminated list ${where}`);
    const inner = s.slice(1, -1).trim();
    return inner ? inner.split(",").map((item) => unquote(item, where)) : [];
  }
  if (/^[{|>&*!%@`]/.test(s)) throw new FrontMatterError(`unsupported YAML ${where}`);
  return unquote(s, where);
}

/** Splits a file into its front matter and its body. A file without front matter has `{}`. */
export function parseFrontMatter(source: string, file?: string): { data: FrontMatter; body: string } {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!text.startsWith("---\n")) return { data: {}, body: text };
  const end = text.indexOf("\n---", 3);
  if (end === -1) throw new FrontMatterError("front matter is not closed with ---", file);
  const after = text.indexOf("\n", end + 4);
  const body = after === -1 ? "" : text.slice(after + 1);
  const lines = text.slice(4, end + 1).split("\n");
  const data: FrontMatter = {};
  let listKey: string | null = null;
  try {
    lines.forEach((line, i) => {
      const where = `on front matter line ${i + 2}`;
      if (!line.trim() || line.trim().startsWith("#")) return;
      const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
      if (item) {
        if (!listKey) throw new FrontMatterError(`list item without a key ${where}`);
        (data[listKey] as string[]).push(unquote(item[1]!, where));
        return;
      }
      const pair = /^([A-Za-z][\w-]*):(?:\s+(.*))?$/.exec(line);
      if (!pair) throw new FrontMatterError(`expected "key: value" ${where}`);
      const [, key, value] = pair as unknown as [string, string, string | undefined];
      if (key in data) throw new FrontMatterError(`"${key}" is given twice ${where}`);
      if (value === undefined || value.trim() === "") {
        data[key] = [];
        listKey = key;
      } else {
        data[key] = scalar(value, where);
        listKey = null;
      }
    });
  } catch (err) {
    if (err instanceof FrontMatterError && file) throw new FrontMatterError(err.message, file);
    throw err;
  }
  return { data, body };
}
