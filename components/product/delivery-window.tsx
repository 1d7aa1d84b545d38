"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { TruckIcon } from "@/components/ui/icons";
import { describeWindow, windowAt, type DeliveryTable } from "@/lib/delivery/format";
import { PROVINCES } from "@/lib/forms/provinces";

const HOUR_MS = 3_600_000;
const unchanging = () => () => {};

/**
 * "Delivered between Tue 8 Dec and Fri 11 Dec", from the shopper's clock: a cached or
 * prerendered page would otherwise keep the day it was made. The server works out the windows of
 * the days ahead (`table`: holidays, working days, the cut-off) and the browser picks the row for
 * its own hour. The server's render (and the first paint) names the promise in working days
 * instead, so hydration never disagrees; so does a clock outside the table.
 * With `province` the window is that province's; otherwise the shopper may pick one.
 */
export function DeliveryWindowText({ table, province }: { table: DeliveryTable; province?: string }) {
  const id = useId();
  const [chosen, setChosen] = useState("");
  const hour = useSyncExternalStore(
    unchanging,
    () => Math.floor(Date.now() / HOUR_MS),
    () => null,
  );
  const where = province ?? chosen;
  const found = hour === null ? null : windowAt(table, hour * HOUR_MS, where || undefined);
  const text = found
    ? describeWindow(found)
    : `Free delivery within ${table.within[(where && table.columns[where]) || 0]} working days`;
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
