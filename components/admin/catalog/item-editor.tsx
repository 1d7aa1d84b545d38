"use client";

import { useId, type FormEventHandler, type ReactNode } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { BUTTON, BUTTON_SECONDARY } from "@/components/admin/ui";
import { CheckField, Field, FormError, SelectField } from "@/components/admin/catalog/field";
import { useAdminCall } from "@/components/admin/catalog/admin-call";
import { formatMoney } from "@/lib/money/money";
import { pricePoint } from "@/lib/catalog/pricing";

export type EditableItem = {
  productId: number;
  variationId: number | null;
  label: string;
  sku: string;
  regularPriceCents: number;
  salePriceCents: number | null;
  stock: number;
  /** The attribute and value to match other variations by when a price is set for them all. */
  alike?: { name: string; value: string };
};

const PRICE_FIELDS = ["regularPrice", "salePrice"] as const;
const STOCK_FIELDS = ["mode", "quantity"] as const;

/** The item's two forms: what each is called, the fields it sends, and its save button. */
const FORMS = {
  price: { title: "Prices of", fields: PRICE_FIELDS, save: "Save prices", look: BUTTON },
  stock: { title: "Stock of", fields: STOCK_FIELDS, save: "Save stock", look: BUTTON_SECONDARY },
} as const;
type FormKind = keyof typeof FORMS;

const randsText = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** One simple product's or variation's prices and stock, each saved on its own. */
export function ItemEditor({ item, lowStockThreshold }: { item: EditableItem; lowStockThreshold: number }) {
  const id = useId();
  const path = `/api/admin/products/${item.productId}`;
  const { send, refreshing } = useAdminCall();
  const price = useFormSubmit({ fieldNames: PRICE_FIELDS });
  const stock = useFormSubmit({ fieldNames: STOCK_FIELDS });
  /** Sends one of the item's forms to the product's call: the action, the variation, the fields as typed. */
  const change = (action: FormKind) => (form: HTMLFormElement) => {
    const data = new FormData(form);
    const typed = Object.fromEntries(FORMS[action].fields.map((name) => [name, String(data.get(name) ?? "")]));
    const alike = item.alike && data.get("alike") === "on" ? item.alike.name : null;
    return send(path, { action, variationId: item.variationId, ...typed, ...(action === "price" ? { alike } : {}) });
  };
  /** A price in rands as typed, with the server's message for it. */
  const priceField = (key: string, name: (typeof PRICE_FIELDS)[number], label: string, cents: number | null) => ({
    id: `${id}-${key}`,
    name,
    label,
    inputMode: "decimal" as const,
    defaultValue: randsText(cents),
    error: price.fields[name],
  });
  const low = item.stock < lowStockThreshold;
  const shown = pricePoint({ regularCents: item.regularPriceCents, saleCents: item.salePriceCents });

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
        <ItemForm
          kind="price"
          of={item.label}
          state={price}
          onSubmit={price.submit(change("price"))}
          busy={refreshing}
          extra={
            item.alike ? (
              <CheckField name="alike">
                Also for every {item.alike.value} ({item.alike.name.toLowerCase()})
              </CheckField>
            ) : null
          }
          aside={
            <span className="text-xs text-stone-600">
              Now {formatMoney(shown.priceCents)}
              {shown.wasCents !== null ? ` (was ${formatMoney(shown.wasCents)})` : ""}
            </span>
          }
        >
          <Field {...priceField("regular", "regularPrice", "Regular price (R)", item.regularPriceCents)} required />
          <Field
            {...priceField("sale", "salePrice", "Sale price (R)", item.salePriceCents)}
            hint="Empty: not on sale"
          />
        </ItemForm>
        <ItemForm kind="stock" of={item.label} state={stock} onSubmit={stock.submit(change("stock"))} busy={refreshing}>
          <SelectField id={`${id}-mode`} name="mode" label="Change" defaultValue="add" error={stock.fields.mode}>
            <option value="add">Add a delivery</option>
            <option value="set">Set the count</option>
          </SelectField>
          <Field
            id={`${id}-quantity`}
            name="quantity"
            label="Quantity"
            inputMode="numeric"
            error={stock.fields.quantity}
            required
          />
        </ItemForm>
      </div>
    </section>
  );
}

/** One of the item's two forms: its two fields side by side, its message, and its save button. */
function ItemForm({
  kind,
  of,
  state,
  onSubmit,
  busy,
  aside,
  extra,
  children,
}: {
  kind: FormKind;
  /** The item's name, for the form's own. */
  of: string;
  state: { ready: boolean; pending: boolean; error: string | null };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The page is refreshing after a save. */
  busy: boolean;
  aside?: ReactNode;
  /** Below the two fields: a choice that goes with them. */
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { title, save, look } = FORMS[kind];
  return (
    <form noValidate aria-label={`${title} ${of}`} className="grid gap-3" onSubmit={onSubmit}>
      <div className="grid grid-cols-2 gap-3">{children}</div>
      {extra}
      <FormError message={state.error} />
      <div className={aside ? "flex flex-wrap items-center gap-3" : undefined}>
        <button type="submit" className={look} disabled={!state.ready || state.pending || busy}>
          {save}
        </button>
        {aside}
      </div>
    </form>
  );
}
