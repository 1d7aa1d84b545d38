import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { cartItems, categories, products, variations } from "@/lib/db/schema";
import { effectiveCents } from "@/lib/catalog/pricing";
import { drawingOf, picturesOf, type Picture } from "@/lib/catalog/pictures";
import type { RuleLine } from "@/lib/coupons/rules";

export type LineRow = Awaited<ReturnType<typeof selectLines>>[number] & { picture: Picture };

/**
 * A cart's lines with the product, its category, the variation chosen and the picture the line
 * shows (its photograph in the fabric chosen, else its drawing), oldest line first.
 */
export async function loadLines(db: Db, cartId: number): Promise<LineRow[]> {
  const rows = await selectLines(db, cartId);
  const pictureOf = await picturesOf(
    db,
    rows.map((r) => r.product.id),
  );
  return rows.map((r) => ({
    ...r,
    picture: pictureOf(r.product.id, r.variation?.attributes, drawingOf(r.product, r.variation?.attributes)),
  }));
}

function selectLines(db: Db, cartId: number) {
  return db
    .select({
      item: cartItems,
      product: {
        id: products.id,
        slug: products.slug,
        name: products.name,
        regularPriceCents: products.regularPriceCents,
        salePriceCents: products.salePriceCents,
        stock: products.stock,
        published: products.published,
        images: products.images,
      },
      categorySlug: categories.slug,
      variation: {
        id: variations.id,
        sku: variations.sku,
        attributes: variations.attributes,
        regularPriceCents: variations.regularPriceCents,
        salePriceCents: variations.salePriceCents,
        stock: variations.stock,
      },
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(variations, eq(variations.id, cartItems.variationId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
}

/** The line's drawing (a variation's own, or a simple product's main one): what an order keeps. */
export function lineDrawing(row: LineRow): string {
  return drawingOf(row.product, row.variation?.attributes).src;
}

/** Today's price of one unit, its regular price and the stock it comes from. */
export function linePrice(row: LineRow) {
  const p = row.variation ?? row.product;
  return {
    unit: effectiveCents({ regularCents: p.regularPriceCents, saleCents: p.salePriceCents }),
    regular: p.regularPriceCents,
    stock: p.stock,
  };
}

export function lineSku(row: LineRow): string {
  return row.variation?.sku ?? row.product.slug.toUpperCase();
}

/** "Eden 2 Seater (Charcoal)": how messages name a line. */
export function lineLabel(name: string, variation: Record<string, string> | null | undefined): string {
  const v = variation ? Object.values(variation).join(", ") : "";
  return v ? `${name} (${v})` : name;
}

export function ruleLines(rows: LineRow[]): RuleLine[] {
  return rows.map((r) => ({
    itemKey: r.item.itemKey,
    productId: r.product.id,
    categorySlug: r.categorySlug,
    unitPriceCents: linePrice(r).unit,
    quantity: r.item.quantity,
  }));
}
