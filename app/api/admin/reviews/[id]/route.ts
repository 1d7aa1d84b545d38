import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { moderateReview, replyToReview } from "@/lib/admin/reviews";
import { auditAs, reviewAction } from "@/lib/admin/catalog-api";

type Context = { params: Promise<{ id: string }> };

/** { action: "publish" } | { action: "hide" } | { action: "reply", reply } (an empty reply removes it). */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const id = await idParam(context);
  const action = await parseParams(request, reviewAction);
  if (action.action === "reply") {
    const review = await replyToReview(ctx.db, id, action.reply, auditAs(ctx));
    return adminJson({ review, message: review.reply ? "Answer saved." : "Answer removed." });
  }
  const review = await moderateReview(ctx.db, id, action.action === "publish", auditAs(ctx));
  return adminJson({ review, message: review.published ? "Review published." : "Review hidden." });
}, "reviews");
