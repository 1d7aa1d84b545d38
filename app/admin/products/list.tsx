import Link from "next/link";
import type { AdminProduct } from "@/lib/admin/products";
import type { FilterField } from "@/lib/admin/list/filters";
import { choices, searchField } from "@/lib/admin/list/filters";
import { formatMoney } from "@/lib/money/money";
import { formatDateTime } from "@/lib/admin/format";
import { displayPrice, isOnSale } from "@/lib/catalog/pricing";

export const productFilters = (categories: readonly { slug: string; name: string }[]): readonly FilterField[] => [
  searchField("product-q", "Name or SKU"),
  {
    kind: "select",
    name: "category",
    id: "product-category",
    label: "Category",
    any: "All categories",
    options: categories.map((c) => ({ value: c.slug, label: c.name })),
  },
  {
    kind: "select",
    name: "stock",
    id: "product-stock",
    label: "Stock",
    any: "Any stock",
    options: choices([
      ["low", "Low stock"],
      ["out", "Sold out"],
    ]),
  },
];

function StockCell({ product, threshold }: { product: AdminProduct; threshold: number }) {
  const items = product.variations.length ? product.variations : [{ id: 0, option: "", stock: product.stock, sku: "" }];
  const out = items.filter((i) => i.stock === 0).length;
  const low = items.filter((i) => i.stock > 0 && i.stock < threshold).length;
  const total = items.reduce((s, i) => s + i.stock, 0);
  return (
    <span>
      {total} in stock
      {out ? (
        <span className="ml-2 rounded bg-danger/10 px-1.5 py-0.5 text-xs font-semibold text-danger">
          {product.variations.length ? `${out} sold out` : "Sold out"}
        </span>
      ) : null}
      {low ? (
        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{low} low</span>
      ) : null}
    </span>
  );
}

export function ProductCard({ product, threshold, open }: { product: AdminProduct; threshold: number; open: boolean }) {
  const price = displayPrice(
    { regularCents: product.regularPriceCents, saleCents: product.salePriceCents },
    product.variations.map((v) => ({ regularCents: v.regularPriceCents, saleCents: v.salePriceCents })),
  );
  return (
    <li className="min-w-0 rounded-card border border-ink/10 bg-white p-4 shadow-sm" data-testid="admin-product">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            href={`/admin/products/${product.id}`}
            className="text-base font-semibold text-olive-800 underline-offset-4 hover:underline"
          >
            {product.name}
          </Link>
          <p className="text-xs text-stone-600">{product.categoryName}</p>
        </div>
        <span
          className={`rounded px-2 py-0.5 text-xs font-semibold ${product.published ? "bg-olive-50 text-olive-800" : "bg-oat-200 text-stone-700"}`}
        >
          {product.published
            ? "Published"
            : product.publishAt
              ? `Scheduled for ${formatDateTime(product.publishAt)}`
              : "Hidden"}
        </span>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
        <span>
          {price.from ? "From " : ""}
          {formatMoney(price.priceCents)}
          {price.wasCents ? <s className="ml-1 text-stone-600">{formatMoney(price.wasCents)}</s> : null}
        </span>
        <StockCell product={product} threshold={threshold} />
      </p>
      {product.variations.length ? (
        <details className="mt-2" open={open}>
          <summary className="inline-flex min-h-6 cursor-pointer items-center text-sm font-medium text-olive-800">
            {product.variations.length} variations
          </summary>
          <div className="mt-2 overflow-x-auto" role="region" aria-label={`Variations of ${product.name}`} tabIndex={0}>
            <table className="w-full min-w-[520px] text-left text-sm">
              <thead>
                <tr className="text-xs uppercase tracking-[0.06em] text-stone-600">
                  <th className="py-1 pr-3 font-semibold">Option</th>
                  <th className="py-1 pr-3 font-semibold">SKU</th>
                  <th className="py-1 pr-3 font-semibold">Price</th>
                  <th className="py-1 pr-3 font-semibold">Sale</th>
                  <th className="py-1 font-semibold">Stock</th>
                </tr>
              </thead>
              <tbody>
                {product.variations.map((v) => (
                  <tr key={v.id} className="border-t border-ink/5">
                    <td className="py-1.5 pr-3">{v.option}</td>
                    <td className="py-1.5 pr-3 font-mono text-xs">{v.sku}</td>
                    <td className="py-1.5 pr-3">{formatMoney(v.regularPriceCents)}</td>
                    <td className="py-1.5 pr-3">
                      {isOnSale({ regularCents: v.regularPriceCents, saleCents: v.salePriceCents })
                        ? formatMoney(v.salePriceCents!)
                        : "—"}
                    </td>
                    <td
                      className={`py-1.5 ${v.stock === 0 ? "font-semibold text-danger" : v.stock < threshold ? "font-semibold text-amber-900" : ""}`}
                    >
                      {v.stock}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </li>
  );
}
