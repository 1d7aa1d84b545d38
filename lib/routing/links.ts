/**
 * Where a link may go: a path inside the shop, or an outside address only when
 * it is marked external, and never a dangerous protocol.
 */
export type LinkCheck =
  | { ok: true; href: string; external: boolean }
  | { ok: false; reason: "dangerous" | "external_not_allowed" | "invalid" };

const DANGEROUS = /^(javascript|data|vbscript|file):/i;

export function checkLink(href: string, opts: { external?: boolean; siteOrigin?: string } = {}): LinkCheck {
  // Browsers ignore tabs, newlines and leading spaces in a URL's scheme; so must we.
  const compact = href.replace(/[\u0000-\u0020\u007f]/g, "");
  if (!compact) return { ok: false, reason: "invalid" };
  if (DANGEROUS.test(compact)) return { ok: false, reason: "dangerous" };
  if (compact.startsWith("/") && !compact.startsWith("//") && !compact.startsWith("/\\"))
    return { ok: true, href, external: false };
  if (compact.startsWith("#") || compact.startsWith("?")) return { ok: true, href, external: false };
  let url: URL;
  try {
    url = new URL(
      compact.startsWith("//") || compact.startsWith("/\\") ? `https:${compact.replace(/^\/\\/, "//")}` : compact,
    );
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!["http:", "https:", "mailto:", "tel:"].includes(url.protocol)) return { ok: false, reason: "dangerous" };
  if (opts.siteOrigin && url.origin === new URL(opts.siteOrigin).origin) {
    return { ok: true, href: `${url.pathname}${url.search}${url.hash}`, external: false };
  }
  if (url.protocol === "mailto:" || url.protocol === "tel:") return { ok: true, href, external: true };
  return opts.external
    ? { ok: true, href: url.toString(), external: true }
    : { ok: false, reason: "external_not_allowed" };
}
