"use client";

import { useEffect, useRef } from "react";
import { safeNextPath } from "@/lib/auth/next-path";
import { useCustomerStore } from "@/stores/customer";

export const text = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

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
