import type { FieldError } from "@/lib/forms/validation";

/** A form post's outcome as the forms show it: the server's message, and the field it concerns. */
export type PostResult = { ok: true; status: number; message: string; body: Record<string, unknown> } | { ok: false; status: number; message: string; field?: string };

const FALLBACK = "Sorry, something went wrong on our side. Please try again in a moment.";

export async function postJson(url: string, body: Record<string, unknown>): Promise<PostResult> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    return { ok: false, status: 0, message: "We could not reach the shop. Please check your connection and try again." };
  }
  const json = (await res.json().catch(() => null)) as { message?: unknown; data?: { field?: unknown } } | null;
  const message = typeof json?.message === "string" && json.message ? json.message : FALLBACK;
  if (res.ok) return { ok: true, status: res.status, message, body: (json ?? {}) as Record<string, unknown> };
  const field = typeof json?.data?.field === "string" ? json.data.field : undefined;
  return field ? { ok: false, status: res.status, message, field } : { ok: false, status: res.status, message };
}

/** A form's fields as the plain values the shared checks read. */
export function formValues(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  new FormData(form).forEach((v, k) => {
    if (typeof v === "string") out[k] = v;
  });
  return out;
}

/** Moves focus to the field a message is about, so keyboard and screen-reader users land on it. */
export function focusField(form: HTMLFormElement, error: Pick<FieldError, "field"> | { field?: string | undefined }): void {
  if (!error.field) return;
  const el = form.elements.namedItem(error.field);
  if (el instanceof HTMLElement) el.focus();
  else if (el && "length" in el && el[0] instanceof HTMLElement) el[0].focus();
}
