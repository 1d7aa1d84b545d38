import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { media, productPhotos } from "@/lib/db/schema";
import { mediaPath, type PictureType } from "@/lib/media/address";

/** A product's photograph as pages show it. */
export type Photo = {
  id: number;
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The fabric it shows; null: shown whatever the fabric. */
  fabric: string | null;
  isCard: boolean;
};

/** The photographs of these products, each product's in the shop's order. */
export async function photosOf(db: Db, productIds: number[]): Promise<Map<number, Photo[]>> {
  const byProduct = new Map<number, Photo[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      id: productPhotos.id,
      productId: productPhotos.productId,
      alt: productPhotos.alt,
      fabric: productPhotos.fabric,
      isCard: productPhotos.isCard,
      hash: media.hash,
      contentType: media.contentType,
      width: media.width,
      height: media.height,
    })
    .from(productPhotos)
    .innerJoin(media, eq(media.hash, productPhotos.mediaHash))
    .where(inArray(productPhotos.productId, productIds))
    .orderBy(asc(productPhotos.productId), asc(productPhotos.position), asc(productPhotos.id));
  for (const r of rows) {
    const photo: Photo = {
      id: r.id,
      src: mediaPath(r.hash, r.contentType as PictureType),
      alt: r.alt,
      width: r.width,
      height: r.height,
      fabric: r.fabric,
      isCard: r.isCard,
    };
    byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), photo]);
  }
  return byProduct;
}

/** The photographs shown for a fabric: its own and those for every fabric, in order. */
export function photosForFabric(photos: readonly Photo[], fabric: string | undefined): Photo[] {
  return photos.filter((p) => p.fabric === null || p.fabric === fabric);
}

/**
 * The picture a product card shows: in a list filtered by fabric, the first photograph of one of
 * those fabrics; else the one staff chose, else the first for every fabric, else the first.
 */
export function cardPhoto(photos: readonly Photo[], fabrics: readonly string[] = []): Photo | undefined {
  for (const fabric of fabrics) {
    const shown = photos.find((p) => p.fabric === fabric);
    if (shown) return shown;
  }
  return photos.find((p) => p.isCard) ?? photos.find((p) => p.fabric === null) ?? photos[0];
}
