import "server-only";
import { and, asc, eq, gt, lt, desc, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { media, productPhotos, products } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { readBodyBytes } from "@/lib/api/body";
import { checkText, printable } from "@/lib/api/text";
import type { Audit } from "@/lib/admin/change";
import { catalogueChanged } from "@/lib/admin/revalidate";
import { photosOf, type Photo } from "@/lib/catalog/photos";
import { databaseMediaStore } from "@/lib/media/store";
import { preparePicture, type PreparedPicture } from "@/lib/media/picture";

/** How many photographs one upload may carry: the request's limit holds their bytes. */
export const MAX_PHOTOS_PER_UPLOAD = 10;
export const ALT_MAX = 250;

export const altText = z
  .string({ error: "Describe the photograph for people who cannot see it" })
  .trim()
  .min(1, { error: "Describe the photograph for people who cannot see it" })
  .max(ALT_MAX, { error: `At most ${ALT_MAX} characters` });

const fabric = z.string().trim().min(1).max(60).nullable();

/** A change to one photograph: its words, its place, the card, its fabric. */
export const photoAction = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("alt"), alt: altText }),
    z.object({ action: z.literal("move"), to: z.enum(["earlier", "later"], { error: "Move earlier or later" }) }),
    z.object({ action: z.literal("card") }),
    z.object({ action: z.literal("fabric"), fabric }),
  ],
  { error: "Choose alt, move, card or fabric" },
);
export type PhotoAction = z.infer<typeof photoAction>;

export type Upload = { file: string; picture: PreparedPicture; alt: string };

const badUpload = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, "invalid_upload", message, fields ? { fields } : {});

/** A file's name fit to echo: its last part, printable, not too long. */
function shownName(name: string): string {
  const base = printable(name).split(/[\\/]/).pop()!.trim();
  return (base.length > 80 ? `…${base.slice(-79)}` : base) || "The file";
}

/**
 * A multipart upload of `file` parts, each with the `alt` part at the same place: read within the
 * call's limit, every file checked from its bytes. Any refusal refuses the whole upload.
 */
export async function readPhotoUpload(request: Request): Promise<Upload[]> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(type)) throw badUpload("Send the photographs as multipart/form-data");
  const body = await readBodyBytes(request);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw badUpload("The upload could not be read as multipart/form-data");
  }
  const files = form.getAll("file");
  const alts = form.getAll("alt");
  if (files.length === 0) throw badUpload("Choose at least one photograph", { file: "Choose at least one photograph" });
  if (files.length > MAX_PHOTOS_PER_UPLOAD)
    throw badUpload(`Upload at most ${MAX_PHOTOS_PER_UPLOAD} photographs at once`, {
      file: `At most ${MAX_PHOTOS_PER_UPLOAD} at once`,
    });
  const uploads: Upload[] = [];
  for (const [i, part] of files.entries()) {
    if (typeof part === "string") throw badUpload("file: must be a file", { file: "must be a file" });
    const file = shownName(part.name);
    const alt = alts[i];
    if (typeof alt === "string") checkText(`alt.${i}`, alt);
    const parsedAlt = altText.safeParse(typeof alt === "string" ? alt : "");
    if (!parsedAlt.success)
      throw badUpload(`${file}: ${parsedAlt.error.issues[0]!.message}`, {
        [`alt.${i}`]: parsedAlt.error.issues[0]!.message,
      });
    const picture = await preparePicture(file, Buffer.from(await part.arrayBuffer()));
    uploads.push({ file, picture, alt: parsedAlt.data });
  }
  return uploads;
}

async function lockProduct(tx: Db, productId: number) {
  const [product] = await tx
    .select({ id: products.id, slug: products.slug, attributes: products.attributes })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!product) throw new ApiError(404, "product_not_found", "Product not found");
  return product;
}

export async function productPhotosFor(db: Db, productId: number): Promise<Photo[]> {
  return (await photosOf(db, [productId])).get(productId) ?? [];
}

/** Adds the photographs after the product's last, all or none, with one audit entry each. */
export async function addPhotos(db: Db, productId: number, uploads: Upload[], audit: Audit): Promise<Photo[]> {
  const slug = await db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const store = databaseMediaStore(tx);
    const [last] = await tx
      .select({ position: productPhotos.position })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId))
      .orderBy(desc(productPhotos.position))
      .limit(1);
    let position = (last?.position ?? -1) + 1;
    for (const u of uploads) {
      const { bytes, ...meta } = u.picture;
      const mediaHash = await store.put(bytes, meta);
      const [photo] = await tx
        .insert(productPhotos)
        .values({ productId, position: position++, alt: u.alt, mediaHash })
        .returning({ id: productPhotos.id });
      await audit(tx, {
        action: "photo.add",
        entity: "product",
        entityId: String(productId),
        before: null,
        after: { photo: photo!.id, file: u.file, alt: u.alt, width: meta.width, height: meta.height },
      });
    }
    return product.slug;
  });
  catalogueChanged(slug);
  return productPhotosFor(db, productId);
}

