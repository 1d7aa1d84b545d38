import { NextResponse, type NextRequest } from "next/server";
import { slugExists } from "@/lib/catalog/slugs";

/**
 * Runs before the catalogue's dynamic pages. Those pages stream, so by the time a page could
 * call notFound() its 200 status is already sent; checking the slug here gives unknown
 * products and categories a true 404.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  const category = /^\/product-category\/([^/]+)\/?$/.exec(pathname);
  const missing =
    (product && !(await slugExists("products", decodeURIComponent(product[1]!)))) ||
    (category && !(await slugExists("categories", decodeURIComponent(category[1]!))));
  if (missing) {
    // An address no route matches renders the not-found page with status 404.
    return NextResponse.rewrite(new URL(`/_not-found${pathname}`, request.url), { status: 404 });
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/product/:slug", "/product-category/:slug"],
};
