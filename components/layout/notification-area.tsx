"use client";

import { lazy, Suspense, useState } from "react";
import { useToastStore } from "@/stores/toast";

// Most page loads show no notification: their code comes with the first one.
const ToastList = lazy(() => import("@/components/layout/toast-list").then((m) => ({ default: m.ToastList })));

/**
 * Where notifications appear. The live region is in the page from the start, so a screen reader
 * announces what is added to it.
 */
export function NotificationArea() {
  const any = useToastStore((s) => s.toasts.length > 0);
  const [wanted, setWanted] = useState(false);
  if (any && !wanted) setWanted(true);
  return (
    <div aria-live="polite" aria-atomic="false" data-testid="notification-area">
      {wanted ? (
        <Suspense fallback={null}>
          <ToastList />
        </Suspense>
      ) : null}
    </div>
  );
}
