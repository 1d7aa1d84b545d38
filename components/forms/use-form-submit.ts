"use client";

import { useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { ApiCallError, asApiCallError } from "@/lib/http/api-client";
import { focusField } from "@/lib/forms/client";
import { toast, useToastStore, type ToastType } from "@/stores/toast";

/** What a task returns when the page is being replaced (a gateway, a reload): the form stays busy. */
export const LEAVING = "leaving";

export type Failure = { message: string; fields: Record<string, string> };

type Notice = { title: string; message?: string; type: ToastType };

const noSubscription = () => () => {};

/**
 * Every form's submit. One at a time: a submit while one runs is ignored. The task sends the form
 * (through callApi) and does what success means; a refusal's message and the server's per-field
 * messages are kept for the form to show, the first field named gets the focus, and the refusal
 * is also a notification (unless `notice` answers null), which the next try retires. The server's
 * answer is the one source of the messages; the checkout only takes one away once its field passes
 * the server's own rule (lib/orders/checkout-fields.ts). `ready` stays false until React has
 * hydrated: a click before that would submit the form natively, its fields in the address.
 */
export function useFormSubmit(
  options: { fieldNames?: readonly string[]; notice?: (error: ApiCallError) => Notice | null } = {},
) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const running = useRef(false);
  const lastNotice = useRef<string | null>(null);
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const submit =
    (task: (form: HTMLFormElement) => Promise<void | typeof LEAVING>) =>
    async (event: FormEvent<HTMLFormElement>): Promise<void> => {
      event.preventDefault();
      if (running.current) return;
      const form = event.currentTarget;
      running.current = true;
      setPending(true);
      setFailure(null);
      if (lastNotice.current) useToastStore.getState().dismiss(lastNotice.current);
      lastNotice.current = null;
      let leaving = false;
      try {
        leaving = (await task(form)) === LEAVING;
      } catch (err) {
        const e = asApiCallError(err);
        setFailure({ message: e.message, fields: e.fields });
        const first = Object.keys(e.fields)[0];
        if (first) focusField(form, { field: first });
        const notice = options.notice ? options.notice(e) : { title: e.message, type: "error" as const };
        // A form that shows the refusal itself (an error summary) asks for no notification.
        if (notice) lastNotice.current = toast(notice);
      } finally {
        if (!leaving) {
          running.current = false;
          setPending(false);
        }
      }
    };

  const fields = failure?.fields ?? {};
  // A message shown beside one of the form's own fields is not repeated above the form.
  const shownBesideField = Object.keys(fields).some((name) => options.fieldNames?.includes(name));
  return {
    pending,
    ready,
    /** The last refusal's message (null while none), for forms that show one message. */
    message: failure?.message ?? null,
    /** The same, unless a field of `fieldNames` shows it. */
    error: shownBesideField ? null : (failure?.message ?? null),
    fields,
    submit,
  };
}
