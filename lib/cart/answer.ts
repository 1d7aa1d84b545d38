import "server-only";
import { centsString } from "@/lib/money/money";
import { lineSku } from "@/lib/cart/lines";
import { ORDER_LIMITS } from "@/lib/orders/order-limits";
import type { PricedCart } from "@/lib/cart/pricing";
import { emptyServerCart, type ServerCart } from "@/lib/cart/types";

export { emptyServerCart };

/** What a code on the cart that no longer applies looks like to the shopper (not counted in the totals). */
export function refusalNotices(priced: PricedCart): ServerCart["notices"] {
  return priced.refused && priced.lines.length > 0
    ? [{ code: priced.refused.code, message: priced.refused.message }]
    : [];
}

/** The priced cart as every cart call answers it: money as strings of integer cents. */
export function serverCart(
  priced: PricedCart,
  notices: ServerCart["notices"] = refusalNotices(priced),
  offers: ServerCart["offers"] = [],
): ServerCart {
  return {
    cart_key: priced.cart.cartKey,
    item_count: priced.itemCount,
    items: priced.lines.map(({ row, ...line }) => ({
      item_key: line.itemKey,
      id: row.product.id,
      variation_id: row.variation?.id ?? null,
      name: row.product.name,
      slug: row.product.slug,
      sku: lineSku(row),
      image: row.picture.src,
      picture: row.picture,
      category: row.categorySlug,
      variation: row.variation?.attributes ?? {},
      quantity: { value: line.quantity, max_purchase: Math.min(line.stock, ORDER_LIMITS.unitsPerLine) },
      price: centsString(line.unitCents),
      price_regular: centsString(line.regularCents),
      totals: {
        subtotal: centsString(line.subtotalCents),
        discount: centsString(line.discountCents),
        total: centsString(line.totalCents),
      },
    })),
    coupons: priced.coupon
      ? [
          {
            coupon: priced.coupon.code,
            discount: centsString(priced.discountCents),
            description: priced.coupon.description,
          },
        ]
      : [],
    notices,
    offers,
    totals: {
      subtotal: centsString(priced.subtotalCents),
      total: centsString(priced.totalCents),
      discount_total: centsString(priced.discountCents),
      shipping_total: "0",
      vat_total: centsString(priced.vatCents),
    },
  };
}
