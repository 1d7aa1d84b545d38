import { parseParams } from "@/lib/api/handler";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson } from "@/lib/admin/http";
import { createCoupon, listCoupons } from "@/lib/admin/coupons";
import { auditAs, couponListQuery, newCouponForm } from "@/lib/admin/catalog-api";

/** q (code or description), state (active | disabled | automatic | affiliate), page: with uses and paid revenue. */
export const GET = adminRoute(async (request, _context, { db }) => {
  return adminJson(await listCoupons(db, await parseParams(request, couponListQuery)));
}, "coupons");

/** A new coupon: code and every rule the cart reads, as the coupon form sends them (money in rands). */
export const POST = adminRoute(async (request, _context, ctx) => {
  const coupon = await createCoupon(ctx.db, await parseParams(request, newCouponForm), auditAs(ctx));
  return adminJson({ coupon, message: `Coupon ${coupon.code} created.` }, 201);
}, "coupons");
