"use client";

import { useId, useRef, useState } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { BUTTON_SECONDARY } from "@/components/admin/ui";
import { Field, FormError, TextAreaField } from "@/components/admin/catalog/field";
import { useAdminCall } from "@/components/admin/catalog/admin-call";
import { refuseLocally } from "@/components/admin/catalog/form-values";
import { FABRIC_ATTRIBUTE, OPTION_LIMITS, optionChanges, optionsErrors, optionsFields } from "@/lib/admin/options-form";
import type { ProductAttribute } from "@/lib/db/schema";

type Row = { key: number; name: string; values: string };

const FIELDS = [
  "attributes",
  ...Array.from({ length: OPTION_LIMITS.attributes }, (_, i) => [
    `attributes.${i}.name`,
    `attributes.${i}.values`,
  ]).flat(),
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** What saving would do, said before staff press Save: the options made, kept and removed. */
function outcome(rows: Row[], existing: readonly Record<string, string>[], range: readonly { name: string }[]): string {
  const parsed = optionsFields(range).safeParse({ attributes: rows.map(({ name, values }) => ({ name, values })) });
  if (!parsed.success) return "";
  const { grid, made, removed } = optionChanges(parsed.data.attributes, existing);
  if (grid.length === 0)
    return removed.length ? `Sold as one item; its ${plural(removed.length, "option")} removed.` : "Sold as one item.";
  const fresh = made.length ? `${made.length} new (no stock yet)` : "none new";
  return `${plural(grid.length, "option")}: ${fresh}, ${removed.length} removed.`;
}

/**
 * A product's attributes (Size, Fabric…) and their values. Saved, the product is sold in every
 * combination of them; the line under the form says what saving would make and remove.
 */
export function OptionsForm({
  productId,
  attributes,
  existing,
  fabrics,
}: {
  productId: number;
  attributes: ProductAttribute[];
  existing: Record<string, string>[];
  /** The names of the shop's fabrics, in the range's order. */
  fabrics: string[];
}) {
  const range = fabrics.map((name) => ({ name }));
  const id = useId();
  const nextKey = useRef(attributes.length);
  const [rows, setRows] = useState<Row[]>(() =>
    attributes.map((a, key) => ({ key, name: a.name, values: a.options.join(", ") })),
  );
  const { send, refreshing } = useAdminCall();
  const { submit, pending, ready, fields, error } = useFormSubmit({ fieldNames: FIELDS });
  const change = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const save = submit(async () => {
    const sent = { attributes: rows.map(({ name, values }) => ({ name, values })) };
    refuseLocally(optionsErrors(range, sent));
    await send(`/api/admin/products/${productId}/options`, sent);
  });
  const summary = outcome(rows, existing, range);

  return (
    <form noValidate onSubmit={save} aria-label="Attributes and options" className="grid gap-4">
      <p className="text-sm text-stone-600">
        Values separated by commas. With two or more values in any attribute, the product is sold in every combination;
        each new one starts with no stock. {FABRIC_ATTRIBUTE} takes our fabrics: {fabrics.join(", ")}.
      </p>
      {rows.map((row, i) => (
        <fieldset
          key={row.key}
          className="grid gap-3 rounded-card border border-ink/10 p-3 sm:grid-cols-[12rem_1fr_auto]"
        >
          <legend className="sr-only">Attribute {i + 1}</legend>
          <Field
            id={`${id}-${row.key}-name`}
            name={`attributes.${i}.name`}
            label="Attribute"
            value={row.name}
            onChange={(e) => change(row.key, { name: e.target.value })}
            error={fields[`attributes.${i}.name`]}
            placeholder="Size"
            required
          />
          <TextAreaField
            id={`${id}-${row.key}-values`}
            name={`attributes.${i}.values`}
            label={`Values of ${row.name.trim() || `attribute ${i + 1}`}`}
            rows={2}
            value={row.values}
            onChange={(e) => change(row.key, { values: e.target.value })}
            error={fields[`attributes.${i}.values`]}
            placeholder="2 Seater, 3 Seater"
            required
          />
          <div className="self-end">
            <button
              type="button"
              className={BUTTON_SECONDARY}
              onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
            >
              Remove<span className="sr-only"> {row.name || `attribute ${i + 1}`}</span>
            </button>
          </div>
        </fieldset>
      ))}
      {rows.length < OPTION_LIMITS.attributes ? (
        <div>
          <button
            type="button"
            className={BUTTON_SECONDARY}
            onClick={() => setRows((all) => [...all, { key: nextKey.current++, name: "", values: "" }])}
          >
            Add an attribute
          </button>
        </div>
      ) : null}
      <FormError message={fields.attributes ?? error} />
      <p aria-live="polite" className="min-h-5 text-sm text-stone-700">
        {summary}
      </p>
      <div>
        <button type="submit" className={BUTTON_SECONDARY} disabled={!ready || pending || refreshing}>
          {pending ? "Saving…" : "Save options"}
        </button>
      </div>
    </form>
  );
}
