import type { Db } from "@/lib/db/client";

/** One change made in the back office, as the audit log keeps it. */
export type Change = { action: string; entity: string; entityId: string; before: unknown; after: unknown };

/** Writes a change to the audit log inside the transaction that makes it. */
export type Audit = (tx: Db, change: Change) => Promise<void>;

export type Page<T> = { rows: T[]; total: number; page: number; pageCount: number; perPage: number };

export const PER_PAGE = 25;

/** The page asked for, held inside the pages there are. */
export function pageWindow(
  requested: number,
  total: number,
  perPage = PER_PAGE,
): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * perPage };
}

/** A search term for ILIKE, with its wildcards taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
