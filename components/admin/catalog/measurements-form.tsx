"use client";

import { useId } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { BUTTON_SECONDARY } from "@/components/admin/ui";
import { CheckField, Field, FormError } from "@/components/admin/catalog/field";
import { useAdminCall } from "@/components/admin/catalog/admin-call";
import { formText, refuseLocally } from "@/components/admin/catalog/form-values";
import { MEASURES, measurementErrors } from "@/lib/admin/product-form";
import { kilograms } from "@/lib/catalog/dimensions";
import type { Dimensions } from "@/lib/db/schema";

const FIELDS = [...MEASURES.map((m) => m.name), "weight"];

/**
 * The measurements of a product (what its variations without their own show) or of one
 * variation, in centimetres, and its weight in kilograms; a variation can pass them to every
 * variation of its size.
 */
export function MeasurementsForm({
  productId,
  variationId,
  label,
  dimensions,
  own,
  alike,
}: {
  productId: number;
  variationId: number | null;
  label: string;
  dimensions: Dimensions;
  /** Whether these are the variation's own (false: it shows the product's). */
  own: boolean;
  /** The attribute and value to match other variations by: { name: "Size", value: "3 Seater" }. */
  alike?: { name: string; value: string };
}) {
  const id = useId();
  const { send, refreshing } = useAdminCall();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: FIELDS });
  const save = submit(async (form) => {
    const text = formText(form);
    const measured = Object.fromEntries(FIELDS.map((name) => [name, text(name)]));
    refuseLocally(measurementErrors(measured));
    await send(`/api/admin/products/${productId}`, {
      action: "measurements",
      variationId,
      alike: alike && text("alike") === "on" ? alike.name : null,
      ...measured,
    });
  });
  const shown = dimensions as Record<string, unknown>;
  return (
    <details className="rounded-card border border-ink/10 bg-white p-4 sm:p-5" open={variationId === null}>
      <summary className="min-h-6 cursor-pointer text-sm font-semibold text-ink">
        {label}
        <span className="ml-2 font-normal text-stone-600">
          {dimensions.width} × {dimensions.depth} × {dimensions.height} cm
          {variationId !== null && !own ? " (the product's)" : ""}
        </span>
      </summary>
      <form noValidate onSubmit={save} aria-label={`Measurements of ${label}`} className="mt-4 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          {MEASURES.map((m) => (
            <Field
              key={m.name}
              id={`${id}-${m.name}`}
              name={m.name}
              label={`${m.label} (cm)`}
              inputMode="numeric"
              defaultValue={typeof shown[m.name] === "number" ? String(shown[m.name]) : ""}
              error={fields[m.name]}
              required={m.required}
            />
          ))}
          <Field
            id={`${id}-weight`}
            name="weight"
            label="Weight (kg)"
            inputMode="decimal"
            defaultValue={dimensions.weightGrams === undefined ? "" : kilograms(dimensions.weightGrams)}
            error={fields.weight}
          />
        </div>
        {alike ? (
          <CheckField name="alike">
            Also for every {alike.value} ({alike.name.toLowerCase()})
          </CheckField>
        ) : null}
        <FormError message={error} />
        <div>
          <button type="submit" className={BUTTON_SECONDARY} disabled={!ready || pending || refreshing}>
            {pending ? "Saving…" : "Save measurements"}
          </button>
        </div>
      </form>
    </details>
  );
}
