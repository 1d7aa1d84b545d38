import "server-only";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { contactMessages, giveawayEntries, newsletterSubscribers, swatchRequests } from "@/lib/db/schema";
import { fabricNames } from "@/lib/swatches/service";
import { listFabrics } from "@/lib/catalog/queries";
import { ApiError } from "@/lib/api/errors";
import { campaigns } from "@/lib/giveaways/campaigns";
import { csvFile, EXPORT_LIMIT, phoneColumn, timeColumn, type CsvFile } from "@/lib/admin/csv";
import { likePattern, pageWindow, PER_PAGE, type Audit, type Page } from "@/lib/admin/change";

export type SubscriberFilter = { q?: string; state?: "subscribed" | "unsubscribed"; page?: number };
export type EntryFilter = { q?: string; campaign?: string; page?: number };
export type MessageFilter = { q?: string; state?: "open" | "handled"; page?: number };
export type SwatchFilter = { q?: string; state?: "waiting" | "posted"; page?: number };

export type Subscriber = typeof newsletterSubscribers.$inferSelect;
export type GiveawayEntry = typeof giveawayEntries.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type SwatchRequest = typeof swatchRequests.$inferSelect;
/** A request as the back office lists it: with the names of the fabrics it chose. */
export type SwatchRequestRow = SwatchRequest & { fabricNames: string[] };

type Listing<F> = { where: (f: F) => SQL | undefined };

async function page<T>(
  db: Db,
  table: typeof newsletterSubscribers | typeof giveawayEntries | typeof contactMessages | typeof swatchRequests,
  where: SQL | undefined,
  order: SQL[],
  requested: number,
): Promise<Page<T>> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table).where(where);
  const win = pageWindow(requested, Number(total));
  const rows = (await db
    .select()
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(PER_PAGE)
    .offset(win.offset)) as T[];
  return { rows, total: Number(total), page: win.page, pageCount: win.pageCount, perPage: PER_PAGE };
}

const subscribers: Listing<SubscriberFilter> = {
  where: (f) =>
    and(
      f.q?.trim()
        ? or(
            ilike(newsletterSubscribers.email, likePattern(f.q.trim())),
            ilike(newsletterSubscribers.consentSource, likePattern(f.q.trim())),
          )
        : undefined,
      f.state === "subscribed"
        ? isNull(newsletterSubscribers.unsubscribedAt)
        : f.state === "unsubscribed"
          ? isNotNull(newsletterSubscribers.unsubscribedAt)
          : undefined,
    ),
};

const entries: Listing<EntryFilter> = {
  where: (f) => {
    const q = f.q?.trim();
    return and(
      f.campaign ? eq(giveawayEntries.campaign, f.campaign) : undefined,
      q
        ? or(
            ilike(giveawayEntries.name, likePattern(q)),
            ilike(giveawayEntries.email, likePattern(q)),
            ilike(giveawayEntries.phone, likePattern(q)),
            ilike(giveawayEntries.province, likePattern(q)),
          )
        : undefined,
    );
  },
};

const messages: Listing<MessageFilter> = {
  where: (f) => {
    const q = f.q?.trim();
    return and(
      q
        ? or(
            ilike(contactMessages.name, likePattern(q)),
            ilike(contactMessages.email, likePattern(q)),
            ilike(contactMessages.phone, likePattern(q)),
            ilike(contactMessages.message, likePattern(q)),
          )
        : undefined,
      f.state === "open"
        ? isNull(contactMessages.handledAt)
        : f.state === "handled"
          ? isNotNull(contactMessages.handledAt)
          : undefined,
    );
  },
};

const subscriberOrder = () => [desc(newsletterSubscribers.consentAt), desc(newsletterSubscribers.id)];
const entryOrder = () => [desc(giveawayEntries.createdAt), desc(giveawayEntries.id)];
const messageOrder = () => [desc(contactMessages.createdAt), desc(contactMessages.id)];

