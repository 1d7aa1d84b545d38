import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { products, savedItems, savedLists, variations } from "@/lib/db/schema";
import { effectiveCents } from "@/lib/catalog/pricing";
import { drawingOf, picturesOf, type Picture } from "@/lib/catalog/pictures";
import { ApiError } from "@/lib/api/errors";
import { serverEnv } from "@/lib/config/env";
import { SAVED_LIMIT, type GuestItem, type SavedItemInput } from "@/lib/saved/schemas";

/** One saved item as every list shows it: the price now, the price when saved and the change. */
export type SavedLine = {
  productId: number;
  variationId: number | null;
  slug: string;
  name: string;
  /** The product's photograph in the fabric saved, else its drawing. */
  image: Picture;
  /** The chosen options, e.g. { Fabric: "Charcoal", Size: "3 Seater" }. */
  options: Record<string, string>;
  priceCents: number;
  priceCentsAtSave: number;
  /** Now minus then: negative when the price came down. */
  changeCents: number;
  inStock: boolean;
  /** Saved from a card, before its options were chosen: its price is the "from" price. */
  needsOptions: boolean;
  savedAt: string;
};

export type SavedList = { items: SavedLine[]; shareUrl: string | null };

type Item = { productId: number; variationId: number | null };
type Found = Omit<SavedLine, "priceCentsAtSave" | "changeCents" | "savedAt">;

const keyOf = (i: Item) => `${i.productId}:${i.variationId ?? 0}`;

/**
 * The published products (and their variations) of these items, with their price now. An item
 * whose product is hidden or gone, or whose variation is not the product's, is left out.
 */
async function lookUp(db: Db, items: Item[]): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  const productIds = [...new Set(items.map((i) => i.productId))];
  if (productIds.length === 0) return found;
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      images: products.images,
      regular: products.regularPriceCents,
      sale: products.salePriceCents,
      stock: products.stock,
    })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.published, true)));
  // A product's variations, few for each: the chosen one's price, or for a product saved before
  // its options were chosen, whether any is in stock.
  const [vrows, pictureOf] = await Promise.all([
    db.select().from(variations).where(inArray(variations.productId, productIds)),
    picturesOf(db, productIds),
  ]);
  const vById = new Map(vrows.map((v) => [v.id, v]));
  const variable = new Map<number, boolean>();
  const from = new Map<number, number>();
  for (const v of vrows) {
    variable.set(v.productId, (variable.get(v.productId) ?? false) || v.stock > 0);
    const cents = effectiveCents({ regularCents: v.regularPriceCents, saleCents: v.salePriceCents });
    from.set(v.productId, Math.min(from.get(v.productId) ?? cents, cents));
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const item of items) {
    const p = byId.get(item.productId);
    if (!p) continue;
    const v = item.variationId === null ? null : vById.get(item.variationId);
    if (v === undefined || (v && v.productId !== p.id)) continue;
    const point = v
      ? { regularCents: v.regularPriceCents, saleCents: v.salePriceCents }
      : { regularCents: p.regular, saleCents: p.sale };
    found.set(keyOf(item), {
      productId: p.id,
      variationId: v?.id ?? null,
      slug: p.slug,
      name: p.name,
      image: pictureOf(p.id, v?.attributes, drawingOf(p, v?.attributes)),
      options: v?.attributes ?? {},
      priceCents: v ? effectiveCents(point) : (from.get(p.id) ?? effectiveCents(point)),
      inStock: v ? v.stock > 0 : (variable.get(p.id) ?? p.stock > 0),
      needsOptions: !v && variable.has(p.id),
    });
  }
  return found;
}

function line(found: Found, priceCentsAtSave: number, savedAt: Date): SavedLine {
  return {
    ...found,
    priceCentsAtSave,
    changeCents: found.priceCents - priceCentsAtSave,
    savedAt: savedAt.toISOString(),
  };
}

const notSaveable = () =>
  new ApiError(
    404,
    "product_not_found",
    "This product cannot be saved: choose its options first, or it is no longer sold.",
  );

export const shareUrl = (token: string) => `${serverEnv().SITE_URL}/saved/${token}`;

