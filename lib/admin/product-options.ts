import "server-only";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { fabrics, orderLines, products, variations, type ProductAttribute, type Variation } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { attributesKey, variationSku } from "@/lib/catalog/variations";
import { catalogueChanged } from "@/lib/admin/revalidate";
import { FABRIC_ATTRIBUTE, optionChanges } from "@/lib/admin/options-form";
import type { Audit } from "@/lib/admin/change";

/** A product's attributes and the combinations it is sold in now, for the options form. */
export async function productOptions(db: Db, productId: number) {
  const [product] = await db
    .select({ attributes: products.attributes })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const vs = await db
    .select({ attributes: variations.attributes })
    .from(variations)
    .where(eq(variations.productId, productId))
    .orderBy(asc(variations.sortOrder), asc(variations.id));
  return { attributes: product.attributes, existing: vs.map((v) => v.attributes) };
}

/** The existing option most like a new combination: the most values in common, the size first. */
function likest(combo: Record<string, string>, existing: readonly Variation[]): Variation | undefined {
  const score = (v: Variation) =>
    Object.entries(combo).reduce((n, [name, value]) => {
      if (v.attributes[name] !== value) return n;
      return n + (name === "Size" ? 10 : 1);
    }, 0);
  return [...existing].sort((a, b) => score(b) - score(a) || a.sortOrder - b.sortOrder)[0];
}

/**
 * Holds the fabrics the attributes name until the transaction ends, so none is renamed or deleted
 * meanwhile (lib/admin/fabrics.ts locks a fabric before it counts the products that offer it); one
 * renamed or deleted since the form was checked is refused.
 */
async function holdFabrics(tx: Pick<Db, "select">, attributes: readonly ProductAttribute[]) {
  const index = attributes.findIndex((a) => a.name === FABRIC_ATTRIBUTE);
  const names = attributes[index]?.options ?? [];
  if (names.length === 0) return;
  const held = await tx
    .select({ name: fabrics.name })
    .from(fabrics)
    .where(inArray(fabrics.name, names))
    .orderBy(asc(fabrics.id))
    .for("share");
  const missing = names.find((name) => !held.some((f) => f.name === name));
  if (missing) {
    const field = `attributes.${index}.values`;
    const message = `${missing} is not one of our fabrics`;
    throw new ApiError(400, "invalid_params", message, { field, fields: { [field]: message } });
  }
}

/**
 * Sets a product's attributes and makes its options the whole grid of their values: combinations it
 * already has keep their price, stock, SKU and measurements; a new one is priced as the most alike
 * option it had (the same size first; no sale), takes that option's measurements when it is the
 * same size, and starts with no stock; one no longer in the grid is removed, unless an order
 * names it (then nothing changes and staff are told to set its stock to 0 instead). One
 * transaction, audited as `product.options`.
 */
export async function setOptions(db: Db, productId: number, attributes: ProductAttribute[], audit: Audit) {
  const outcome = await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!product) throw new ApiError(404, "product_not_found", "Product not found");
    await holdFabrics(tx, attributes);
    const existing = await tx
      .select()
      .from(variations)
      .where(eq(variations.productId, productId))
      .orderBy(asc(variations.sortOrder), asc(variations.id))
      .for("update");
    const { grid, made, removed } = optionChanges(
      attributes,
      existing.map((v) => v.attributes),
    );
    const removedKeys = new Set(removed.map(attributesKey));
    const going = existing.filter((v) => removedKeys.has(v.attributesKey));
    if (going.length) {
      const [ordered] = await tx
        .select({ id: orderLines.variationId })
        .from(orderLines)
        .where(
          inArray(
            orderLines.variationId,
            going.map((v) => v.id),
          ),
        )
        .limit(1);
      if (ordered) {
        const option = going.find((v) => v.id === ordered.id)!;
        throw new ApiError(
          409,
          "option_ordered",
          `${Object.values(option.attributes).join(", ")} was ordered, so it stays for the order's records: keep its value, and set its stock to 0 to stop selling it`,
        );
      }
      await tx.delete(variations).where(
        inArray(
          variations.id,
          going.map((v) => v.id),
        ),
      );
    }
    const kept = existing.filter((v) => !removedKeys.has(v.attributesKey));
    const order = new Map(grid.map((combo, i) => [attributesKey(combo), i]));
    for (const v of kept) {
      const sortOrder = order.get(v.attributesKey)!;
      if (sortOrder !== v.sortOrder) await tx.update(variations).set({ sortOrder }).where(eq(variations.id, v.id));
    }
    const skus = made.map((combo) => variationSku(product.slug, combo));
    // Every SKU made from this address starts with it (the address has no % or _).
    const prefix = `${product.slug.toUpperCase()}-`;
    const taken = new Set(
      (
        await tx
          .select({ sku: variations.sku })
          .from(variations)
          .where(sql`${variations.sku} like ${`${prefix}%`}`)
      ).map((r) => r.sku),
    );
    const rows = made.map((combo, i) => {
      const model = likest(combo, existing);
      let sku = skus[i]!;
      for (let n = 2; taken.has(sku); n++) sku = `${skus[i]}-${n}`;
      taken.add(sku);
      const sameSize = model !== undefined && combo.Size !== undefined && model.attributes.Size === combo.Size;
      return {
        productId,
        sku,
        attributes: combo,
        attributesKey: attributesKey(combo),
        dimensions: sameSize ? model.dimensions : null,
        regularPriceCents: model?.regularPriceCents ?? product.regularPriceCents,
        salePriceCents: null,
        stock: 0,
        sortOrder: order.get(attributesKey(combo))!,
      };
    });
    if (rows.length) await tx.insert(variations).values(rows);
    await tx.update(products).set({ attributes, updatedAt: new Date() }).where(eq(products.id, productId));
    await audit(tx, {
      action: "product.options",
      entity: "product",
      entityId: String(productId),
      before: { attributes: product.attributes, options: existing.length },
      after: { attributes, options: grid.length, made: rows.map((r) => r.sku), removed: going.map((v) => v.sku) },
    });
    return { slug: product.slug, made: rows.length, removed: going.length, options: grid.length };
  });
  catalogueChanged(outcome.slug);
  return outcome;
}