/** Newsletter subscribers, newest consent first, with where and when they gave it. */
export function listSubscribers(db: Db, f: SubscriberFilter = {}): Promise<Page<Subscriber>> {
  return page(db, newsletterSubscribers, subscribers.where(f), subscriberOrder(), f.page ?? 1);
}

/** Giveaway entries, newest first; one campaign's with `campaign`. */
export function listGiveawayEntries(db: Db, f: EntryFilter = {}): Promise<Page<GiveawayEntry>> {
  return page(db, giveawayEntries, entries.where(f), entryOrder(), f.page ?? 1);
}

/** Contact messages, newest first. */
export function listContactMessages(db: Db, f: MessageFilter = {}): Promise<Page<ContactMessage>> {
  return page(db, contactMessages, messages.where(f), messageOrder(), f.page ?? 1);
}

/** The campaigns, with how many entries each has. */
export async function campaignCounts(db: Db): Promise<Array<{ slug: string; title: string; entries: number }>> {
  const rows = await db
    .select({ campaign: giveawayEntries.campaign, n: count() })
    .from(giveawayEntries)
    .groupBy(giveawayEntries.campaign);
  const counts = new Map(rows.map((r) => [r.campaign, Number(r.n)]));
  return campaigns().map((c) => ({ slug: c.slug, title: c.title, entries: counts.get(c.slug) ?? 0 }));
}

export async function countOpenMessages(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt));
  return Number(row?.n ?? 0);
}

/** Marks a message handled (by whom, when), or open again. */
export async function markMessageHandled(
  db: Db,
  id: number,
  handled: boolean,
  staffId: number,
  audit: Audit,
  now = new Date(),
): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
    if (!before) throw new ApiError(404, "message_not_found", "Message not found");
    const [after] = await tx
      .update(contactMessages)
      .set(
        handled
          ? { handledAt: before.handledAt ?? now, handledBy: before.handledBy ?? staffId }
          : { handledAt: null, handledBy: null },
      )
      .where(eq(contactMessages.id, id))
      .returning();
    await audit(tx, {
      action: handled ? "message.handled" : "message.reopened",
      entity: "contact_message",
      entityId: String(id),
      before: { handledAt: before.handledAt, handledBy: before.handledBy },
      after: { handledAt: after!.handledAt, handledBy: after!.handledBy },
    });
    return after!;
  });
}

export async function subscribersCsv(db: Db, f: SubscriberFilter = {}): Promise<CsvFile> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(subscribers.where(f))
    .orderBy(...subscriberOrder())
    .limit(EXPORT_LIMIT);
  return csvFile<Subscriber>(
    [
      { header: "Email", value: (r) => r.email },
      { header: "Consent source", value: (r) => r.consentSource },
      timeColumn("Consent given at", (r) => r.consentAt),
      timeColumn("Unsubscribed at", (r) => r.unsubscribedAt),
    ],
    rows,
  );
}

export async function giveawayEntriesCsv(db: Db, f: EntryFilter = {}): Promise<CsvFile> {
  const rows = await db
    .select()
    .from(giveawayEntries)
    .where(entries.where(f))
    .orderBy(...entryOrder())
    .limit(EXPORT_LIMIT);
  return csvFile<GiveawayEntry>(
    [
      { header: "Campaign", value: (r) => r.campaign },
      { header: "Name", value: (r) => r.name },
      { header: "Email", value: (r) => r.email },
      phoneColumn("Phone", (r) => r.phone),
      { header: "Province", value: (r) => r.province },
      timeColumn("Entered at", (r) => r.createdAt),
    ],
    rows,
  );
}

export async function contactMessagesCsv(db: Db, f: MessageFilter = {}): Promise<CsvFile> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(messages.where(f))
    .orderBy(...messageOrder())
    .limit(EXPORT_LIMIT);
  return csvFile<ContactMessage>(
    [
      timeColumn("Received at", (r) => r.createdAt),
      { header: "Name", value: (r) => r.name },
      { header: "Email", value: (r) => r.email },
      phoneColumn("Phone", (r) => r.phone),
      { header: "Message", value: (r) => r.message },
      timeColumn("Handled at", (r) => r.handledAt),
    ],
    rows,
  );
}