async function lockPhoto(tx: Db, productId: number, photoId: number) {
  const product = await lockProduct(tx, productId);
  const [photo] = await tx
    .select()
    .from(productPhotos)
    .where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId)));
  if (!photo) throw new ApiError(404, "photo_not_found", "This product has no such photograph");
  return { product, photo };
}

/** Changes one photograph; answers the product's photographs as they are now. */
export async function changePhoto(
  db: Db,
  productId: number,
  photoId: number,
  change: PhotoAction,
  audit: Audit,
): Promise<Photo[]> {
  const slug = await db.transaction(async (tx) => {
    const { product, photo } = await lockPhoto(tx, productId, photoId);
    const record = (before: unknown, after: unknown) =>
      audit(tx, { action: "photo.update", entity: "product", entityId: String(productId), before, after });
    switch (change.action) {
      case "alt":
        await tx.update(productPhotos).set({ alt: change.alt }).where(eq(productPhotos.id, photoId));
        await record({ photo: photoId, alt: photo.alt }, { photo: photoId, alt: change.alt });
        break;
      case "fabric": {
        const options = product.attributes.find((a) => a.name === "Fabric")?.options ?? [];
        if (change.fabric !== null && !options.includes(change.fabric))
          throw new ApiError(400, "invalid_params", `fabric: ${product.slug} has no fabric called ${change.fabric}`, {
            fields: { fabric: "Choose one of the product's fabrics, or every fabric" },
          });
        await tx.update(productPhotos).set({ fabric: change.fabric }).where(eq(productPhotos.id, photoId));
        await record({ photo: photoId, fabric: photo.fabric }, { photo: photoId, fabric: change.fabric });
        break;
      }
      case "card": {
        const [was] = await tx
          .select({ id: productPhotos.id })
          .from(productPhotos)
          .where(and(eq(productPhotos.productId, productId), eq(productPhotos.isCard, true)));
        await tx.update(productPhotos).set({ isCard: false }).where(eq(productPhotos.productId, productId));
        await tx.update(productPhotos).set({ isCard: true }).where(eq(productPhotos.id, photoId));
        await record({ card: was?.id ?? null }, { card: photoId });
        break;
      }
      case "move": {
        const earlier = change.to === "earlier";
        const [neighbour] = await tx
          .select({ id: productPhotos.id, position: productPhotos.position })
          .from(productPhotos)
          .where(
            and(
              eq(productPhotos.productId, productId),
              earlier ? lt(productPhotos.position, photo.position) : gt(productPhotos.position, photo.position),
            ),
          )
          .orderBy(earlier ? desc(productPhotos.position) : asc(productPhotos.position))
          .limit(1);
        if (!neighbour)
          throw new ApiError(409, "photo_at_end", `This photograph is already the ${earlier ? "first" : "last"}`);
        await tx.update(productPhotos).set({ position: neighbour.position }).where(eq(productPhotos.id, photoId));
        await tx.update(productPhotos).set({ position: photo.position }).where(eq(productPhotos.id, neighbour.id));
        await record({ photo: photoId, position: photo.position }, { photo: photoId, position: neighbour.position });
        break;
      }
    }
    return product.slug;
  });
  catalogueChanged(slug);
  return productPhotosFor(db, productId);
}

/** Deletes a photograph; its stored picture goes too once no photograph shows it. */
export async function deletePhoto(db: Db, productId: number, photoId: number, audit: Audit): Promise<Photo[]> {
  const slug = await db.transaction(async (tx) => {
    const { product, photo } = await lockPhoto(tx, productId, photoId);
    await tx.delete(productPhotos).where(eq(productPhotos.id, photoId));
    await tx
      .delete(media)
      .where(
        and(
          eq(media.hash, photo.mediaHash),
          sql`not exists (select 1 from ${productPhotos} where ${productPhotos.mediaHash} = ${photo.mediaHash})`,
        ),
      );
    await audit(tx, {
      action: "photo.delete",
      entity: "product",
      entityId: String(productId),
      before: { photo: photoId, alt: photo.alt, fabric: photo.fabric, card: photo.isCard },
      after: null,
    });
    return product.slug;
  });
  catalogueChanged(slug);
  return productPhotosFor(db, productId);
}

/** What the product page's Photographs section shows: the photographs and the fabrics they may show. */
export async function photosForEditor(db: Db, productId: number): Promise<{ photos: Photo[]; fabrics: string[] }> {
  const [product] = await db
    .select({ attributes: products.attributes })
    .from(products)
    .where(eq(products.id, productId));
  const fabrics = product?.attributes.find((a) => a.name === "Fabric")?.options ?? [];
  return { photos: await productPhotosFor(db, productId), fabrics };
}

/** A copy of a product gets its photographs too: the same stored pictures, in the same order. */
export async function copyPhotos(tx: Db, fromProductId: number, toProductId: number): Promise<void> {
  await tx.execute(sql`insert into ${productPhotos} (product_id, position, alt, fabric, is_card, media_hash)
    select ${toProductId}, position, alt, fabric, is_card, media_hash from ${productPhotos}
    where product_id = ${fromProductId}`);
}
