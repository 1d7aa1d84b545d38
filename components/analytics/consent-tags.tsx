"use client";

import { Suspense, useEffect, useRef, useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import type { AnalyticsConfig, Grants } from "@/lib/analytics/consent";
import {
  clearThirdPartyCookies,
  gtmPageView,
  isLoaded,
  loadGtm,
  loadPixel,
  pixelPageView,
  updateGtmConsent,
} from "@/lib/analytics/third-party";

type Vendors = { gtm: boolean; pixel: boolean };

/** Runs `fn` once the page has loaded and the browser is idle (at most 2 s later). */
function whenIdle(fn: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function")
      idle = window.requestIdleCallback(() => !cancelled && fn(), { timeout: 2000 });
    else timer = setTimeout(() => !cancelled && fn(), 1);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
    if (timer) clearTimeout(timer);
  };
}

/**
 * The tag manager and the pixel, as far as the shopper's choice allows: loaded in idle time,
 * told of marketing consent changes, a page view per page, and a fresh page when consent is
 * withdrawn after a script ran. Its code is fetched only once something has been allowed.
 */
export function ConsentTags({
  config,
  allowed,
  marketing,
}: {
  config: AnalyticsConfig;
  allowed: Vendors;
  marketing: boolean;
}) {
  const [active, setActive] = useState<Vendors>({ gtm: false, pixel: false });

  // Consent withdrawn after a script ran: it cannot be unloaded, so start the page afresh.
  useEffect(() => {
    if ((isLoaded("gtm") && !allowed.gtm) || (isLoaded("pixel") && !allowed.pixel)) {
      clearThirdPartyCookies();
      window.location.reload();
    }
  }, [allowed.gtm, allowed.pixel]);

  useEffect(() => {
    if (!allowed.gtm && !allowed.pixel) return;
    return whenIdle(() => {
      const grants: Grants = { analytics: allowed.gtm, marketing };
      if (allowed.gtm && config.gtmId) loadGtm(config.gtmId, grants);
      if (allowed.pixel && config.pixelId) loadPixel(config.pixelId);
      setActive({ gtm: allowed.gtm, pixel: allowed.pixel });
    });
  }, [allowed.gtm, allowed.pixel, marketing, config]);

  // Marketing granted or refused while the tag manager runs (a no-op before it has loaded).
  useEffect(() => {
    updateGtmConsent({ analytics: true, marketing });
  }, [marketing]);

  return (
    <Suspense fallback={null}>
      <PageViews active={active} />
    </Suspense>
  );
}

/** A PageView (pixel) and a page_view (tag manager) for the page on load and on every client navigation. */
function PageViews({ active }: { active: Vendors }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const last = useRef<{ gtm: string | null; pixel: string | null }>({ gtm: null, pixel: null });

  useEffect(() => {
    const page = `${pathname}?${search}`;
    if (active.gtm && last.current.gtm !== page) {
      last.current.gtm = page;
      gtmPageView(window.location.href);
    }
    if (active.pixel && last.current.pixel !== page) {
      last.current.pixel = page;
      pixelPageView();
    }
  }, [pathname, search, active.gtm, active.pixel]);
  return null;
}
