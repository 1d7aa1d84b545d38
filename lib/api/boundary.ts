import type { NextRequest } from "next/server";
import type { ApiError } from "@/lib/api/errors";
import { declaredLengthRefusal } from "@/lib/api/body";
import { crossSiteRefusal } from "@/lib/api/origin";
import { fieldError, isUnfitText, unfitText } from "@/lib/api/text";

/**
 * The edge every request crosses before any handler or page sees it: the proxy for pages (and
 * calls), route() for calls and the payment callbacks' wrappers for theirs. What cannot be
 * right is refused here, once: text no field may hold in the address, the query, a route
 * parameter or a cookie; a browser's cross-site state-changing call; a body declared too large.
 */
export type Refusal = { error: ApiError; headers?: Headers };

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~\w]+$/;

/** A cookie holding such text is refused and dropped, so the next request from that browser works. */
function cookieRefusal(request: NextRequest): Refusal | null {
  for (const { name, value } of request.cookies.getAll()) {
    if (!isUnfitText(value) && !isUnfitText(name)) continue;
    const error = fieldError(name, "This cookie contains a character that is not allowed");
    const headers = new Headers();
    if (COOKIE_NAME.test(name)) headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    return { error, headers };
  }
  return null;
}

function queryRefusal(request: NextRequest): Refusal | null {
  for (const [name, value] of request.nextUrl.searchParams) {
    if (isUnfitText(name) || isUnfitText(value)) return { error: unfitText(name) };
  }
  return null;
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape names nothing: the routes answer it with their own 404 (or Next's 400).
    return null;
  }
}

function pathRefusal(request: NextRequest): Refusal | null {
  for (const segment of request.nextUrl.pathname.split("/")) {
    const decoded = decodedSegment(segment);
    if (decoded !== null && isUnfitText(decoded)) return { error: unfitText("path") };
  }
  return null;
}

async function paramsRefusal(context: unknown): Promise<Refusal | null> {
  const holder = context as { params?: unknown } | null | undefined;
  if (!holder || typeof holder !== "object" || !("params" in holder)) return null;
  const params = (await holder.params) as Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(params ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === "string" && isUnfitText(v)) return { error: unfitText(name) };
    }
  }
  return null;
}

/** For pages, in the proxy: the address and the cookies. */
export function refuseHostileRequest(request: NextRequest): Refusal | null {
  return pathRefusal(request) ?? queryRefusal(request) ?? cookieRefusal(request);
}

/** For route handlers, before they run: also the origin, the declared body length and route parameters. */
export async function refuseAtBoundary(request: NextRequest, context: unknown): Promise<Refusal | null> {
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return { error: crossSite };
  const tooLarge = declaredLengthRefusal(request);
  if (tooLarge) return { error: tooLarge, headers: new Headers({ Connection: "close" }) };
  return queryRefusal(request) ?? cookieRefusal(request) ?? (await paramsRefusal(context));
}
