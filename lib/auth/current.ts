import "server-only";
import { cookies } from "next/headers";
import { getDb } from "@/lib/db/client";
import { readSession, type SignedIn } from "@/lib/auth/session";
import { COOKIE } from "@/lib/http/cookie-names";

/**
 * The signed-in customer of the page being rendered, or null. Reads the request's cookies, so a
 * caller renders per request (inside <Suspense> with cacheComponents) and never at build time.
 */
export async function currentCustomer(): Promise<SignedIn | null> {
  const token = (await cookies()).get(COOKIE.session)?.value;
  if (!token) return null;
  return readSession(await getDb(), token);
}
