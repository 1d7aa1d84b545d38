"use client";

import { useEffect, useState } from "react";
import { isSaved, SAVED_EVENT, savedKey } from "@/lib/saved/state";

/** The calls that change a list load on the first tap, not with every card (a split of the bundle). */
const loadCalls = () => import("@/lib/saved/client");

type Props = {
  productId: number;
  variationId?: number | null;
  /** The price shown now, kept with a guest's item as its price when saved. */
  priceCents: number;
  name: string;
  /** Its position: "absolute ..." over a picture, or "relative" in a row. */
  className?: string;
};

/** The heart that saves a product (with its chosen options) to the saved list. */
export function SaveHeart({ productId, variationId = null, priceCents, name, className = "" }: Props) {
  const key = savedKey({ productId, variationId });
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const update = () => setSaved(isSaved(key));
    update();
    window.addEventListener(SAVED_EVENT, update);
    window.addEventListener("storage", update);
    return () => {
      window.removeEventListener(SAVED_EVENT, update);
      window.removeEventListener("storage", update);
    };
  }, [key]);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${name}`}
      title={saved ? "Saved: tap to remove" : "Save for later"}
      disabled={busy}
      data-testid="save-heart"
      className={`z-10 flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-ink/15 bg-white/90 text-terracotta-700 hover:bg-white ${className}`}
      onClick={async () => {
        setBusy(true);
        try {
          const { toggleSaved } = await loadCalls();
          setSaved(await toggleSaved({ productId, variationId, priceCents }, saved));
        } catch {
          setSaved(isSaved(key));
        } finally {
          setBusy(false);
        }
      }}
    >
      <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden strokeWidth={1.8} stroke="currentColor">
        <path
          fill={saved ? "currentColor" : "none"}
          strokeLinejoin="round"
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
        />
      </svg>
    </button>
  );
}
