import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orderLines, products, variations } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";

export type StockLine = { productId: number; variationId: number | null; quantity: number; label: string };

/**
 * Every change of stock takes its rows' locks in one fixed order (product, then variation), so
 * two checkouts, releases or a checkout and a release of the same items never deadlock.
 */
function inLockOrder<T extends { productId: number | null; variationId: number | null }>(lines: T[]): T[] {
  return [...lines].sort(
    (a, b) => (a.productId ?? 0) - (b.productId ?? 0) || (a.variationId ?? 0) - (b.variationId ?? 0),
  );
}

/**
 * Takes stock for each line with a conditional update (stock >= quantity), so concurrent
 * checkouts can never sell what is not there. Run inside the order's transaction: the first
 * line that cannot be had throws a 409 naming it, and the transaction undoes the rest.
 */
export async function reserveStock(tx: Db, lines: StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    const rows = line.variationId
      ? await tx
          .update(variations)
          .set({ stock: sql`${variations.stock} - ${line.quantity}` })
          .where(and(eq(variations.id, line.variationId), gte(variations.stock, line.quantity)))
          .returning({ id: variations.id })
      : await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.quantity}` })
          .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
          .returning({ id: products.id });
    if (rows.length === 0) {
      throw new ApiError(409, "out_of_stock", `${line.label} is no longer available in the quantity you chose`, {
        item: line.label,
      });
    }
  }
}

/** Puts an order's stock back (a cancelled or failed order). */
export async function releaseStock(tx: Db, orderId: number): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  for (const line of inLockOrder(lines)) {
    if (line.variationId) {
      await tx
        .update(variations)
        .set({ stock: sql`${variations.stock} + ${line.quantity}` })
        .where(eq(variations.id, line.variationId));
    } else if (line.productId) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${line.quantity}` })
        .where(eq(products.id, line.productId));
    }
  }
}
