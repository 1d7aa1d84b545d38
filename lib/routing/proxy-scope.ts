/*
 * The addresses proxy.ts never runs for. Next reads the proxy's matcher when the shop is built, as
 * a literal, so proxy.ts spells it out; test/proxy.test.ts holds that literal to these lists, and the
 * site gate (lib/auth/site-gate.ts) lets through exactly these, so the two cannot disagree.
 *
 * Each entry is a regular expression for the start of the path after its first "/", and names a
 * whole folder ("…/") or one file ("…$"): a bare name would also skip "/images-x/about-us" or
 * "/favicon.ico.x/contact-us", which are pages' addresses the gate must see.
 */

/**
 * The build's files, the drawn and uploaded pictures (public, as the product pages showing them
 * are), and the pages payment providers send shoppers back to.
 */
export const UNPROXIED_PATHS = [
  "_next/static/",
  "images/products/",
  "images/generated/",
  "media/",
  "favicon\\.ico$",
  "checkout/payjustnow/",
  "checkout/finchoice/",
] as const;

/** Calls (under /api/) the proxy never sees: payment providers' notifications. */
export const UNPROXIED_CALLS = ["payments/"] as const;

const UNPROXIED = new RegExp(`^/(?:${UNPROXIED_PATHS.join("|")}|api/(?:${UNPROXIED_CALLS.join("|")}))`);

/**
 * Whether the proxy skips a path (a call with a body too large for any call skips it as well; it is
 * refused before it is read). Such a path passes the site gate by never reaching it.
 */
export function unproxied(pathname: string): boolean {
  return UNPROXIED.test(pathname);
}