/** The customer's share token, made on first use. */
async function shareTokenOf(db: Db, customerId: number): Promise<string> {
  await db
    .insert(savedLists)
    .values({ customerId, shareToken: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(savedLists).where(eq(savedLists.customerId, customerId));
  return row!.shareToken;
}

/** Saves an item at its price now; saving it again keeps the first price and date. */
export async function saveItem(db: Db, customerId: number, item: SavedItemInput): Promise<SavedList> {
  await mergeItems(db, customerId, [item], { strict: true });
  return listSaved(db, customerId);
}

/**
 * Moves a guest's list into the account. A price the browser kept is taken as the price when
 * saved when it is plausible (at most double the price now), otherwise the price now is: the
 * browser's figure is the shopper's own record, and only ever shown back to them.
 */
export async function mergeItems(
  db: Db,
  customerId: number,
  items: GuestItem[],
  opts: { strict?: boolean; now?: Date } = {},
): Promise<number> {
  const found = await lookUp(db, items);
  if (opts.strict && found.size === 0) throw notSaveable();
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedItems)
    .where(eq(savedItems.customerId, customerId))) as [{ n: number }];
  let room = SAVED_LIMIT - n;
  let added = 0;
  for (const item of items) {
    const f = found.get(keyOf(item));
    if (!f) continue;
    if (room <= 0) {
      if (opts.strict) throw new ApiError(409, "saved_list_full", `A saved list holds up to ${SAVED_LIMIT} items.`);
      break;
    }
    const kept = item.priceCents && item.priceCents <= f.priceCents * 2 ? item.priceCents : f.priceCents;
    const savedAt = item.savedAt && item.savedAt <= Date.now() ? new Date(item.savedAt) : (opts.now ?? new Date());
    const inserted = await db
      .insert(savedItems)
      .values({
        customerId,
        productId: f.productId,
        variationId: f.variationId,
        variationKey: f.variationId ?? 0,
        priceCentsAtSave: kept,
        savedAt,
      })
      .onConflictDoNothing()
      .returning({ id: savedItems.id });
    if (inserted.length) {
      added++;
      room--;
    }
  }
  await shareTokenOf(db, customerId);
  return added;
}

export async function removeItem(db: Db, customerId: number, item: SavedItemInput): Promise<SavedList> {
  await db
    .delete(savedItems)
    .where(
      and(
        eq(savedItems.customerId, customerId),
        eq(savedItems.productId, item.productId),
        eq(savedItems.variationKey, item.variationId ?? 0),
      ),
    );
  return listSaved(db, customerId);
}

async function linesOf(db: Db, customerId: number): Promise<SavedLine[]> {
  const rows = await db
    .select()
    .from(savedItems)
    .where(eq(savedItems.customerId, customerId))
    .orderBy(asc(savedItems.savedAt), asc(savedItems.id));
  const found = await lookUp(db, rows);
  return rows.flatMap((r) => {
    const f = found.get(keyOf(r));
    return f ? [line(f, r.priceCentsAtSave, r.savedAt)] : [];
  });
}

export async function listSaved(db: Db, customerId: number): Promise<SavedList> {
  const items = await linesOf(db, customerId);
  const [share] = await db.select().from(savedLists).where(eq(savedLists.customerId, customerId));
  return { items, shareUrl: share ? shareUrl(share.shareToken) : null };
}

/** A guest's list, priced now from what the browser kept. */
export async function priceGuestList(db: Db, items: GuestItem[], now = new Date()): Promise<SavedList> {
  const found = await lookUp(db, items);
  const seen = new Set<string>();
  const lines: SavedLine[] = [];
  for (const item of items) {
    const f = found.get(keyOf(item));
    if (!f || seen.has(keyOf(item))) continue;
    seen.add(keyOf(item));
    const then = item.priceCents && item.priceCents <= f.priceCents * 2 ? item.priceCents : f.priceCents;
    lines.push(line(f, then, item.savedAt ? new Date(item.savedAt) : now));
  }
  return { items: lines, shareUrl: null };
}

/** The read-only list a share link shows; null for a token that names no list. */
export async function sharedList(db: Db, token: string): Promise<SavedLine[] | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [share] = await db.select().from(savedLists).where(eq(savedLists.shareToken, token));
  return share ? linesOf(db, share.customerId) : null;
}
