"use client";

import { useCallback, useId, useState, type ComponentType } from "react";
import { chosenDimensions, sizeName, type DimensionSet } from "@/lib/catalog/dimensions";
import { useChosenOptions } from "@/stores/product-choice";
import type { WillItFitPanelProps } from "@/components/product/will-it-fit-panel";
import { ChevronDownIcon } from "@/components/ui/icons";

/**
 * "Will it fit?" on a product page: a closed disclosure whose form, geometry and checks load only
 * when the shopper opens it (or comes near the button), so the page's first load carries none of
 * them. The measurements of each size come with the page; the check takes the size chosen in the
 * buy box (before a choice, the first).
 */
export function WillItFit({ slug, name, sets }: { slug: string; name: string; sets: DimensionSet[] }) {
  const id = useId();
  const set = chosenDimensions(sets, useChosenOptions(slug));
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<WillItFitPanelProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    if (Panel) return;
    import("@/components/product/will-it-fit-panel")
      .then((m) => setPanel(() => m.WillItFitPanel))
      .catch(() => setFailed(true));
  }, [Panel]);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-8 rounded-card border border-ink/10 bg-white p-4 sm:p-5"
      data-testid="will-it-fit"
    >
      <h2 id={`${id}-heading`} className="font-display text-lg text-ink">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onPointerEnter={load}
          onFocus={load}
          onClick={() => {
            load();
            setOpen(!open);
          }}
          className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md text-left"
        >
          <span>
            Will it fit?
            <span className="mt-0.5 block font-sans text-sm font-normal text-stone-600">
              Check it against your door, hallway and room
            </span>
          </span>
          <ChevronDownIcon width={20} height={20} aria-hidden className={`shrink-0 ${open ? "rotate-180" : ""}`} />
        </button>
      </h2>
      <div id={`${id}-panel`} hidden={!open}>
        {!open ? null : Panel ? (
          <Panel name={name} size={sizeName(set)} dimensions={set.dimensions} />
        ) : (
          <p role="status" className="mt-4 text-sm text-stone-600">
            {failed ? "The check could not load. Please reload the page and try again." : "Loading the check…"}
          </p>
        )}
      </div>
    </section>
  );
}
