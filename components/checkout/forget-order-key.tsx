"use client";

import { useEffect } from "react";

/**
 * Takes the order key out of the address once the page has it (the server keeps it in a cookie
 * scoped to this order page), before any analytics script, pixel or error report reads
 * location.href, and before a later link sends this address as a Referer.
 */
export function ForgetOrderKey() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("key")) return;
    url.searchParams.delete("key");
    window.history.replaceState(window.history.state, "", url);
  }, []);
  return null;
}
