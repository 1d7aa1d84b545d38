"use client";

import { useCallback, useState, type ComponentType } from "react";
import type { SearchDialogProps } from "@/components/search/search-dialog";

const SearchGlyph = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" strokeLinecap="round" />
  </svg>
);

/**
 * The header's search: a link to /search that, once the page runs, opens the search dialog
 * instead. The dialog's code loads only when the shopper comes near it (hover, focus, a tap).
 */
export function SearchButton() {
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const load = useCallback(() => {
    if (Dialog) return;
    void import("@/components/search/search-dialog").then((m) => setDialog(() => m.SearchDialog));
  }, [Dialog]);
  return (
    <>
      <a
        href="/search"
        aria-haspopup="dialog"
        data-testid="header-search"
        onPointerEnter={load}
        onFocus={load}
        onTouchStart={load}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          load();
          setOpen(true);
        }}
        className="flex h-10 min-w-10 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium hover:bg-oat-100"
      >
        <SearchGlyph />
        <span className="sr-only xl:not-sr-only">Search</span>
      </a>
      {Dialog && open ? <Dialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
