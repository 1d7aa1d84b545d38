"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * A shopper back from a gateway may arrive before the gateway's notification: the page looks
 * again every few seconds (for two minutes) until the order is no longer pending.
 */
export function PendingRefresh({ everyMs = 3000, forMs = 120_000 }: { everyMs?: number; forMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > forMs) return clearInterval(timer);
      router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs, forMs]);
  return null;
}
