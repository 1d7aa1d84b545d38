import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { markSwatchesPosted } from "@/lib/admin/marketing";
import { auditAs, swatchAction } from "@/lib/admin/catalog-api";

type Context = { params: Promise<{ id: string }> };

/** { posted: true | false }: marks a swatch request's envelope posted (by whom, when) or waiting. */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const row = await markSwatchesPosted(
    ctx.db,
    await idParam(context),
    (await parseParams(request, swatchAction)).posted,
    ctx.staff.id,
    auditAs(ctx),
  );
  return adminJson({ message: row.postedAt ? "Marked posted." : "Marked waiting.", request: row });
}, "marketing");
