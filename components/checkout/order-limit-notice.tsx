"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { SITE } from "@/lib/config/site";
import { LIMIT_CODES } from "@/lib/orders/order-limits";
import type { ApiCallError } from "@/lib/http/api-client";

/** A checkout refused for its size or for the shopper's unpaid orders, as the page shows it. */
export type LimitRefusal = { message: string; ordersUrl?: string; otherMethods: boolean };

const CODES: readonly string[] = Object.values(LIMIT_CODES);

/** The refusal an answer stands for, or null when it is not one of the order limits. */
export function limitRefusalOf(error: ApiCallError): LimitRefusal | null {
  if (!CODES.includes(error.code)) return null;
  return {
    message: error.message,
    ordersUrl: typeof error.data.orders_url === "string" ? error.data.orders_url : undefined,
    otherMethods: error.data.other_methods === true,
  };
}

/**
 * Beside Pay: why the order cannot be placed as it is, and the ways on: another payment method,
 * the shopper's orders, or the shop's phone and e-mail. Brought into view when it appears.
 */
export function OrderLimitNotice({
  refusal,
  onPayAnotherWay,
}: {
  refusal: LimitRefusal;
  /** Chooses a payment method that holds the order for less time; absent when there is none. */
  onPayAnotherWay?: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: "center" });
  }, [refusal]);
  const action = "font-medium text-olive-700 underline underline-offset-4";
  return (
    <div
      ref={box}
      role="alert"
      aria-labelledby="order-limit-title"
      className="rounded-card border-2 border-danger bg-white px-5 py-4"
      data-testid="order-limit"
    >
      <h2 id="order-limit-title" className="font-sans text-base font-semibold tracking-normal text-ink">
        We could not place this order as it is
      </h2>
      <p className="mt-2 text-sm text-stone-700" data-testid="order-limit-message">
        {refusal.message}
      </p>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {refusal.otherMethods && onPayAnotherWay ? (
          <li>
            <button type="button" className={action} onClick={onPayAnotherWay}>
              Pay by card or instant EFT
            </button>
          </li>
        ) : null}
        {refusal.ordersUrl ? (
          <li>
            <Link href={refusal.ordersUrl} className={action}>
              See your orders
            </Link>
          </li>
        ) : null}
        <li>
          <a href={`tel:${SITE.phone.replace(/\s+/g, "")}`} className={action}>
            Call {SITE.phone}
          </a>
        </li>
        <li>
          <a href={`mailto:${SITE.email}`} className={`${action} break-all`}>
            E-mail {SITE.email}
          </a>
        </li>
      </ul>
    </div>
  );
}
