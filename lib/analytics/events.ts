/**
 * E-commerce events for the tag manager's data layer and the social pixel (SPEC section 7:
 * add_to_cart in ZAR). Each is a no-op until the page has a data layer or a pixel.
 */
type DataLayerWindow = Window & {
  dataLayer?: unknown[];
  fbq?: (...args: unknown[]) => void;
};

export type AnalyticsItem = { id: string; name: string; priceCents: number; quantity: number; variant?: string; category?: string };

const rands = (cents: number) => Math.round(cents) / 100;

export function trackAddToCart(items: AnalyticsItem[]): void {
  if (typeof window === "undefined") return;
  const w = window as DataLayerWindow;
  const value = rands(items.reduce((s, i) => s + i.priceCents * i.quantity, 0));
  w.dataLayer ??= [];
  w.dataLayer.push({ ecommerce: null });
  w.dataLayer.push({
    event: "add_to_cart",
    ecommerce: {
      currency: "ZAR",
      value,
      items: items.map((i) => ({
        item_id: i.id,
        item_name: i.name,
        item_variant: i.variant,
        item_category: i.category,
        price: rands(i.priceCents),
        quantity: i.quantity,
      })),
    },
  });
  w.fbq?.("track", "AddToCart", { currency: "ZAR", value, content_type: "product", content_ids: items.map((i) => i.id) });
}
