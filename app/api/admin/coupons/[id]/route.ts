import { parseParams } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { getCoupon, setCouponActive, updateCoupon } from "@/lib/admin/coupons";
import { auditAs, couponAction } from "@/lib/admin/catalog-api";

type Context = { params: Promise<{ id: string }> };

export const GET = adminRoute<Context>(async (_request, context, { db }) => {
  const coupon = await getCoupon(db, await idParam(context));
  if (!coupon) throw new ApiError(404, "coupon_not_found", "Coupon not found");
  return adminJson({ coupon });
}, "coupons");

/** { action: "update", coupon: { every rule but the code } } | { action: "enable" } | { action: "disable" }. */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const id = await idParam(context);
  const action = await parseParams(request, couponAction);
  const coupon =
    action.action === "update"
      ? await updateCoupon(ctx.db, id, action.coupon, auditAs(ctx))
      : await setCouponActive(ctx.db, id, action.action === "enable", auditAs(ctx));
  const done = { update: "saved", enable: "enabled", disable: "disabled" }[action.action];
  return adminJson({ coupon, message: `Coupon ${coupon.code} ${done}.` });
}, "coupons");
