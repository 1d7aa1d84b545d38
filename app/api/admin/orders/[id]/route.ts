import { parseParams } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { centsString } from "@/lib/money/money";
import { adminRoute } from "@/lib/admin/guard";
import { adminJson, idParam } from "@/lib/admin/http";
import { adminOrderJson, applyOrderAction, orderActionSchema, orderDetail } from "@/lib/admin/orders";

type Context = { params: Promise<{ id: string }> };

/** The order with its lines, payment events, status history and refunds. */
export const GET = adminRoute<Context>(async (_request, context, { db }) => {
  const detail = await orderDetail(db, await idParam(context));
  if (!detail) throw new ApiError(404, "order_not_found", "Order not found");
  const { order } = detail;
  return adminJson({
    order: {
      ...adminOrderJson(order),
      subtotal: centsString(order.subtotalCents),
      discount_total: centsString(order.discountCents),
      shipping_total: centsString(order.shippingCents),
      total_tax: centsString(order.vatCents),
      coupon_code: order.couponCode,
      tracking_note: order.trackingNote,
      shipping: order.shipping,
      billing: order.billing,
      line_items: detail.lines.map((l) => ({
        id: l.id,
        name: l.name,
        sku: l.sku,
        variation: l.variation,
        quantity: l.quantity,
        price: centsString(l.unitPriceCents),
        total: centsString(l.totalCents),
      })),
      payment_events: detail.events.map((e) => ({
        provider: e.provider,
        reference: e.providerReference,
        status: e.status,
        amount: centsString(e.amountCents),
        date: e.createdAt.toISOString(),
      })),
      history: detail.history.map((h) => ({
        from: h.from,
        to: h.to,
        note: h.note,
        by: h.by,
        date: h.at.toISOString(),
      })),
      refunds: detail.refunds.map((r) => ({
        amount: centsString(r.amountCents),
        reason: r.reason,
        by: r.by,
        date: r.at.toISOString(),
      })),
    },
  });
}, "orders");

/**
 * { action: "mark-paid" | "dispatch" | "complete" | "cancel" | "refund", expectedStatus, note?,
 * trackingNote? (dispatch), amount (rands) and reason (refund) }. 409 when the order's status does
 * not allow it or changed since the page was loaded.
 */
export const POST = adminRoute<Context>(async (request, context, ctx) => {
  const id = await idParam(context);
  const action = await parseParams(request, orderActionSchema);
  const order = await applyOrderAction(ctx, id, action);
  return adminJson({ order: adminOrderJson(order), message: `Order ${order.number} updated.` });
}, "orders");
