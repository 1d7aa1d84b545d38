import { isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { serverEnv } from "@/lib/config/env";
import { log } from "@/lib/observability/log";
import { isDraining } from "@/lib/ops/lifecycle";
import { pingRedis } from "@/lib/ops/redis-ping";

const PROBE_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function databaseAnswers(): Promise<boolean> {
  try {
    const db = await withTimeout(getDb(), "the database");
    await withTimeout(db.execute(sql`select 1`), "the database");
    return true;
  } catch (err) {
    log.warn("ready", "not ready: the database does not answer", err);
    return false;
  }
}

async function redisAnswers(url: string | undefined): Promise<boolean> {
  if (!url) return true;
  const ok = await pingRedis(url, PROBE_TIMEOUT_MS);
  if (!ok) log.warn("ready", "not ready: Redis (REDIS_URL) does not answer PING");
  return ok;
}

/**
 * Whether this process should get traffic: not stopping, its database answers and, when
 * REDIS_URL is set, Redis does. What failed goes to the log, never to the caller.
 */
export async function isReady(): Promise<boolean> {
  if (isDraining()) return false;
  const [database, redis] = await Promise.all([databaseAnswers(), redisAnswers(serverEnv().REDIS_URL)]);
  return database && redis && !isDraining();
}

/** The outbox's backlog as readiness reports it: messages waiting to be sent, and those that failed. */
export type MailBacklog = { unsent: number; failed: number; oldest_unsent_minutes: number | null };

/**
 * What waits in the outbox (read from its index of unsent messages): a shop without SMTP_URL, or
 * whose mail server refuses, shows it here rather than in a customer's call. It does not decide
 * readiness: a process whose mail is late still serves pages and orders. Null when the database
 * does not answer in time.
 */
export async function mailBacklog(): Promise<MailBacklog | null> {
  try {
    const db = await withTimeout(getDb(), "the database");
    const [row] = await withTimeout(
      db
        .select({
          unsent: sql<number | string>`count(*) filter (where ${mailOutbox.error} is null)`,
          failed: sql<number | string>`count(*) filter (where ${mailOutbox.error} is not null)`,
          oldestSeconds: sql<
            number | string | null
          >`extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.error} is null))`,
        })
        .from(mailOutbox)
        .where(isNull(mailOutbox.sentAt)),
      "the database",
    );
    const oldest = row?.oldestSeconds == null ? null : Math.floor(Number(row.oldestSeconds) / 60);
    return { unsent: Number(row?.unsent ?? 0), failed: Number(row?.failed ?? 0), oldest_unsent_minutes: oldest };
  } catch (err) {
    log.warn("ready", "the outbox's backlog could not be read", err);
    return null;
  }
}
