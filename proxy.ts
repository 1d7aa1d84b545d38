import { NextResponse, type NextRequest } from "next/server";
import { refuseHostileRequest } from "@/lib/api/boundary";
import { unavailableFailure } from "@/lib/api/failures";
import { errorResponse } from "@/lib/api/handler";
import { categoryLastPage, knownFabrics, renamedCategory, renamedProduct, slugExists } from "@/lib/catalog/slugs";
import { canonicalViewSlug, categoryRoute, isBelowCategory } from "@/lib/catalog/category-view";
import { contentPathMissing, infoPageRedirect } from "@/lib/content/routing";
import { matchRedirect } from "@/lib/routing/manifest";
import { affiliateRedirect } from "@/lib/cart/affiliate";
import { gateEnabled } from "@/lib/auth/site-gate";
import { ACCOUNT_PAGE, accountGuard, adminGuard, gateScreenWithoutGate, orderGuard, siteGate } from "@/lib/auth/guards";
import { ADMIN_PAGE } from "@/lib/admin/paths";
import { ACCOUNT_ORDER_PAGE, CHECKOUT_ORDER_PAGE } from "@/lib/orders/urls";

/**
 * Runs before pages and calls, in this order:
 * 0. text no parameter may hold (NUL, a lone surrogate) in the address, the query or a cookie is
 *    a 400 (lib/api/boundary.ts), before anything reads it;
 * 1. redirects from content/redirects.json (lib/routing/manifest.ts). First, even before the
 *    gate: a redirect reveals nothing private (its target is a public address, and the gate or
 *    guard there still applies), and an old link shared by marketers lands on its new address
 *    before the gate, so the visitor who gives the password is already on the right page.
 *    A retired category or product address is redirected, not a 404. An external target is a
 *    real HTTP redirect; a client-side navigation to it fails its RSC fetch (cross-origin, and
 *    the CSP's connect-src) and Next falls back to a full navigation, which follows it.
 * 2. an affiliate link's ?coupon=CODE: kept for the visit in an httpOnly cookie, and the page
 *    reloaded without it (lib/cart/affiliate.ts), so the page is the same for every visitor;
 * 3. the site gate, when SITE_PASSWORD is set: only the Site Login screen until it is given;
 * 4. the account guard: account pages need a session, an order page its owner or key; the back
 *    office (/admin) a member of staff of the page's role, and for anyone else it does not exist;
 * 5. a category's former slug (changed in the back office) is a 308 to its address now; unknown
 *    catalogue slugs and content paths get a true 404. Those pages stream, so by the
 *    time a page could call notFound() its 200 status is already sent; an information page asked
 *    for under another leading slug is sent to its one address (lib/content/routing.ts);
 * 6. a category page is rewritten to its cached view: the query, in its one canonical form, as
 *    the route's last segment, or, for a price range or several fabrics, to the route rendered on
 *    each request; a page past the last is sent to the last (lib/catalog/category-view.ts). Under
 *    those routes, only a canonical view of a known category is not a 404.
 * Without a gate, any other request leaves after a map lookup and a few regular-expression tests.
 */
export async function proxy(request: NextRequest) {
  try {
    return await guard(request);
  } catch (err) {
    // The guards and the slug check read the database; while it is out of reach the answer is a
    // 503 the browser or a crawler may retry, not a bare 500.
    const unavailable = unavailableFailure(err);
    if (!unavailable) throw err;
    return errorResponse(unavailable, { "Retry-After": String(unavailable.data.retryAfter) });
  }
}

async function guard(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  const hostile = refuseHostileRequest(request);
  if (hostile) return errorResponse(hostile.error, hostile.headers);

  const redirect = matchRedirect(pathname, search);
  if (redirect) return NextResponse.redirect(new URL(redirect.location, request.url), redirect.status);

  if (!pathname.startsWith("/api/")) {
    const affiliate = affiliateRedirect(request);
    if (affiliate) return affiliate;
  }

  const gate = gateEnabled() ? siteGate(request) : gateScreenWithoutGate(request);
  if (gate) return gate;

  if (ACCOUNT_PAGE.test(pathname)) return accountGuard(request);
  if (ADMIN_PAGE.test(pathname)) return adminGuard(request);
  const order = ACCOUNT_ORDER_PAGE.exec(pathname);
  if (order) return orderGuard(request, order[1]!);
  const checkoutOrder = CHECKOUT_ORDER_PAGE.exec(pathname);
  if (checkoutOrder) return orderGuard(request, checkoutOrder[1]!, { loginWithoutKey: false });

  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  const category = /^\/product-category\/([^/]+)\/?$/.exec(pathname);
  if (category && !(await slugExists("categories", decodeSlug(category[1]!)))) {
    // A category whose slug staff changed keeps its old address, for links and search engines.
    const now = await renamedCategory(decodeSlug(category[1]!));
    if (now) return NextResponse.redirect(new URL(`/product-category/${now}${search}`, request.url), 308);
  }
  if (product && !(await slugExists("products", decodeSlug(product[1]!)))) {
    // So does a product's.
    const now = await renamedProduct(decodeSlug(product[1]!));
    if (now) return NextResponse.redirect(new URL(`/product/${now}${search}`, request.url), 308);
  }
  const missing =
    (product && !(await slugExists("products", decodeSlug(product[1]!)))) ||
    (category && !(await slugExists("categories", decodeSlug(category[1]!)))) ||
    (isBelowCategory(pathname) && !(await canonicalViewOfCategory(pathname, search))) ||
    contentPathMissing(pathname, request.nextUrl.searchParams);
  if (missing) {
    // An address no route matches renders the not-found page with status 404.
    return NextResponse.rewrite(new URL(`/_not-found${pathname}`, request.url), { status: 404 });
  }
  const info = infoPageRedirect(pathname);
  if (info) return NextResponse.redirect(new URL(info + search, request.url), 308);
  const view = await categoryRoute(pathname, request.nextUrl.searchParams, categoryLastPage, await knownFabrics());
  if (view && "redirect" in view) return NextResponse.redirect(new URL(view.redirect, request.url));
  if (view) return NextResponse.rewrite(new URL(view.rewrite, request.url));
  return NextResponse.next();
}

async function canonicalViewOfCategory(pathname: string, search: string): Promise<boolean> {
  const slug = canonicalViewSlug(pathname, search, await knownFabrics());
  return slug !== null && (await slugExists("categories", decodeSlug(slug)));
}

/** A malformed escape ("%E0%A4%A") names nothing: a 404, not a 500. */
function decodeSlug(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

export const config = {
  /*
   * Everything but the build's files, the drawn pictures and the payment providers' calls and
   * returns, because the gate must see every page and call. It cannot be narrowed by configuration:
   * Next reads the matcher at build time, while SITE_PASSWORD is read at run time. The skipped
   * folders are lib/routing/proxy-scope.ts's, spelt out here because Next reads only a literal
   * (test/proxy.test.ts holds the two to each other); the gate lets through the same ones.
   * Calls are matched apart: one whose body is declared at 100 000 bytes or more skips the proxy,
   * because for a proxy Next receives the whole upload before anything runs, and route() refuses
   * such a body (every call's limit is lower; lib/api/body.ts) before it is read.
   */
  matcher: [
    "/((?!_next/static/|images/products/|images/generated/|media/|favicon\\.ico$|checkout/payjustnow/|checkout/finchoice/|api/).*)",
    { source: "/api/((?!payments/).*)", missing: [{ type: "header", key: "content-length", value: "[1-9]\\d{5,}" }] },
  ],
};
