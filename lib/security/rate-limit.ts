import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";

export type Limit = { limit: number; windowSeconds: number };

/**
 * A fixed-window counter in the database, so every app process shares it. One atomic upsert per
 * check: a window that has passed starts again at 1.
 */
export async function hit(db: Db, key: string, { limit, windowSeconds }: Limit): Promise<{ allowed: boolean; retryAfter: number; count: number }> {
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

/** Throws a 429 naming when to try again once `key` is over its limit. */
export async function enforce(db: Db, key: string, limit: Limit, what = "requests"): Promise<void> {
  const r = await hit(db, key, limit);
  if (!r.allowed) {
    const minutes = Math.ceil(r.retryAfter / 60);
    throw new ApiError(429, "rate_limited", `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      retryAfter: r.retryAfter,
    });
  }
}

/** Forget a key's count (a successful sign-in clears its address's failures). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
