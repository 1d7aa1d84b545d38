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
  const found = form.elements.namedItem(error.field);
  const el = found instanceof HTMLElement ? found : found && "length" in found ? found[0] : null;
  if (!(el instanceof HTMLElement)) return;
  el.focus({ preventScroll: true });
  // Centred, so the field's label and message above it are on screen too.
  el.scrollIntoView?.({ block: "center" });
}
