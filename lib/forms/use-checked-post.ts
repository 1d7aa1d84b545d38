"use client";

import { useState, type FormEvent } from "react";
import type { FieldError } from "@/lib/forms/validation";
import { focusField, postJson, type PostResult } from "@/lib/forms/client";
import { toast, type ToastType } from "@/stores/toast";

export type Checked<T> = { ok: true; value: T } | { ok: false; error: FieldError };
type Posted = Extract<PostResult, { ok: true }>;
type Refused = Extract<PostResult, { ok: false }>;

/**
 * The content forms' submit (contact, newsletter, giveaway): the shared check runs in the
 * browser first and its message goes beside the field; then the post, with the server's refusal
 * shown the same way and as a notification. One submit at a time.
 */
export function useCheckedPost() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ field?: string | undefined; message: string } | null>(null);

  function submit<T>(opts: {
    check: (form: HTMLFormElement) => Checked<T>;
    url: string;
    body: (value: T) => Record<string, unknown>;
    done: (value: T, form: HTMLFormElement, result: Posted) => void;
    /** The notification's kind for a refusal (default "error"). */
    refusal?: (result: Refused) => ToastType;
    /** Runs first on every try: clears a previous success message. */
    start?: () => void;
  }) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (pending) return;
      const form = event.currentTarget;
      opts.start?.();
      const checked = opts.check(form);
      if (!checked.ok) {
        setError(checked.error);
        focusField(form, checked.error);
        return;
      }
      setPending(true);
      setError(null);
      const result = await postJson(opts.url, opts.body(checked.value));
      setPending(false);
      if (!result.ok) {
        setError(result);
        focusField(form, result);
        toast({ title: result.message, type: opts.refusal?.(result) ?? "error" });
        return;
      }
      opts.done(checked.value, form, result);
    };
  }

  return { pending, error, submit };
}
