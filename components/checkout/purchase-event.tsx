"use client";

import { useEffect } from "react";
import { trackPurchase } from "@/lib/analytics/events";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

type Props = {
  orderNumber: string;
  valueCents: number;
  items: Array<{ id: string; name: string; priceCents: number; quantity: number; variant?: string }>;
  coupon?: string | null;
  taxCents: number;
};

const SENT_KEY = STORAGE_KEY.purchaseEvents;

/** The `purchase` event, pushed once per order however often its page is opened. */
export function PurchaseEvent({ orderNumber, valueCents, items, coupon, taxCents }: Props) {
  useEffect(() => {
    const sent = new Set<string>(JSON.parse(localStorage.getItem(SENT_KEY) ?? "[]") as string[]);
    if (sent.has(orderNumber)) return;
    trackPurchase({ orderNumber, valueCents, taxCents, coupon, items });
    sent.add(orderNumber);
    localStorage.setItem(SENT_KEY, JSON.stringify([...sent].slice(-50)));
  }, [orderNumber, valueCents, items, coupon, taxCents]);
  return null;
}
