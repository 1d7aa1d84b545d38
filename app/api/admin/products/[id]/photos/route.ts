import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { auditAs } from "@/lib/admin/catalog-api";
import { addPhotos, productPhotosFor, readPhotoUpload } from "@/lib/admin/photos";

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (_request, context, { db }) => {
  return adminJson({ photos: await productPhotosFor(db, await idParam(context)) });
}, "products");

/**
 * multipart/form-data: `file` parts (JPEG, PNG, WebP or AVIF, up to 15 MB each, 20 MB in all),
 * each with its `alt` text at the same place. All are added, or none.
 */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const productId = await idParam(context);
  const uploads = await readPhotoUpload(request);
  const photos = await addPhotos(ctx.db, productId, uploads, auditAs(ctx));
  const message = uploads.length === 1 ? "Photograph added." : `${uploads.length} photographs added.`;
  return adminJson({ photos, message }, 201);
}, "products");
