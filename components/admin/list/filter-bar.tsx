import Link from "next/link";
import type { ReactNode } from "react";
import { BUTTON, BUTTON_SECONDARY, INPUT, LABEL } from "@/components/admin/ui";
import type { FilterField } from "@/lib/admin/list/filters";
import type { ListParams } from "@/lib/admin/list/query";

const shown = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");

const FRAME = "mb-5 rounded-card border border-ink/10 bg-white p-4";

function Field({ field, value }: { field: FilterField; value: string }) {
  return (
    <div>
      <label htmlFor={field.id} className={LABEL}>
        {field.label}
      </label>
      {field.kind === "select" ? (
        <select id={field.id} name={field.name} defaultValue={value} className={INPUT}>
          <option value="">{field.any}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={field.id}
          name={field.name}
          type={field.kind}
          defaultValue={value}
          placeholder={field.kind === "search" ? field.placeholder : undefined}
          className={INPUT}
        />
      )}
    </div>
  );
}

/**
 * A list's search form: a GET to the list's own address, so the filter lives in the URL. `hidden`
 * carries what picks the list (a tab) through a search; `aside` stands beside the form (an Export
 * button, a form of its own); `clear` makes Filter the main button with a Clear link while filtered.
 */
export function FilterBar({
  label,
  fields,
  values,
  grid,
  action,
  hidden = {},
  submit = "Filter",
  clear,
  aside,
}: {
  label: string;
  fields: readonly FilterField[];
  /** The typed query, whose values fill the controls. */
  values: Record<string, unknown>;
  /** The grid's columns from the small screen up, one per field and one for the button. */
  grid: string;
  action?: string;
  hidden?: ListParams;
  submit?: string;
  clear?: { href: string; shown: boolean };
  aside?: ReactNode;
}) {
  const form = (
    <form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className={aside ? `grid min-w-0 flex-1 gap-3 ${grid}` : `${FRAME} grid gap-3 ${grid}`}
    >
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {fields.map((field) => (
        <Field key={field.name} field={field} value={shown(values[field.name])} />
      ))}
      {clear ? (
        <div className="flex gap-2">
          <button type="submit" className={BUTTON}>
            {submit}
          </button>
          {clear.shown ? (
            <Link href={clear.href} className={BUTTON_SECONDARY}>
              Clear
            </Link>
          ) : null}
        </div>
      ) : (
        <button type="submit" className={BUTTON_SECONDARY}>
          {submit}
        </button>
      )}
    </form>
  );
  if (!aside) return form;
  return (
    <div className={`${FRAME} flex flex-col gap-3 sm:flex-row sm:items-end`}>
      {form}
      {aside}
    </div>
  );
}
