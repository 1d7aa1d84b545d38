import "server-only";
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orderLines, products, variations } from "@/lib/db/schema";
import { serverEnv } from "@/lib/config/env";
import { SITE } from "@/lib/config/site";
import { emailHtml } from "@/lib/forms/email-html";
import { sendMail } from "@/lib/mail/mail";

export const LOW_STOCK_KIND = "low-stock";

export type LowStockItem = { productId: number; name: string; sku: string; option: string; stock: number };

const simple = sql`not exists (select 1 from ${variations} v where v.product_id = ${products.id})`;

/**
 * Tells the shop, in one e-mail, about each of these products' items (a simple product, or a
 * variation) whose stock is under LOW_STOCK_THRESHOLD and that it was not told about yet. An item
 * is claimed by a conditional update, so two processes never both send it; it can be sent again
 * once its stock has been back at the threshold or above. Run after the change has committed.
 */
export async function alertLowStock(db: Db, productIds: number[]): Promise<LowStockItem[]> {
  const threshold = serverEnv().LOW_STOCK_THRESHOLD;
  if (threshold === 0 || productIds.length === 0) return [];
  const ids = [...new Set(productIds)];

  await db
    .update(variations)
    .set({ lowStockAlertedAt: null })
    .where(
      and(
        inArray(variations.productId, ids),
        gte(variations.stock, threshold),
        isNotNull(variations.lowStockAlertedAt),
      ),
    );
  await db
    .update(products)
    .set({ lowStockAlertedAt: null })
    .where(and(inArray(products.id, ids), gte(products.stock, threshold), isNotNull(products.lowStockAlertedAt)));

  const now = new Date();
  const claimedVariations = await db
    .update(variations)
    .set({ lowStockAlertedAt: now })
    .where(
      and(inArray(variations.productId, ids), lt(variations.stock, threshold), isNull(variations.lowStockAlertedAt)),
    )
    .returning({
      productId: variations.productId,
      sku: variations.sku,
      attributes: variations.attributes,
      stock: variations.stock,
    });
  const claimedProducts = await db
    .update(products)
    .set({ lowStockAlertedAt: now })
    .where(and(inArray(products.id, ids), lt(products.stock, threshold), isNull(products.lowStockAlertedAt), simple))
    .returning({ productId: products.id, name: products.name, stock: products.stock });
  if (claimedVariations.length === 0 && claimedProducts.length === 0) return [];

  const names = new Map(
    (await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids))).map(
      (p) => [p.id, p.name],
    ),
  );
  const items: LowStockItem[] = [
    ...claimedProducts.map((p) => ({ productId: p.productId, name: p.name, sku: "", option: "", stock: p.stock })),
    ...claimedVariations.map((v) => ({
      productId: v.productId,
      name: names.get(v.productId) ?? "",
      sku: v.sku,
      option: Object.values(v.attributes).join(", "),
      stock: v.stock,
    })),
  ];
  await sendMail(db, lowStockEmail(items, threshold));
  return items;
}

/** After an order took stock: its products. */
export async function alertLowStockForOrder(db: Db, orderId: number): Promise<LowStockItem[]> {
  const lines = await db
    .select({ productId: orderLines.productId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return alertLowStock(
    db,
    lines.map((l) => l.productId).filter((id): id is number => id !== null),
  );
}

function lowStockEmail(items: LowStockItem[], threshold: number) {
  const lines = items.map(
    (i) =>
      `${i.name}${i.option ? ` (${i.option})` : ""}${i.sku ? `, ${i.sku}` : ""}: ${i.stock === 0 ? "sold out" : `${i.stock} left`}`,
  );
  const intro = `Stock has fallen under ${threshold} for ${items.length === 1 ? "this item" : "these items"}:`;
  const adminUrl = `${serverEnv().SITE_URL}/admin/products?stock=low`;
  return {
    kind: LOW_STOCK_KIND,
    to: SITE.email,
    subject: items.length === 1 ? `Low stock: ${lines[0]}` : `Low stock: ${items.length} items`,
    text: `${intro}\n\n${lines.join("\n")}\n\nAdd a delivery from the workshop in the back office: ${adminUrl}`,
    html: emailHtml({
      heading: "Low stock",
      paragraphs: [intro, lines.join("\n")],
      action: { label: "Open products", href: adminUrl },
    }),
  };
}
