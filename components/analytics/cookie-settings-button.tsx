"use client";

import { analyticsConfig, offeredCategories } from "@/lib/analytics/consent";
import { useConsentStore } from "@/stores/consent";

/** Reopens the cookie choices (footer). Absent when no tag manager or pixel is configured. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const openSettings = useConsentStore((s) => s.openSettings);
  if (offeredCategories(analyticsConfig()).length === 0) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={(e) => openSettings(e.currentTarget)}
      data-testid="cookie-settings"
    >
      Cookie settings
    </button>
  );
}
