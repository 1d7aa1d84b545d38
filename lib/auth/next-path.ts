/** Where a visitor goes after signing in or creating an account, when nothing else is asked for. */
export const AFTER_SIGN_IN = "/my-account";

/** The account forms themselves: going back to one after signing in would be a loop. */
const ACCOUNT_FORM = /^\/(?:login|create-account)(?:\/|$)/;

const MAX_LENGTH = 2048;

/**
 * The `next` parameter of the sign-in and create-account pages as a path on this site, or the
 * fallback. It is parsed as a browser parses it, against the site's origin, and kept only when it
 * lands on that origin. The path handed on is checked again: "/.//x" and "/%2e//x" resolve to the
 * path "//x", which a browser following it reads as the site x.
 */
export function safeNextPath(next: unknown, origin: string, fallback = AFTER_SIGN_IN): string {
  if (typeof next !== "string" || next === "" || next.length > MAX_LENGTH) return fallback;
  let site: string;
  let url: URL;
  try {
    site = new URL(origin).origin;
    url = new URL(next, site);
  } catch {
    return fallback;
  }
  if (url.origin !== site || ACCOUNT_FORM.test(url.pathname)) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//") || new URL(path, site).origin !== site) return fallback;
  return path;
}
