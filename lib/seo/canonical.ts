import { publicEnv } from "@/lib/config/public";

/**
 * The query parameters a canonical link keeps (a whitelist from public
 * configuration). Everything else — utm_*, fbclid, gclid, a variation choice — is dropped, so
 * every shared link points search engines at one address.
 */
export function canonicalWhitelist(): string[] {
  return [...publicEnv().NEXT_PUBLIC_CANONICAL_PARAMS];
}

export function canonicalPath(
  pathname: string,
  params: URLSearchParams | Record<string, string | string[] | undefined>,
  whitelist: readonly string[] = canonicalWhitelist(),
): string {
  const source = params instanceof URLSearchParams ? params : toSearchParams(params);
  const kept = new URLSearchParams();
  for (const name of [...whitelist].sort()) {
    const value = source.get(name);
    // A first page is the page itself: ?page=1 is not a second address for it.
    if (value === null || value === "" || (name === "page" && value === "1")) continue;
    kept.set(name, value);
  }
  const path = pathname === "/" ? "/" : pathname.replace(/\/+$/, "");
  const qs = kept.toString();
  return qs ? `${path}?${qs}` : path;
}

function toSearchParams(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(record)) {
    if (Array.isArray(v)) v.forEach((x) => out.append(k, x));
    else if (v !== undefined) out.set(k, v);
  }
  return out;
}
