"use client";

import { useEffect } from "react";
import Link from "next/link";
import { useCustomerStore } from "@/stores/customer";

/** Loaded for signed-in customers only, so a visitor's pages carry none of it (a split of the bundle). */
const loadCalls = () => import("@/lib/saved/client");

/**
 * The header's link to the saved list. Whenever a customer is signed in (on start, or just now),
 * the list a guest kept in this browser moves to the account.
 */
export function SavedLink() {
  const customerId = useCustomerStore((s) => s.customer?.user_id ?? null);
  useEffect(() => {
    if (customerId !== null)
      loadCalls()
        .then((m) => m.mergeGuestList(customerId))
        .catch(() => undefined);
  }, [customerId]);
  return (
    <Link
      href="/saved"
      prefetch={false}
      className="flex h-10 w-10 items-center justify-center rounded-md hover:bg-oat-100"
      aria-label="Saved items"
      data-testid="saved-link"
    >
      <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden>
        <path
          strokeLinejoin="round"
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
        />
      </svg>
    </Link>
  );
}
