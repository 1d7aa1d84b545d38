"use client";

import { useId } from "react";
import { useFormSubmit } from "@/lib/forms/use-form-submit";
import { BUTTON, BUTTON_SECONDARY, INPUT, LABEL } from "@/components/admin/ui";
import { Field, FormError } from "@/components/admin/catalog/field";
import { useAdminCall } from "@/components/admin/catalog/admin-call";
import { formatMoney } from "@/lib/money/money";

export type EditableItem = {
  productId: number;
  variationId: number | null;
  label: string;
  sku: string;
  regularPriceCents: number;
  salePriceCents: number | null;
  stock: number;
};

const randsText = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** One simple product's or variation's prices and stock, each saved on its own. */
export function ItemEditor({ item, lowStockThreshold }: { item: EditableItem; lowStockThreshold: number }) {
  const id = useId();
  const path = `/api/admin/products/${item.productId}`;
  const { send, refreshing } = useAdminCall();
  const price = useFormSubmit({ fieldNames: ["regularPrice", "salePrice"] });
  const stock = useFormSubmit({ fieldNames: ["quantity", "mode"] });
  const value = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");
  const low = item.stock < lowStockThreshold;

  return (
    <section
      className="min-w-0 rounded-card border border-ink/10 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby={`${id}-title`}
      data-testid="stock-item"
      data-sku={item.sku}
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-sans text-base font-semibold text-ink">
          {item.label}
        </h2>
        <p className="text-xs text-stone-600">
          {item.sku ? <span className="mr-2 font-mono">{item.sku}</span> : null}
          <span
            className={item.stock === 0 ? "font-semibold text-danger" : low ? "font-semibold text-amber-800" : ""}
            data-testid="stock-count"
          >
            {item.stock === 0 ? "Sold out" : `${item.stock} in stock`}
          </span>
        </p>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <form
          noValidate
          aria-label={`Prices of ${item.label}`}
          className="grid gap-3"
          onSubmit={price.submit((form) =>
            send(path, {
              action: "price",
              variationId: item.variationId,
              regularPrice: value(form, "regularPrice"),
              salePrice: value(form, "salePrice"),
            }),
          )}
        >
          <div className="grid grid-cols-2 gap-3">
            <Field
              id={`${id}-regular`}
              name="regularPrice"
              label="Regular price (R)"
              inputMode="decimal"
              defaultValue={randsText(item.regularPriceCents)}
              error={price.fields.regularPrice}
              required
            />
            <Field
              id={`${id}-sale`}
              name="salePrice"
              label="Sale price (R)"
              inputMode="decimal"
              defaultValue={randsText(item.salePriceCents)}
              error={price.fields.salePrice}
              hint="Empty: not on sale"
            />
          </div>
          <FormError message={price.error} />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={BUTTON} disabled={!price.ready || price.pending || refreshing}>
              Save prices
            </button>
            <span className="text-xs text-stone-600">
              Now {formatMoney(item.salePriceCents ?? item.regularPriceCents)}
              {item.salePriceCents !== null ? ` (was ${formatMoney(item.regularPriceCents)})` : ""}
            </span>
          </div>
        </form>
        <form
          noValidate
          aria-label={`Stock of ${item.label}`}
          className="grid gap-3"
          onSubmit={stock.submit((form) =>
            send(path, {
              action: "stock",
              variationId: item.variationId,
              mode: value(form, "mode"),
              quantity: value(form, "quantity"),
            }),
          )}
        >
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={`${id}-mode`} className={LABEL}>
                Change
              </label>
              <select id={`${id}-mode`} name="mode" className={INPUT} defaultValue="add">
                <option value="add">Add a delivery</option>
                <option value="set">Set the count</option>
              </select>
            </div>
            <Field
              id={`${id}-quantity`}
              name="quantity"
              label="Quantity"
              inputMode="numeric"
              error={stock.fields.quantity}
              required
            />
          </div>
          <FormError message={stock.error} />
          <div>
            <button type="submit" className={BUTTON_SECONDARY} disabled={!stock.ready || stock.pending || refreshing}>
              Save stock
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
