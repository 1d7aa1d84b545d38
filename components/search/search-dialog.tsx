"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { callApi } from "@/lib/http/api-client";
import { ProductThumb } from "@/components/product/product-thumb";
import { formatMoney } from "@/lib/money/money";
import type { Suggestions } from "@/lib/search/search";

export type SearchDialogProps = { onClose: () => void };

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 150;

type Option = { id: string; href: string; kind: "product" | "category" | "all" };

/**
 * The search dialog: a combobox (ARIA 1.2 pattern) whose list shows products and categories as
 * the shopper types. Arrow keys move through the list, Enter opens the option or, with none
 * chosen, the results page; Escape closes. A plain GET form underneath, so Enter always works.
 */
export function SearchDialog({ onClose }: SearchDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const router = useRouter();
  const id = useId();
  const [q, setQ] = useState("");
  const [result, setResult] = useState<Suggestions | null>(null);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    input.current?.focus();
  }, []);

  useEffect(() => {
    const text = q.trim();
    if (!text) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callApi<Suggestions>("GET", "/api/search", { q: text.slice(0, 200) }, { signal: controller.signal })
        .then((r) => {
          setResult(r);
          setActive(-1);
          setFailed(false);
        })
        .catch((err: unknown) => {
          if (!(err instanceof DOMException && err.name === "AbortError")) setFailed(true);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  const shown = q.trim() ? result : null;
  const allHref = `/search?q=${encodeURIComponent(q.trim())}`;
  const options: Option[] = shown
    ? [
        ...shown.products.map((p, i) => ({ id: `${id}-p${i}`, href: p.href, kind: "product" as const })),
        ...shown.categories.map((c, i) => ({ id: `${id}-c${i}`, href: c.href, kind: "category" as const })),
        { id: `${id}-all`, href: allHref, kind: "all" as const },
      ]
    : [];
  const expanded = options.length > 0;

  const go = (href: string) => {
    onClose();
    router.push(href);
  };

  return (
    <dialog
      ref={dialog}
      aria-label="Search the shop"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === dialog.current) dialog.current.close();
      }}
      className="m-0 h-full max-h-none w-full max-w-none bg-canvas p-0 backdrop:bg-ink/40 sm:mx-auto sm:mt-[10vh] sm:h-auto sm:max-h-[80vh] sm:max-w-xl sm:rounded-card sm:shadow-2xl"
      data-testid="search-dialog"
    >
      <form
        role="search"
        action="/search"
        className="flex items-center gap-2 border-b border-ink/10 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          const choice = options[active];
          if (choice) go(choice.href);
          else if (q.trim()) go(allHref);
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          Search the shop
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          name="q"
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? options[active]?.id : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          placeholder="Couches, fabrics, sizes…"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (!expanded) return;
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((a) => (a + 1) % options.length);
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
            }
          }}
          className="min-h-11 w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-base"
        />
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="min-h-11 rounded-md px-3 text-sm font-medium text-stone-700 hover:bg-oat-100"
        >
          Close
        </button>
      </form>
      <div className="overflow-y-auto p-2" aria-live="polite">
        {failed ? (
          <p className="p-3 text-sm text-stone-700">Suggestions are unavailable; press Enter to search.</p>
        ) : null}
        {shown?.correctedTo ? (
          <p className="px-3 pt-2 text-xs text-stone-600">
            Showing results for <strong className="text-ink">{shown.correctedTo}</strong>
          </p>
        ) : null}
        {shown && shown.products.length === 0 && shown.categories.length === 0 ? (
          <p className="p-3 text-sm text-stone-700">No pieces match yet. Press Enter to see the closest.</p>
        ) : null}
        <ul id={`${id}-list`} role="listbox" aria-label="Suggestions" className={expanded ? "" : "hidden"}>
          {shown?.products.map((p, i) => (
            <li
              key={p.href}
              id={options[i]!.id}
              role="option"
              aria-selected={active === i}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(p.href)}
              className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-md px-3 py-2 ${active === i ? "bg-oat-100 outline outline-2 outline-olive-700" : "hover:bg-oat-100"}`}
            >
              <ProductThumb picture={p.image} className="h-9 w-12 rounded bg-oat-100 object-cover" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-ink">{p.name}</span>
                <span className="block text-xs text-stone-600">{p.categoryName}</span>
              </span>
              <span className="text-sm text-stone-700">
                {p.from ? "From " : ""}
                {formatMoney(Number(p.price), { cents: false })}
              </span>
            </li>
          ))}
          {shown?.categories.map((c, i) => {
            const n = (shown?.products.length ?? 0) + i;
            return (
              <li
                key={c.href}
                id={options[n]!.id}
                role="option"
                aria-selected={active === n}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(c.href)}
                className={`flex min-h-11 cursor-pointer items-center rounded-md px-3 py-2 text-sm ${active === n ? "bg-oat-100 outline outline-2 outline-olive-700" : "hover:bg-oat-100"}`}
              >
                All {c.name.toLowerCase()}
              </li>
            );
          })}
          {expanded ? (
            <li
              id={options[options.length - 1]!.id}
              role="option"
              aria-selected={active === options.length - 1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(allHref)}
              className={`flex min-h-11 cursor-pointer items-center rounded-md px-3 py-2 text-sm font-semibold text-ink ${active === options.length - 1 ? "bg-oat-100 outline outline-2 outline-olive-700" : "hover:bg-oat-100"}`}
            >
              See all results for “{q.trim()}”
            </li>
          ) : null}
        </ul>
      </div>
    </dialog>
  );
}
