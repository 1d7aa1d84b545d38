import { NextResponse, type NextRequest } from "next/server";
import { COOKIE } from "@/lib/http/cookie-names";
import { cookieSecure } from "@/lib/auth/session";

/**
 * A partner's link carries ?coupon=CODE. The server keeps the code for the visit in an httpOnly
 * cookie and tries it first whenever the cart changes and has no coupon; the page itself never
 * reads it, so catalogue pages stay the same for everyone and stay cached.
 */
export const AFFILIATE_COOKIE = COOKIE.affiliate;
export const AFFILIATE_PARAM = "coupon";

const CODE = /^[A-Z0-9][A-Z0-9_-]{0,63}$/;

/** The code as stored (upper case), or null for anything that cannot be a code. */
export function affiliateCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase() ?? "";
  return CODE.test(code) ? code : null;
}

/**
 * For a page address with ?coupon=: a redirect to the same address without it, setting the
 * visit's cookie when the code is well formed. Null for any other address.
 */
export function affiliateRedirect(request: NextRequest): NextResponse | null {
  const { searchParams } = request.nextUrl;
  if (!searchParams.has(AFFILIATE_PARAM)) return null;
  const code = affiliateCode(searchParams.get(AFFILIATE_PARAM));
  const clean = request.nextUrl.clone();
  clean.searchParams.delete(AFFILIATE_PARAM);
  const res = NextResponse.redirect(clean, 307);
  res.headers.set("Cache-Control", "private, no-store");
  if (code)
    res.cookies.set(AFFILIATE_COOKIE, code, { httpOnly: true, sameSite: "lax", secure: cookieSecure(), path: "/" });
  return res;
}
