import { ApiError } from "@/lib/api/errors";
import { SITE } from "@/lib/config/site";
import { serverEnv } from "@/lib/config/env";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Gateways' servers post notifications, and gateways send the shopper's browser back with a
 * form post from their own site; both are verified by signature or change nothing.
 */
const PROVIDER_CALLBACK = /^\/api\/payments\/[^/]+\/(notify|return)\/?$/;

export function originCheckApplies(method: string, pathname: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase()) && pathname.startsWith("/api/") && !PROVIDER_CALLBACK.test(pathname);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The request's own origin (as Next sees it, and as the browser addressed it) and the configured site. */
function sameOrigins(request: Request): Set<string> {
  const url = new URL(request.url);
  const origins = [url.origin, originOf(serverEnv().SITE_URL), originOf(SITE.canonicalUrl)];
  const host = request.headers.get("host");
  if (host) origins.push(`${url.protocol}//${host}`);
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const forwardedHost = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? host;
  if (forwardedProto && forwardedHost) origins.push(`${forwardedProto}://${forwardedHost}`);
  return new Set(origins.filter((o): o is string => Boolean(o)).map((o) => o.toLowerCase()));
}

export const crossSiteRequest = () =>
  new ApiError(403, "cross_site_request", "This call only accepts requests from the shop's own pages");

/**
 * A browser says where a call comes from (Origin, Sec-Fetch-Site); a state-changing call from
 * another site's page is refused, so a shopper's cookies cannot be used by that page. A call
 * with neither header is not a browser's (a server, an app client of the API) and goes on.
 */
export function crossSiteRefusal(request: Request): ApiError | null {
  if (!originCheckApplies(request.method, new URL(request.url).pathname)) return null;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return crossSiteRequest();
  const origin = request.headers.get("origin");
  if (origin !== null && !sameOrigins(request).has(origin.trim().toLowerCase())) return crossSiteRequest();
  return null;
}
