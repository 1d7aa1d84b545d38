import type { ReactNode } from "react";
import Link from "next/link";
import { ProductThumb } from "@/components/product/product-thumb";
import { formatMoney } from "@/lib/money/money";
import { selectionToQuery } from "@/lib/catalog/variations";
import type { SavedLine } from "@/lib/saved/saved";

export function productHref(line: Pick<SavedLine, "slug" | "options">): string {
  const query = new URLSearchParams(selectionToQuery(line.options)).toString();
  return `/product/${line.slug}${query ? `?${query}` : ""}`;
}

function Change({ cents }: { cents: number }) {
  if (cents === 0) return <span className="text-stone-600">No change</span>;
  return cents < 0 ? (
    <span className="font-semibold text-success">Down {formatMoney(-cents)}</span>
  ) : (
    <span className="font-semibold text-terracotta-700">Up {formatMoney(cents)}</span>
  );
}

/** A saved list: each item with its price now, its price when saved and the change; `actions` per item. */
export function SavedRows({ items, actions }: { items: SavedLine[]; actions?: (line: SavedLine) => ReactNode }) {
  return (
    <ul className="divide-y divide-ink/10 border-y border-ink/10" data-testid="saved-list">
      {items.map((line) => {
        const options = Object.entries(line.options);
        return (
          <li
            key={`${line.productId}:${line.variationId ?? 0}`}
            className="grid grid-cols-[5rem_1fr] gap-4 py-5 sm:grid-cols-[8rem_1fr_auto] sm:items-center"
            data-testid="saved-item"
            data-slug={line.slug}
          >
            <ProductThumb picture={line.image} className="aspect-[4/3] w-full rounded-md bg-oat-100 object-cover" />
            <div className="min-w-0">
              <h2 className="font-sans text-base font-semibold tracking-normal text-ink">
                <Link href={productHref(line)} className="hover:underline">
                  {line.name}
                </Link>
              </h2>
              {options.length ? (
                <p className="mt-0.5 text-sm text-stone-700">{options.map(([k, v]) => `${k}: ${v}`).join(" · ")}</p>
              ) : line.needsOptions ? (
                <p className="mt-0.5 text-sm text-stone-700">Options not chosen yet</p>
              ) : null}
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                <dt className="text-stone-600">{line.needsOptions ? "From now" : "Now"}</dt>
                <dd className="font-semibold text-ink" data-testid="saved-price-now">
                  {formatMoney(line.priceCents)}
                </dd>
                <dt className="text-stone-600">When saved</dt>
                <dd className="text-stone-700" data-testid="saved-price-then">
                  {formatMoney(line.priceCentsAtSave)}
                </dd>
                <dt className="text-stone-600">Change</dt>
                <dd data-testid="saved-price-change">
                  <Change cents={line.changeCents} />
                </dd>
              </dl>
              {line.inStock ? null : <p className="mt-1 text-sm font-medium text-ink">Out of stock</p>}
            </div>
            {actions ? (
              <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:flex-col sm:items-stretch">
                {actions(line)}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
