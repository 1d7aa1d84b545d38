import "server-only";
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { adminAudit, customers, type AdminAuditEntry } from "@/lib/db/schema";
import type { AdminContext } from "@/lib/admin/guard";
import { shopDayEnd, shopDayStart } from "@/lib/orders/bank-transfer-hold";

export type AuditInput = {
  /** Null: the shop's own change (a scheduled job), written as by "the shop". */
  staffId: number | null;
  /** What was done, as a verb phrase: "order.mark-paid", "staff.promote". */
  action: string;
  /** What it was done to: "order", "product", "coupon"… */
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  ip: string;
};

/** Who an entry names when the shop changed something itself. */
export const SHOP_AUTHOR = "the shop";

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);

/** Of two records, only the fields that differ, so an entry shows what changed and nothing else. */
export function changedFields(before: unknown, after: unknown): { before: unknown; after: unknown } {
  if (!isPlain(before) || !isPlain(after)) return { before: before ?? null, after: after ?? null };
  const b: Plain = {};
  const a: Plain = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}

/**
 * Logs one back-office change. Call it with the transaction that makes the change, so the change
 * and its entry are written together or not at all.
 */
export async function recordAudit(tx: Db, input: AuditInput): Promise<void> {
  const { before, after } = changedFields(input.before, input.after);
  await tx.insert(adminAudit).values({
    staffId: input.staffId,
    staffEmail: sql`coalesce((select ${customers.email} from ${customers} where ${customers.id} = ${input.staffId}), ${input.staffId === null ? SHOP_AUTHOR : ""})`,
    action: input.action,
    entity: input.entity,
    entityId: String(input.entityId),
    before: before ?? null,
    after: after ?? null,
    ip: input.ip,
  });
}

/**
 * The back office's lists of other people's personal data (names, e-mail and postal addresses,
 * phone numbers), as the audit log names them.
 */
export type PersonalDataList =
  | "orders"
  | "overdue_orders"
  | "newsletter_subscribers"
  | "giveaway_entries"
  | "contact_messages"
  | "swatch_requests"
  | "reviews"
  | "staff";

export type ListRead = {
  list: PersonalDataList;
  /** The filter as given (search words, state, page…); empty ones are left out. */
  filter: Record<string, string | number | undefined>;
  /** How many people's rows were served. */
  rows: number;
};

/**
 * Logs one bulk read of other people's personal data: a list page, a JSON list or an export. One
 * entry a read, whatever its size (who, which list, the filter, how many rows), never the rows.
 */
export async function auditListRead(
  ctx: AdminContext,
  read: ListRead,
  kind: "read" | "export" = "read",
): Promise<void> {
  const filter = Object.fromEntries(Object.entries(read.filter).filter(([, v]) => v !== undefined && v !== ""));
  await recordAudit(ctx.db, {
    staffId: ctx.staff.id,
    ip: ctx.ip,
    action: kind === "export" ? "export.csv" : "list.read",
    entity: read.list,
    entityId: "",
    after: { filter, rows: read.rows },
  });
}

export type AuditPage = { entries: AdminAuditEntry[]; total: number; page: number; pages: number };

export const AUDIT_PAGE_SIZE = 50;

/** The log's filters: what kind of record, who (part of their e-mail address), and days in South African time. */
export type AuditFilter = {
  page?: number;
  entity?: string;
  entityId?: string;
  who?: string;
  from?: string;
  to?: string;
};

export async function auditEntries(db: Db, opts: AuditFilter = {}): Promise<AuditPage> {
  const page = Math.max(1, opts.page ?? 1);
  const conditions: SQL[] = [];
  if (opts.entity) conditions.push(eq(adminAudit.entity, opts.entity));
  if (opts.entity && opts.entityId) conditions.push(eq(adminAudit.entityId, opts.entityId));
  if (opts.who)
    conditions.push(sql`${adminAudit.staffEmail} ilike ${`%${opts.who.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (opts.from) conditions.push(gte(adminAudit.createdAt, shopDayStart(opts.from)));
  if (opts.to) conditions.push(lt(adminAudit.createdAt, shopDayEnd(opts.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(adminAudit)
    .where(where)) as [{ total: number }];
  const entries = await db
    .select()
    .from(adminAudit)
    .where(where)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { entries, total, page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}

/** The kinds of record the log holds entries for, for its filter. */
export async function auditedKinds(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: adminAudit.entity }).from(adminAudit).orderBy(asc(adminAudit.entity));
  return rows.map((r) => r.entity);
}
