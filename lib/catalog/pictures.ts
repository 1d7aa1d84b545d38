import "server-only";
import { getImageProps } from "next/image";
import type { Db } from "@/lib/db/client";
import type { ProductImage } from "@/lib/db/schema";
import { pictureFolder, productImageSrc } from "@/lib/catalog/images";
import { cardPhoto, photosForFabric, photosOf, type Photo } from "@/lib/catalog/photos";
import type { Picture } from "@/lib/catalog/types";

export type { Picture };

/** The canvas every drawing of a product is drawn on. */
export const DRAWING_SIZE = { width: 800, height: 600 } as const;

/** What a product's picture is worked out from: the product as stored, and the options chosen. */
export type Pictured = { id: number; slug: string; name: string; images: readonly ProductImage[] };

/** The options a line or a saved item names ({ Size, Fabric }); null: a product without options. */
type Options = Record<string, string> | null | undefined;

/**
 * The drawing of a product in these options, the picture shown where it has no photograph: an
 * option's own drawing, or a product's main one.
 */
export function drawingOf(product: Omit<Pictured, "id">, options?: Options): Picture {
  const label = options ? Object.values(options).join(", ") : "";
  const src = options
    ? productImageSrc(pictureFolder(product), options, "main")
    : (product.images[0]?.src ?? productImageSrc(product.slug, {}, "main"));
  return { src, alt: label ? `${product.name} in ${label}` : product.name, ...DRAWING_SIZE };
}

/**
 * The photograph shown for a product in a fabric: the card's choice among those the product page
 * shows for that fabric (its own, then those for every fabric), so a grey couch is never pictured
 * in oat. Without a fabric, the product card's photograph.
 */
export function shownPhoto(photos: readonly Photo[], fabric?: string): Photo | undefined {
  return fabric === undefined ? cardPhoto(photos) : cardPhoto(photosForFabric(photos, fabric), [fabric]);
}

/** The widest a list of lines or suggestions shows a product (the cart page's 128 px). */
export const THUMBNAIL_WIDTH = 128;

/** The optimiser's copies of a photograph for a thumbnail, one per screen density. */
function thumbnailSrcset(photo: Photo): string | undefined {
  const height = Math.max(1, Math.round((THUMBNAIL_WIDTH * photo.height) / photo.width));
  return getImageProps({ src: photo.src, alt: "", width: THUMBNAIL_WIDTH, height }).props.srcSet;
}

/** The picture to show: the photograph when there is one, else the drawing. */
export function pictureFrom(photo: Photo | undefined, drawing: Picture): Picture {
  if (!photo) return drawing;
  const shown = { src: photo.src, alt: photo.alt || drawing.alt, width: photo.width, height: photo.height };
  const srcset = thumbnailSrcset(photo);
  return srcset ? { ...shown, srcset } : shown;
}

/** The picture of one product in its options; `drawing` is shown when it has no photograph. */
export type PictureOf = (productId: number | null, options: Options, drawing: Picture) => Picture;

/**
 * Reads the photographs of these products at once and answers how each is pictured wherever it
 * is shown outside its own page (search, cart, checkout, orders, saved items, offers, previews).
 * A product that is gone (id null) or has no photograph keeps its drawing.
 */
export async function picturesOf(db: Db, productIds: ReadonlyArray<number | null>): Promise<PictureOf> {
  const ids = [...new Set(productIds.filter((id): id is number => id !== null))];
  const photos = await photosOf(db, ids);
  return (productId, options, drawing) =>
    pictureFrom(productId === null ? undefined : shownPhoto(photos.get(productId) ?? [], options?.Fabric), drawing);
}

/** Each product's picture in its options: its photograph for the fabric, else its drawing. */
export async function productPictures(
  db: Db,
  items: ReadonlyArray<{ product: Pictured; options?: Options }>,
): Promise<Picture[]> {
  const pictureOf = await picturesOf(
    db,
    items.map((i) => i.product.id),
  );
  return items.map((i) => pictureOf(i.product.id, i.options, drawingOf(i.product, i.options)));
}
