import "server-only";
import { and, gt, like, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { addressGroup } from "@/lib/api/client-ip";

export type Limit = { limit: number; windowSeconds: number };
export type Hit = { allowed: boolean; retryAfter: number; count: number };

/**
 * The key of every limit that counts a network address: `scope` and the address's group, an IPv4
 * address or an IPv6 address's /64 (one subscriber is given a whole /64 and can use any address in
 * it, so counting full IPv6 addresses gives each of them a fresh limit).
 */
export function addressKey(scope: string, ip: string): string {
  return `${scope}:address:${addressGroup(ip)}`;
}

/**
 * A fixed-window counter in the database, so every app process shares it. One atomic upsert per
 * check: a window that has passed starts again at 1.
 */
export async function hit(db: Db, key: string, { limit, windowSeconds }: Limit): Promise<Hit> {
  const resetAt = new Date(Date.now() + windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const retryAfter = Math.max(1, Math.ceil((row!.resetAt.getTime() - Date.now()) / 1000));
  return { allowed: row!.count <= limit, retryAfter, count: row!.count };
}

/** The 429 of a key over its limit, naming when to try again. */
export function rateLimited(what: string, retryAfter: number): ApiError {
  const minutes = Math.ceil(retryAfter / 60);
  return new ApiError(
    429,
    "rate_limited",
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfter },
  );
}

/** Throws a 429 naming when to try again once `key` is over its limit. */
export async function enforce(db: Db, key: string, limit: Limit, what = "requests"): Promise<void> {
  const r = await hit(db, key, limit);
  if (!r.allowed) throw rateLimited(what, r.retryAfter);
}

/**
 * Counts an attempt before its outcome is known, so parallel attempts cannot all slip under the
 * limit; `release` gives the count back when the attempt turns out not to count (a success). An
 * attempt refused here is given back at once: only attempts that ran are counted.
 */
export async function reserve(db: Db, key: string, limit: Limit): Promise<Hit> {
  const r = await hit(db, key, limit);
  if (!r.allowed) await release(db, key);
  return r;
}

export async function release(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(sql`${rateLimits.key} = ${key}`, gt(rateLimits.count, 0)));
}

/** The count of a key in its current window, without adding to it. */
export async function peek(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(sql`${rateLimits.key} = ${key}`, gt(rateLimits.resetAt, sql`now()`)));
  return row?.count ?? 0;
}

/** Forget a key's count. */
export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Forget every key that starts with `prefix` (made of letters, digits, ':' and '.' only). */
export async function resetPrefix(db: Db, prefix: string): Promise<void> {
  if (!/^[A-Za-z0-9:./-]+$/.test(prefix)) throw new Error("resetPrefix: the prefix must not hold LIKE wildcards");
  await db.delete(rateLimits).where(like(rateLimits.key, `${prefix}%`));
}
