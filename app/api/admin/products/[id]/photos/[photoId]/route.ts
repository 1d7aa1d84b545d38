import { z } from "zod";
import { parseParams, validationError } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { auditAs } from "@/lib/admin/catalog-api";
import { changePhoto, deletePhoto, photoAction } from "@/lib/admin/photos";

type Context = { params: Promise<{ id: string; photoId: string }> };

const photoId = z.coerce.number({ error: "must be a number" }).int().positive().max(2_147_483_647);

async function ids(context: Context): Promise<{ productId: number; photoId: number }> {
  const productId = await idParam(context);
  const parsed = photoId.safeParse((await context.params).photoId);
  if (!parsed.success)
    throw validationError(new z.ZodError(parsed.error.issues.map((i) => ({ ...i, path: ["photoId"] }))));
  return { productId, photoId: parsed.data };
}

const MESSAGES = {
  alt: "Description saved.",
  move: "Order saved.",
  card: "Card picture chosen.",
  fabric: "Fabric saved.",
} as const;

/** { action: "alt", alt } | { action: "move", to: "earlier" | "later" } | { action: "card" } | { action: "fabric", fabric (null: every fabric) } */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const { productId, photoId } = await ids(context);
  const change = await parseParams(request, photoAction);
  const photos = await changePhoto(ctx.db, productId, photoId, change, auditAs(ctx));
  return adminJson({ photos, message: MESSAGES[change.action] });
}, "products");

export const DELETE = adminRoute<Context>(async (_request, context, ctx) => {
  const { productId, photoId } = await ids(context);
  const photos = await deletePhoto(ctx.db, productId, photoId, auditAs(ctx));
  return adminJson({ photos, message: "Photograph deleted." });
}, "products");