const swatches: Listing<SwatchFilter> = {
  where: (f) => {
    const q = f.q?.trim();
    return and(
      q
        ? or(
            ilike(swatchRequests.firstName, likePattern(q)),
            ilike(swatchRequests.lastName, likePattern(q)),
            ilike(swatchRequests.email, likePattern(q)),
            ilike(swatchRequests.city, likePattern(q)),
            ilike(swatchRequests.postcode, likePattern(q)),
          )
        : undefined,
      f.state === "waiting"
        ? isNull(swatchRequests.postedAt)
        : f.state === "posted"
          ? isNotNull(swatchRequests.postedAt)
          : undefined,
    );
  },
};
const swatchOrder = () => [desc(swatchRequests.createdAt), desc(swatchRequests.id)];

/** Free swatch requests, newest first; `waiting` are the envelopes still to post. */
export async function listSwatchRequests(db: Db, f: SwatchFilter = {}): Promise<Page<SwatchRequestRow>> {
  const [found, range] = await Promise.all([
    page<SwatchRequest>(db, swatchRequests, swatches.where(f), swatchOrder(), f.page ?? 1),
    listFabrics(db),
  ]);
  return { ...found, rows: found.rows.map((r) => ({ ...r, fabricNames: fabricNames(range, r.fabrics) })) };
}

export async function countWaitingSwatches(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(swatchRequests).where(isNull(swatchRequests.postedAt));
  return Number(row?.n ?? 0);
}

/** Marks a request's envelope posted (by whom, when), or waiting again. */
export async function markSwatchesPosted(
  db: Db,
  id: number,
  posted: boolean,
  staffId: number,
  audit: Audit,
  now = new Date(),
): Promise<SwatchRequest> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(swatchRequests).where(eq(swatchRequests.id, id)).for("update");
    if (!before) throw new ApiError(404, "swatch_request_not_found", "Swatch request not found");
    const [after] = await tx
      .update(swatchRequests)
      .set(
        posted
          ? { postedAt: before.postedAt ?? now, postedBy: before.postedBy ?? staffId }
          : { postedAt: null, postedBy: null },
      )
      .where(eq(swatchRequests.id, id))
      .returning();
    await audit(tx, {
      action: posted ? "swatches.posted" : "swatches.waiting",
      entity: "swatch_request",
      entityId: String(id),
      before: { postedAt: before.postedAt, postedBy: before.postedBy },
      after: { postedAt: after!.postedAt, postedBy: after!.postedBy },
    });
    return after!;
  });
}

/** A postal label's lines: who, and where. */
export function swatchAddress(r: SwatchRequest): string {
  return [`${r.firstName} ${r.lastName}`, r.streetAddress1, r.streetAddress2, `${r.city}, ${r.postcode}`, r.province]
    .filter(Boolean)
    .join("\n");
}

export async function swatchRequestsCsv(db: Db, f: SwatchFilter = {}): Promise<CsvFile> {
  const range = await listFabrics(db);
  const rows = await db
    .select()
    .from(swatchRequests)
    .where(swatches.where(f))
    .orderBy(...swatchOrder())
    .limit(EXPORT_LIMIT);
  return csvFile<SwatchRequest>(
    [
      timeColumn("Requested at", (r) => r.createdAt),
      { header: "Fabrics", value: (r) => fabricNames(range, r.fabrics).join(", ") },
      { header: "Name", value: (r) => `${r.firstName} ${r.lastName}` },
      { header: "Email", value: (r) => r.email },
      phoneColumn("Phone", (r) => r.phone),
      { header: "Street address", value: (r) => r.streetAddress1 },
      { header: "Address line 2", value: (r) => r.streetAddress2 },
      { header: "City", value: (r) => r.city },
      { header: "Postcode", value: (r) => r.postcode },
      { header: "Province", value: (r) => r.province },
      timeColumn("Posted at", (r) => r.postedAt),
    ],
    rows,
  );
}
