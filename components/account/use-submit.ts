"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { asAccountApiError } from "@/lib/auth/account-api";
import { safeNextPath } from "@/lib/auth/next-path";
import { useCustomerStore, useHydrated } from "@/stores/customer";
import { toast, useToastStore } from "@/stores/toast";

/**
 * A form's busy flag, its error and the server's per-field messages (for the fields it names). The
 * failure is also shown as an error notification, as for every account call.
 */
export function useSubmit(fieldNames: readonly string[] = []) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  // Until React has hydrated, a click would submit the form natively, password and all.
  const ready = useHydrated();
  const errorToast = useRef<string | null>(null);

  const submit = (task: (form: FormData, element: HTMLFormElement) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const element = event.currentTarget;
    setPending(true);
    setError(null);
    setFields({});
    // A new try retires the last try's error notification.
    if (errorToast.current) useToastStore.getState().dismiss(errorToast.current);
    try {
      await task(new FormData(element), element);
    } catch (err) {
      const e = asAccountApiError(err);
      setError(e.message);
      setFields(e.fields);
      errorToast.current = toast({ title: e.message, type: "error" });
    } finally {
      setPending(false);
    }
  };
  // A message already shown beside its field is not repeated above the form.
  const shownBesideField = Object.keys(fields).some((name) => fieldNames.includes(name));
  return { pending, error: shownBesideField ? null : error, fields, submit, ready };
}

export const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** Where to go after signing in: the page's ?next= when it is a path on this site. */
export function nextPath(): string {
  return safeNextPath(new URLSearchParams(window.location.search).get("next"), window.location.origin);
}

/** Offers the address last used (kept in the customer store) once the page has hydrated. */
export function useRememberedEmail() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const email = useCustomerStore.getState().email;
    const input = ref.current;
    if (input && email && !input.value && document.activeElement !== input) input.value = email;
  }, []);
  return ref;
}
