"use client";

import { useEffect } from "react";

type Props = { orderNumber: string; valueCents: number; items: Array<{ id: string; name: string; priceCents: number; quantity: number; variant?: string }>; coupon?: string | null; taxCents: number };

const SENT_KEY = "kaya_purchase_events";

/** The `purchase` event, pushed once per order however often its page is opened (SPEC section 7). */
export function PurchaseEvent({ orderNumber, valueCents, items, coupon, taxCents }: Props) {
  useEffect(() => {
    const sent = new Set<string>(JSON.parse(localStorage.getItem(SENT_KEY) ?? "[]") as string[]);
    if (sent.has(orderNumber)) return;
    const w = window as unknown as { dataLayer?: unknown[]; fbq?: (...args: unknown[]) => void };
    const value = valueCents / 100;
    w.dataLayer ??= [];
    w.dataLayer.push({ ecommerce: null });
    w.dataLayer.push({
      event: "purchase",
      ecommerce: {
        transaction_id: orderNumber,
        currency: "ZAR",
        value,
        tax: taxCents / 100,
        shipping: 0,
        coupon: coupon ?? undefined,
        items: items.map((i) => ({ item_id: i.id, item_name: i.name, item_variant: i.variant, price: i.priceCents / 100, quantity: i.quantity })),
      },
    });
    w.fbq?.("track", "Purchase", { currency: "ZAR", value, content_type: "product", content_ids: items.map((i) => i.id) });
    sent.add(orderNumber);
    localStorage.setItem(SENT_KEY, JSON.stringify([...sent].slice(-50)));
  }, [orderNumber, valueCents, items, coupon, taxCents]);
  return null;
}
