"use client";

import { useEffect, useState } from "react";
import { type Toast, useToastStore } from "@/stores/toast";

const STYLES: Record<Toast["type"], string> = {
  success: "border-success/30 bg-white [&_[data-dot]]:bg-success",
  info: "border-olive-700/30 bg-white [&_[data-dot]]:bg-olive-700",
  warn: "border-amber-600/40 bg-white [&_[data-dot]]:bg-amber-600",
  error: "border-danger/40 bg-white [&_[data-dot]]:bg-danger",
};

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.duration * 1000);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, dismiss]);
  return (
    <li>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        data-testid="toast"
        data-type={toast.type}
        className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-left shadow-lg ${STYLES[toast.type]}`}
      >
        <span data-dot aria-hidden className="mt-1.5 h-2 w-2 shrink-0 rounded-full" />
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-ink wrap-anywhere">{toast.title}</span>
          {toast.message ? <span className="mt-0.5 block text-sm text-stone-600">{toast.message}</span> : null}
          <span className="sr-only">Dismiss notification</span>
        </span>
      </button>
    </li>
  );
}

const GAP = 12;

/**
 * Where notifications start: just below the page's header while it is on screen (it holds the
 * cart and account links), else near the top edge.
 */
function useTopBelowHeader(active: boolean) {
  const [top, setTop] = useState(GAP);
  useEffect(() => {
    if (!active) return;
    const place = () => {
      const header = document.querySelector("body header");
      const bottom = header ? header.getBoundingClientRect().bottom : 0;
      setTop(Math.max(bottom, 0) + GAP);
    };
    place();
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [active]);
  return top;
}

/** The notifications on screen, placed below the header; loaded with the first one. */
export function ToastList() {
  const toasts = useToastStore((s) => s.toasts);
  const top = useTopBelowHeader(toasts.length > 0);
  return (
    <div
      style={{ top }}
      className="pointer-events-none fixed inset-x-0 z-50 flex justify-center px-3 sm:inset-x-auto sm:right-4"
    >
      <ol className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </div>
  );
}
