"use client";

import { useState } from "react";

/**
 * Copies one value (a payment reference, an account number) and says so where a screen reader
 * hears it. Where the clipboard is not allowed, it says how to copy by hand instead.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [said, setSaid] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(`${label} copied`);
    } catch {
      setSaid(`Select the ${label.toLowerCase()} and copy it`);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={copy}
        aria-label={`Copy ${label.toLowerCase()} ${value}`}
        className="min-h-8 rounded-md border border-ink/20 bg-white px-2.5 py-1 text-xs font-semibold text-ink hover:bg-oat-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-olive-700"
      >
        Copy
      </button>
      <span
        role="status"
        className="text-xs text-success"
        data-testid={`copied-${label.toLowerCase().replace(/\s+/g, "-")}`}
      >
        {said}
      </span>
    </span>
  );
}
