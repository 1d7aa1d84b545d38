/** A product's photograph put straight into the store, as an upload from the back office leaves it. */
import sharp from "sharp";
import type { Db } from "@/lib/db/client";
import { productPhotos } from "@/lib/db/schema";
import { mediaPath } from "@/lib/media/address";
import { databaseMediaStore } from "@/lib/media/store";

let shade = 0;

export async function addPhoto(
  db: Db,
  productId: number,
  opts: { fabric?: string | null; isCard?: boolean; alt?: string; width?: number; height?: number } = {},
): Promise<{ id: number; src: string; width: number; height: number }> {
  const width = opts.width ?? 40;
  const height = opts.height ?? 30;
  // Each photograph a colour of its own, so no two share a hash.
  const n = ++shade;
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: n % 256, g: 90, b: 60 } } })
    .webp()
    .toBuffer();
  const hash = await databaseMediaStore(db).put(bytes, { contentType: "image/webp", width, height });
  const [photo] = await db
    .insert(productPhotos)
    .values({
      productId,
      position: n,
      alt: opts.alt ?? `Photograph ${n}`,
      fabric: opts.fabric ?? null,
      isCard: opts.isCard ?? false,
      mediaHash: hash,
    })
    .returning({ id: productPhotos.id });
  return { id: photo!.id, src: mediaPath(hash, "image/webp"), width, height };
}
