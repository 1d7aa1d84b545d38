import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { markMessageHandled } from "@/lib/admin/marketing";
import { auditAs, messageAction } from "@/lib/admin/catalog-api";

type Context = { params: Promise<{ id: string }> };

/** { handled: true | false }: marks a contact message handled (by whom, when) or open again. */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const message = await markMessageHandled(
    ctx.db,
    await idParam(context),
    (await parseParams(request, messageAction)).handled,
    ctx.staff.id,
    auditAs(ctx),
  );
  return adminJson({ message: message.handledAt ? "Marked handled." : "Marked open.", contact: message });
}, "marketing");
