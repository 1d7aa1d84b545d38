import "server-only";
import { timingSafeEqual } from "node:crypto";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orderLines, orderRefunds, orders, type Address, type Order, type OrderLine } from "@/lib/db/schema";
import { centsString } from "@/lib/money/money";
import { DRAWING_SIZE, picturesOf, type PictureOf } from "@/lib/catalog/pictures";
import type { ApiAddress, ApiOrder, ApiRefund } from "@/lib/orders/types";

function toApiAddress(a: Partial<Address>): ApiAddress {
  return {
    first_name: a.firstName ?? "",
    last_name: a.lastName ?? "",
    company: a.companyName ?? "",
    address_1: a.streetAddress1 ?? "",
    address_2: a.streetAddress2 ?? "",
    city: a.city ?? "",
    state: a.province ?? "",
    postcode: a.postcode ?? "",
    country: a.country ?? "",
    email: a.email ?? "",
    phone: a.phone ?? "",
  };
}

type RefundRow = { amountCents: number; reason: string; createdAt: Date };

/** Without the products' photographs at hand, a line shows the drawing the order kept. */
const keptDrawing: PictureOf = (_id, _options, drawing) => drawing;

export function toApiOrder(
  order: Order,
  lines: OrderLine[],
  refunds: RefundRow[] = [],
  pictureOf: PictureOf = keptDrawing,
): ApiOrder {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    date_created: order.createdAt.toISOString(),
    date_paid: order.paidAt ? order.paidAt.toISOString() : null,
    pay_by: order.payBy ? order.payBy.toISOString() : null,
    currency: "ZAR",
    payment_method: order.paymentMethod,
    subtotal: centsString(order.subtotalCents),
    discount_total: centsString(order.discountCents),
    shipping_total: centsString(order.shippingCents),
    total: centsString(order.totalCents),
    total_tax: centsString(order.vatCents),
    coupon_code: order.couponCode,
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    line_items: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      variation_id: l.variationId,
      name: l.name,
      slug: l.slug,
      sku: l.sku,
      variation: l.variation,
      image: l.image,
      picture: pictureOf(l.productId, l.variation, { src: l.image, alt: l.name, ...DRAWING_SIZE }),
      quantity: l.quantity,
      price: centsString(l.unitPriceCents),
      regular_price: centsString(l.unitRegularCents),
      discount: centsString(l.discountCents),
      total: centsString(l.totalCents),
    })),
    shipping: toApiAddress(order.shipping),
    billing: toApiAddress(order.billing),
    date_dispatched: order.dispatchedAt ? order.dispatchedAt.toISOString() : null,
    tracking_note: order.trackingNote,
    refunds: refunds.map((r): ApiRefund => ({
      amount: centsString(r.amountCents),
      reason: r.reason,
      date: r.createdAt.toISOString(),
    })),
  };
}

async function withLines(db: Db, list: Order[]): Promise<ApiOrder[]> {
  if (list.length === 0) return [];
  const ids = list.map((o) => o.id);
  const [lines, refunds] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    db
      .select({
        orderId: orderRefunds.orderId,
        amountCents: orderRefunds.amountCents,
        reason: orderRefunds.reason,
        createdAt: orderRefunds.createdAt,
      })
      .from(orderRefunds)
      .where(inArray(orderRefunds.orderId, ids))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
  ]);
  const pictureOf = await picturesOf(
    db,
    lines.map((l) => l.productId),
  );
  return list.map((o) =>
    toApiOrder(
      o,
      lines.filter((l) => l.orderId === o.id),
      refunds.filter((r) => r.orderId === o.id),
      pictureOf,
    ),
  );
}

/** A customer's orders, newest first. */
export async function ordersForCustomer(db: Db, customerId: number): Promise<ApiOrder[]> {
  const list = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withLines(db, list);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * One order for /my-account/view-order/{slug} (the order's id or number), only for its owner or
 * a holder of its secret key. Anyone else gets null, exactly as for a missing order.
 */
export async function orderForViewer(
  db: Db,
  slug: string,
  viewer: { customerId?: number | null; key?: string | null },
): Promise<ApiOrder | null> {
  const ref = slug.trim();
  if (!ref || ref.length > 64) return null;
  const byId = /^\d{1,9}$/.test(ref);
  const [order] = await db
    .select()
    .from(orders)
    .where(byId ? eq(orders.id, Number(ref)) : eq(orders.number, ref))
    .limit(1);
  if (!order) return null;
  const owner = viewer.customerId != null && order.customerId === viewer.customerId;
  const keyHolder = Boolean(viewer.key) && sameSecret(viewer.key!, order.orderKey);
  if (!owner && !keyHolder) return null;
  return (await withLines(db, [order]))[0]!;
}
