import "server-only";
import { cookies } from "next/headers";
import { connection } from "next/server";
import { getDb } from "@/lib/db/client";
import { readSession, type SignedIn } from "@/lib/auth/session";
import { COOKIE } from "@/lib/http/cookie-names";

/**
 * The signed-in customer of the page being rendered, or null. Reads the request's cookies, so a
 * caller renders per request (inside <Suspense> with cacheComponents) and never at build time.
 * Unsealing the session reads the clock, which a prerender (even one with the cookies at hand)
 * must not: connection() keeps it to the request itself.
 */
export async function currentCustomer(): Promise<SignedIn | null> {
  await connection();
  const token = (await cookies()).get(COOKIE.session)?.value;
  if (!token) return null;
  return readSession(await getDb(), token);
}
