import "server-only";
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { products } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/admin/audit";
import { productAddressChanged } from "@/lib/admin/revalidate";
import { getAdminProduct, type AdminProduct } from "@/lib/admin/products";
import type { Audit } from "@/lib/admin/change";
import { formatDateTime } from "@/lib/admin/format";
import { log } from "@/lib/observability/log";

/** How far ahead a product can be scheduled: a season's launch, not a forgotten date years out. */
export const SCHEDULE_MAX_DAYS = 366;

/** How often each app process looks for products whose moment has come. */
export const PUBLISH_CHECK_MS = 60_000;

/**
 * Schedules a hidden product to be published at `at` (null: no longer scheduled). A product in
 * the shop already has nothing to wait for: staff hide it first. The moment must lie ahead, and
 * within SCHEDULE_MAX_DAYS.
 */
export async function schedulePublishing(
  db: Db,
  productId: number,
  at: Date | null,
  audit: Audit,
  now = new Date(),
): Promise<AdminProduct> {
  if (at && at.getTime() <= now.getTime())
    throw new ApiError(400, "schedule_in_past", "Choose a moment still to come, or publish it now", {
      field: "publishAt",
    });
  if (at && at.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000)
    throw new ApiError(400, "schedule_too_far", `Choose a moment within ${SCHEDULE_MAX_DAYS} days`, {
      field: "publishAt",
    });
  await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!product) throw new ApiError(404, "product_not_found", "Product not found");
    if (product.published && at)
      throw new ApiError(409, "already_published", `${product.name} is already in the shop: hide it to schedule it`);
    await tx.update(products).set({ publishAt: at, updatedAt: new Date() }).where(eq(products.id, productId));
    await audit(tx, {
      action: at ? "product.schedule" : "product.unschedule",
      entity: "product",
      entityId: String(productId),
      before: { publishAt: product.publishAt?.toISOString() ?? null },
      after: { publishAt: at?.toISOString() ?? null },
    });
  });
  return (await getAdminProduct(db, productId))!;
}

/**
 * Publishes every hidden product whose scheduled moment has come, each in its own transaction and
 * audited as the shop's own change. Rows are locked and skipped when another process has them,
 * so two processes never publish one twice. Answers the slugs published.
 */
export async function publishDueProducts(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.published, false), isNotNull(products.publishAt), lte(products.publishAt, now)))
    .orderBy(asc(products.publishAt));
  const published: string[] = [];
  for (const { id } of due) {
    const slug = await db.transaction(async (tx) => {
      const [product] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.published, false), lte(products.publishAt, now)))
        .for("update", { skipLocked: true });
      if (!product?.publishAt) return null;
      await tx
        .update(products)
        .set({ published: true, publishAt: null, updatedAt: new Date() })
        .where(eq(products.id, id));
      await recordAudit(tx, {
        staffId: null,
        ip: "",
        action: "product.publish",
        entity: "product",
        entityId: String(id),
        before: { published: false, publishAt: product.publishAt.toISOString() },
        after: { published: true, publishAt: null, scheduled: formatDateTime(product.publishAt) },
      });
      return product.slug;
    });
    if (slug) {
      productAddressChanged(slug);
      published.push(slug);
    }
  }
  return published;
}

const TIMER = Symbol.for("kaya.catalog.publish-timer");
type Global = typeof globalThis & { [TIMER]?: NodeJS.Timeout };

/**
 * The in-process job: every minute in each app process. Pages read the catalogue through caches
 * that refresh each minute, so a scheduled product is on every page within about two minutes of
 * its moment.
 */
export function startPublishingJob(getDb: () => Promise<Db>, everyMs = PUBLISH_CHECK_MS): void {
  const g = globalThis as Global;
  if (g[TIMER]) return;
  g[TIMER] = setInterval(async () => {
    try {
      const slugs = await publishDueProducts(await getDb());
      if (slugs.length) log.info("catalog", `published ${slugs.length} scheduled product(s): ${slugs.join(", ")}`);
    } catch (err) {
      log.error("catalog", "scheduled publishing failed", err);
    }
  }, everyMs);
  g[TIMER].unref();
}

export function stopPublishingJob(): void {
  const g = globalThis as Global;
  if (g[TIMER]) clearInterval(g[TIMER]);
  g[TIMER] = undefined;
}
