import "server-only";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { products, reviews, type Review } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { invalid } from "@/lib/forms/api-error";
import { reviewsChanged } from "@/lib/admin/revalidate";
import { likePattern, pageWindow, PER_PAGE, type Audit, type Page } from "@/lib/admin/change";

/** new: nobody has published or hidden it yet (held by REVIEWS_MODERATION=hold, or shown at once). */
export type ReviewState = "new" | "published" | "hidden";

export type ReviewFilter = { q?: string; state?: ReviewState; page?: number };

export type AdminReview = {
  id: number;
  productId: number;
  productSlug: string;
  productName: string;
  name: string;
  email: string;
  title: string;
  message: string;
  rating: number;
  published: boolean;
  verifiedBuyer: boolean;
  moderatedAt: Date | null;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
};

export const replyText = z.string().trim().max(2000, { error: "Keep the answer under 2000 characters" });

const columns = {
  id: reviews.id,
  productId: reviews.productId,
  productSlug: products.slug,
  productName: products.name,
  name: reviews.name,
  email: reviews.email,
  title: reviews.title,
  message: reviews.message,
  rating: reviews.rating,
  published: reviews.published,
  verifiedBuyer: reviews.verifiedBuyer,
  moderatedAt: reviews.moderatedAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  createdAt: reviews.createdAt,
};

function stateWhere(state: ReviewState | undefined): SQL | undefined {
  if (state === "new") return isNull(reviews.moderatedAt);
  if (state === "published") return eq(reviews.published, true);
  if (state === "hidden") return and(eq(reviews.published, false), isNotNull(reviews.moderatedAt));
  return undefined;
}

/** Reviews newest first, with the writer's address (never shown in the shop). */
export async function listAdminReviews(db: Db, filter: ReviewFilter = {}): Promise<Page<AdminReview>> {
  const q = filter.q?.trim();
  const where = and(
    stateWhere(filter.state),
    q
      ? or(
          ilike(reviews.title, likePattern(q)),
          ilike(reviews.message, likePattern(q)),
          ilike(reviews.name, likePattern(q)),
          ilike(reviews.email, likePattern(q)),
          ilike(products.name, likePattern(q)),
        )
      : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where);
  const win = pageWindow(filter.page ?? 1, Number(total));
  const rows = await db
    .select(columns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PER_PAGE)
    .offset(win.offset);
  return { rows, total: Number(total), page: win.page, pageCount: win.pageCount, perPage: PER_PAGE };
}

/** Reviews nobody has published or hidden yet, that the shop does not show: the dashboard's "new reviews". */
export async function countWaitingReviews(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(isNull(reviews.moderatedAt), eq(reviews.published, false)));
  return Number(row?.n ?? 0);
}

async function change(
  db: Db,
  id: number,
  audit: Audit,
  apply: (before: Review) => { action: string; set: Partial<Review>; before: object; after: object },
): Promise<AdminReview> {
  const productId = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
    if (!before) throw new ApiError(404, "review_not_found", "Review not found");
    const next = apply(before);
    await tx.update(reviews).set(next.set).where(eq(reviews.id, id));
    await audit(tx, {
      action: next.action,
      entity: "review",
      entityId: String(id),
      before: next.before,
      after: next.after,
    });
    return before.productId;
  });
  reviewsChanged(productId);
  const [row] = await db
    .select(columns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id));
  return row!;
}

/** Shows a review on its product's page and in its rating, or takes it off both. */
export async function moderateReview(
  db: Db,
  id: number,
  published: boolean,
  audit: Audit,
  now = new Date(),
): Promise<AdminReview> {
  return change(db, id, audit, (before) => ({
    action: published ? "review.publish" : "review.hide",
    set: { published, moderatedAt: now },
    before: { published: before.published },
    after: { published },
  }));
}

/** The shop's public answer under a review; an empty one takes the answer away. */
export async function replyToReview(
  db: Db,
  id: number,
  text: string,
  audit: Audit,
  now = new Date(),
): Promise<AdminReview> {
  const parsed = replyText.safeParse(text);
  if (!parsed.success) throw invalid({ field: "reply", message: parsed.error.issues[0]!.message });
  const reply = parsed.data || null;
  return change(db, id, audit, (before) => ({
    action: reply ? "review.reply" : "review.reply_remove",
    set: { reply, repliedAt: reply ? now : null },
    before: { reply: before.reply },
    after: { reply },
  }));
}
