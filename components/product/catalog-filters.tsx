"use client";

import Form from "next/form";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import type { FabricSwatch } from "@/lib/catalog/fabrics";
import { catalogFormHref, type CatalogState } from "@/lib/catalog/search-params";
import { SORT_OPTIONS, type SortKey } from "@/lib/catalog/types";

type Props = {
  action: string;
  /** The list's filter state, as its address says it. */
  state: CatalogState;
  /** The range, in the shop's order: each fabric's slug, name and colour. */
  fabrics: readonly Pick<FabricSwatch, "name" | "slug" | "hex">[];
  available: Array<{ name: string; count: number }>;
  total: number;
  /** Kept with every submission, e.g. a search's `q`. */
  hidden?: Record<string, string>;
  sortOptions?: ReadonlyArray<{ value: SortKey; label: string }>;
  clearHref?: string;
};

/**
 * A plain GET form (works without JavaScript), submitted as soon as a choice changes so the
 * URL always holds the filter state.
 */
export function CatalogFilters({
  action,
  state,
  fabrics: range,
  available,
  total,
  hidden = {},
  sortOptions = SORT_OPTIONS,
  clearHref = action,
}: Props) {
  const { sort, fabrics } = state;
  const min = state.minCents !== undefined ? state.minCents / 100 : undefined;
  const max = state.maxCents !== undefined ? state.maxCents / 100 : undefined;
  const form = useRef<HTMLFormElement>(null);
  const router = useRouter();
  const submit = () => form.current?.requestSubmit();
  return (
    <Form
      ref={form}
      action={action}
      scroll={false}
      className="flex flex-col gap-6"
      data-testid="catalog-filters"
      onSubmit={(e) => {
        // The address carries only what was chosen: no empty min= or max=, no default sort.
        e.preventDefault();
        const fields = new URLSearchParams();
        for (const [name, value] of new FormData(e.currentTarget))
          if (typeof value === "string") fields.append(name, value);
        router.push(catalogFormHref(action, fields, range, hidden), { scroll: false });
      }}
      onChange={(e) => {
        if (!(e.target instanceof HTMLInputElement && e.target.type === "number")) submit();
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <label htmlFor="sort" className="text-sm font-semibold text-ink">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={sort}
          className="mt-2 w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-sm"
        >
          {sortOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-ink">Price (R)</legend>
        <div className="mt-2 flex items-center gap-2">
          <label className="sr-only" htmlFor="min">
            Minimum price in rand
          </label>
          <input
            id="min"
            name="min"
            type="number"
            inputMode="numeric"
            min={0}
            step={100}
            placeholder="Min"
            defaultValue={min}
            className="w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-sm"
          />
          <span aria-hidden className="text-stone-600">
            –
          </span>
          <label className="sr-only" htmlFor="max">
            Maximum price in rand
          </label>
          <input
            id="max"
            name="max"
            type="number"
            inputMode="numeric"
            min={0}
            step={100}
            placeholder="Max"
            defaultValue={max}
            className="w-full rounded-md border border-ink/20 bg-white px-3 py-2 text-sm"
          />
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-ink">Fabric</legend>
        <ul className="mt-2 space-y-1.5">
          {range
            .filter((f) => available.some((a) => a.name === f.name))
            .map((f) => {
              const count = available.find((a) => a.name === f.name)?.count ?? 0;
              return (
                <li key={f.slug}>
                  <label className="flex cursor-pointer items-center gap-2.5 text-sm text-stone-700">
                    <input
                      type="checkbox"
                      name="fabric"
                      value={f.slug}
                      defaultChecked={fabrics.includes(f.name)}
                      className="h-4 w-4 accent-olive-700"
                    />
                    <span
                      className="h-4 w-4 rounded-full border border-ink/15"
                      style={{ background: f.hex }}
                      aria-hidden
                    />
                    {f.name}
                    <span className="ml-auto text-xs text-stone-600">{count}</span>
                  </label>
                </li>
              );
            })}
        </ul>
      </fieldset>
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-primary flex-1">
          Show {total} {total === 1 ? "result" : "results"}
        </button>
        <a href={clearHref} className="text-sm font-medium text-stone-700 underline underline-offset-4">
          Clear
        </a>
      </div>
    </Form>
  );
}
