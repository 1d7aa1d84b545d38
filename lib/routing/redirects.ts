import { z } from "zod";

/**
 * Redirect rules from a manifest in the repo (content/redirects.json): exact paths and `:param`
 * patterns, permanent or not; an external target makes the browser leave the shop.
 */
export type RedirectRule = { from: string; to: string; permanent: boolean };
export type RedirectMatch = { location: string; status: 307 | 308; external: boolean };

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
/** `:name` inside a target. A port (`:8080`) or the scheme's `://` never matches. */
const TARGET_PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

type Pattern = { rule: RedirectRule; regex: RegExp; names: string[] };

const trimSlash = (path: string) => path.replace(/\/+$/, "") || "/";

function compile(rule: RedirectRule): Pattern {
  const names: string[] = [];
  const pattern = trimSlash(rule.from)
    .split("/")
    .map((seg) => {
      const m = PARAM.exec(seg);
      if (m) {
        names.push(m[1]!);
        return "([^/]+)";
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { rule, regex: new RegExp(`^${pattern === "/" ? "" : pattern}/?$`), names };
}

const isExternal = (to: string) => /^https?:\/\//i.test(to);

/**
 * The visitor's query (utm tags, affiliate codes) travels with them; a parameter the rule's
 * target sets itself wins.
 */
function withQuery(to: string, search: string): string {
  const incoming = new URLSearchParams(search);
  if (![...incoming.keys()].length) return to;
  const hashAt = to.indexOf("#");
  const hash = hashAt === -1 ? "" : to.slice(hashAt);
  const base = hashAt === -1 ? to : to.slice(0, hashAt);
  const queryAt = base.indexOf("?");
  const own = new URLSearchParams(queryAt === -1 ? "" : base.slice(queryAt + 1));
  for (const [key, value] of incoming) if (!own.has(key)) own.append(key, value);
  return `${queryAt === -1 ? base : base.slice(0, queryAt)}?${own.toString()}${hash}`;
}

/**
 * Compiled once (the proxy calls this at module load). Exact paths are a map lookup; patterns
 * are tried in manifest order after them, so an exact rule always beats a pattern.
 */
export function createRedirectMatcher(rules: RedirectRule[]) {
  const exact = new Map<string, RedirectRule>();
  const patterns: Pattern[] = [];
  for (const rule of rules) {
    if (rule.from.split("/").some((seg) => PARAM.test(seg))) patterns.push(compile(rule));
    else if (!exact.has(trimSlash(rule.from))) exact.set(trimSlash(rule.from), rule);
  }
  return (pathname: string, search = ""): RedirectMatch | null => {
    let rule = exact.get(trimSlash(pathname));
    let to = rule?.to;
    if (!rule) {
      for (const p of patterns) {
        const m = p.regex.exec(pathname);
        if (!m) continue;
        const values = new Map(p.names.map((name, i) => [name, m[i + 1]!]));
        rule = p.rule;
        to = p.rule.to.replace(TARGET_PARAM, (whole, name: string) => values.get(name) ?? whole);
        break;
      }
    }
    if (!rule || to === undefined) return null;
    return { location: withQuery(to, search), status: rule.permanent ? 308 : 307, external: isExternal(to) };
  };
}

const ruleSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    permanent: z.boolean().default(true),
    /** Why the rule exists (JSON has no comments); ignored by the matcher. */
    note: z.string().optional(),
  })
  .strict();

/** Checks a manifest and returns its rules; throws an Error naming the first bad rule. */
export function validateRules(input: unknown): RedirectRule[] {
  if (!Array.isArray(input)) throw new Error("redirects manifest must be an array");
  const seen = new Set<string>();
  return input.map((raw, i) => {
    const parsed = ruleSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`redirect ${i}: ${issue.path.join(".") || "rule"}: ${issue.message}`);
    }
    const { from, to, permanent } = parsed.data;
    const fail = (why: string): never => {
      throw new Error(`redirect ${i} (${from}): ${why}`);
    };
    if (!from.startsWith("/") || from.startsWith("//")) fail(`"from" must be a path starting with /`);
    if (/[?#\s\\]/.test(from)) fail(`"from" is a path only: no query, fragment, spaces or backslashes`);
    const names = from.split("/").flatMap((seg) => {
      if (seg.startsWith(":") && !PARAM.test(seg)) fail(`"from" has a malformed parameter "${seg}"`);
      return PARAM.exec(seg)?.[1] ?? [];
    });
    if (new Set(names).size !== names.length) fail(`"from" names a parameter twice`);
    if (/^(javascript|data|vbscript|file):/i.test(to.replace(/[\u0000-\u0020]/g, ""))) fail(`dangerous target`);
    if (isExternal(to)) {
      if (!URL.canParse(to)) fail(`"to" is not a valid URL`);
    } else if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
      fail(`"to" must be a path starting with / or an http(s) URL`);
    }
    const targetPath = isExternal(to) ? new URL(to).pathname : to.split(/[?#]/)[0]!;
    for (const [, name] of targetPath.matchAll(TARGET_PARAM))
      if (!names.includes(name!)) fail(`"to" uses :${name}, which "from" does not have`);
    const key = trimSlash(from).replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ":");
    if (seen.has(key)) fail(`another rule already redirects this path`);
    seen.add(key);
    return { from, to, permanent };
  });
}

/**
 * Rules whose internal target is itself redirected: a chain costs the visitor a round trip and a
 * loop never ends. Parameters are filled with a sample value to test the target.
 */
export function redirectChains(rules: RedirectRule[], sample = "sample-value"): string[] {
  const match = createRedirectMatcher(rules);
  const problems: string[] = [];
  for (const rule of rules) {
    if (isExternal(rule.to)) continue;
    const target = rule.to.replace(TARGET_PARAM, sample).split(/[?#]/)[0]!;
    const next = match(target);
    if (next)
      problems.push(
        `${rule.from} -> ${rule.to} -> ${next.location}${trimSlash(target) === trimSlash(rule.from.replace(TARGET_PARAM, sample)) ? " (a loop)" : ""}`,
      );
  }
  return problems;
}
