/**
 * Redirect rules from a manifest in the repo (content/redirects.json): exact paths and `:param`
 * patterns, permanent or not; an external target makes the browser leave the shop.
 */
export type RedirectRule = { from: string; to: string; permanent: boolean };
export type RedirectMatch = { location: string; status: 301 | 302 | 307 | 308; external: boolean };

type Compiled = { rule: RedirectRule; regex: RegExp; names: string[] };

function compile(rule: RedirectRule): Compiled {
  const names: string[] = [];
  const pattern = rule.from
    .replace(/\/+$/, "")
    .split("/")
    .map((seg) => {
      const m = /^:([A-Za-z_][A-Za-z0-9_]*)$/.exec(seg);
      if (m) {
        names.push(m[1]!);
        return "([^/]+)";
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { rule, regex: new RegExp(`^${pattern || ""}/?$`), names };
}

export function createRedirectMatcher(rules: RedirectRule[]) {
  const compiled = rules.map(compile);
  return (pathname: string, search = ""): RedirectMatch | null => {
    for (const c of compiled) {
      const m = c.regex.exec(pathname);
      if (!m) continue;
      let to = c.rule.to;
      c.names.forEach((name, i) => {
        to = to.replaceAll(`:${name}`, m[i + 1]!);
      });
      const external = /^https?:\/\//i.test(to);
      // Query strings travel with the visitor (utm tags, affiliate codes) unless the rule sets its own.
      const location = search && !to.includes("?") ? `${to}${search}` : to;
      return { location, status: c.rule.permanent ? 308 : 307, external };
    }
    return null;
  };
}

export function validateRules(input: unknown): RedirectRule[] {
  if (!Array.isArray(input)) throw new Error("redirects manifest must be an array");
  return input.map((r, i) => {
    const rule = r as Partial<RedirectRule>;
    if (typeof rule.from !== "string" || !rule.from.startsWith("/")) throw new Error(`redirect ${i}: "from" must be a path starting with /`);
    if (typeof rule.to !== "string" || !(rule.to.startsWith("/") || /^https?:\/\//.test(rule.to))) throw new Error(`redirect ${i}: "to" must be a path or an http(s) URL`);
    if (/^(javascript|data|vbscript):/i.test(rule.to)) throw new Error(`redirect ${i}: dangerous target`);
    return { from: rule.from, to: rule.to, permanent: rule.permanent !== false };
  });
}
