import manifest from "@/content/redirects.json";
import { createRedirectMatcher, validateRules } from "@/lib/routing/redirects";

/**
 * The shop's redirect rules (content/redirects.json), checked and compiled once per process.
 * Imported into the bundle at build time, so a bad manifest fails the build, not a request.
 */
export const REDIRECT_RULES = validateRules(manifest);

export const matchRedirect = createRedirectMatcher(REDIRECT_RULES);
