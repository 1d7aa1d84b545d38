/**
 * E-commerce events for the tag manager's data layer and the social pixel
 * (add_to_cart and purchase, in ZAR). The data layer is the page's own array: before analytics
 * consent nothing reads it, and the tag manager's loader empties it, so earlier events are never
 * sent (lib/analytics/third-party.ts). The pixel exists only after marketing consent; before
 * that its events go nowhere.
 */
import type { AnalyticsWindow } from "@/lib/analytics/third-party";

export type AnalyticsItem = {
  id: string;
  name: string;
  priceCents: number;
  quantity: number;
  variant?: string;
  category?: string;
};

export type PurchaseInput = {
  orderNumber: string;
  valueCents: number;
  taxCents: number;
  coupon?: string | null;
  items: AnalyticsItem[];
};

const rands = (cents: number) => Math.round(cents) / 100;

function gaItems(items: AnalyticsItem[]) {
  return items.map((i) => ({
    item_id: i.id,
    item_name: i.name,
    item_variant: i.variant,
    item_category: i.category,
    price: rands(i.priceCents),
    quantity: i.quantity,
  }));
}

function pixelData(items: AnalyticsItem[], value: number) {
  return {
    currency: "ZAR",
    value,
    content_type: "product",
    content_ids: items.map((i) => i.id),
    contents: items.map((i) => ({ id: i.id, quantity: i.quantity })),
    num_items: items.reduce((s, i) => s + i.quantity, 0),
  };
}

function push(event: Record<string, unknown>) {
  const w = window as AnalyticsWindow;
  w.dataLayer ??= [];
  // Clears the previous event's ecommerce object, as Google asks.
  w.dataLayer.push({ ecommerce: null });
  w.dataLayer.push(event);
}

export function trackAddToCart(items: AnalyticsItem[]): void {
  if (typeof window === "undefined") return;
  const value = rands(items.reduce((s, i) => s + i.priceCents * i.quantity, 0));
  push({ event: "add_to_cart", ecommerce: { currency: "ZAR", value, items: gaItems(items) } });
  (window as AnalyticsWindow).fbq?.("track", "AddToCart", pixelData(items, value));
}

export function trackPurchase({ orderNumber, valueCents, taxCents, coupon, items }: PurchaseInput): void {
  if (typeof window === "undefined") return;
  const value = rands(valueCents);
  push({
    event: "purchase",
    ecommerce: {
      transaction_id: orderNumber,
      currency: "ZAR",
      value,
      tax: rands(taxCents),
      shipping: 0,
      coupon: coupon ?? undefined,
      items: gaItems(items),
    },
  });
  // The event id lets Meta drop a duplicate of the same order.
  (window as AnalyticsWindow).fbq?.("track", "Purchase", pixelData(items, value), {
    eventID: `purchase-${orderNumber}`,
  });
}
