"use client";

import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/**
 * This year, read from the visitor's clock: a prerendered page would otherwise keep the year it
 * was built in. The server's render leaves it empty, so hydration never disagrees.
 */
export function CurrentYear() {
  const year = useSyncExternalStore(
    unchanging,
    () => new Date().getFullYear(),
    () => null,
  );
  return <span data-testid="copyright-year">{year}</span>;
}
