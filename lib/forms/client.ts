import type { FieldError } from "@/lib/forms/validation";

/** A form's fields as the plain values the shared checks read. */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  new FormData(form).forEach((v, k) => {
    if (typeof v === "string") out[k] = v;
  });
  return out;
}

/** Moves focus to the field a message is about, so keyboard and screen-reader users land on it. */
export function focusField(
  form: HTMLFormElement,
  error: Pick<FieldError, "field"> | { field?: string | undefined },
): void {
  if (!error.field) return;
  const el = form.elements.namedItem(error.field);
  if (el instanceof HTMLElement) el.focus();
  else if (el && "length" in el && el[0] instanceof HTMLElement) el[0].focus();
}
