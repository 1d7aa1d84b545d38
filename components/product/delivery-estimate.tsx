"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { TruckIcon } from "@/components/ui/icons";
import { deliveryDaysFor } from "@/lib/delivery/config";
import { deliveryWindow, describeWindow } from "@/lib/delivery/estimate";
import { PROVINCES } from "@/lib/forms/provinces";

const HOUR_MS = 3_600_000;
const unchanging = () => () => {};

/**
 * "Delivered between Tue 8 Dec and Fri 11 Dec", from the shopper's clock: a cached or
 * prerendered page would otherwise keep the day it was made. The server's render (and the
 * first paint) names the promise in working days instead, so hydration never disagrees.
 * With `province` the window is that province's; otherwise the shopper may pick one.
 */
export function DeliveryEstimate({ province }: { province?: string }) {
  const id = useId();
  const [chosen, setChosen] = useState("");
  const hour = useSyncExternalStore(
    unchanging,
    () => Math.floor(Date.now() / HOUR_MS),
    () => null,
  );
  const where = province ?? chosen;
  const days = deliveryDaysFor(where || undefined);
  const text =
    hour === null
      ? `Free delivery within ${days.to} working days`
      : describeWindow(deliveryWindow(new Date(hour * HOUR_MS), days));
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700" data-testid="delivery-estimate">
      <TruckIcon width={18} height={18} className="shrink-0 text-olive-700" />
      <span data-testid="delivery-window">{text}</span>
      {province === undefined ? (
        <>
          <label htmlFor={`${id}-province`} className="sr-only">
            Deliver to
          </label>
          <select
            id={`${id}-province`}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            className="min-h-8 rounded-md border border-ink/20 bg-white px-2 py-1 text-sm"
          >
            <option value="">anywhere in South Africa</option>
            {PROVINCES.map((p) => (
              <option key={p} value={p}>
                in {p}
              </option>
            ))}
          </select>
        </>
      ) : (
        <span className="text-stone-600">to {province || "South Africa"}</span>
      )}
    </div>
  );
}
