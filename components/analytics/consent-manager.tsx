"use client";

import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { usePathname, useSearchParams } from "next/navigation";
import {
  type AnalyticsConfig,
  allowedScripts,
  analyticsConfig,
  type Grants,
  needsAsking,
  offeredCategories,
} from "@/lib/analytics/consent";
import {
  clearThirdPartyCookies,
  gtmPageView,
  isLoaded,
  loadGtm,
  loadPixel,
  pixelPageView,
  updateGtmConsent,
} from "@/lib/analytics/third-party";
import { takeSettingsOpener, useConsentStore } from "@/stores/consent";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

// The banner's code is fetched only when it is shown: first visits and Cookie settings.
const CookieBanner = lazy(() =>
  import("@/components/analytics/cookie-banner").then((m) => ({ default: m.CookieBanner })),
);

/** Links to "#cookie-settings" (the privacy page's) open the settings instead of jumping. */
export const SETTINGS_HASH = "#cookie-settings";

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
 * The POPIA cookie notice and the consent-gated loading of the tag manager and the pixel. Without
 * a configured tag manager or pixel there is nothing to ask about, and nothing is shown.
 */
export function ConsentManager({ config: given }: { config?: AnalyticsConfig }) {
  const config = useMemo(() => given ?? analyticsConfig(), [given]);
  const offered = useMemo(() => offeredCategories(config), [config]);
  if (offered.length === 0) return null;
  return <Consent config={config} />;
}

function Consent({ config }: { config: AnalyticsConfig }) {
  const offered = useMemo(() => offeredCategories(config), [config]);
  const { choice, loaded, settingsOpen, load, choose, openSettings, closeSettings } = useConsentStore();
  const allowed = allowedScripts(choice, config);
  const marketing = choice?.granted.marketing === true;
  const [active, setActive] = useState<Vendors>({ gtm: false, pixel: false });

  useEffect(() => {
    load();
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEY.consent || e.key === null) load();
    };
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || !a.getAttribute("href")?.endsWith(SETTINGS_HASH)) return;
      e.preventDefault();
      openSettings(a);
    };
    window.addEventListener("storage", onStorage);
    document.addEventListener("click", onClick, true);
    if (window.location.hash === SETTINGS_HASH) openSettings();
    return () => {
      window.removeEventListener("storage", onStorage);
      document.removeEventListener("click", onClick, true);
    };
  }, [load, openSettings]);

  // Consent withdrawn after a script ran: it cannot be unloaded, so start the page afresh.
  useEffect(() => {
    if (!loaded) return;
    if ((isLoaded("gtm") && !allowed.gtm) || (isLoaded("pixel") && !allowed.pixel)) {
      clearThirdPartyCookies();
      window.location.reload();
    }
  }, [loaded, allowed.gtm, allowed.pixel]);

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

  const asking = loaded && needsAsking(choice, offered);
  const show = loaded && (asking || settingsOpen);
  const host = useBannerHost(show);

  const close = () => {
    closeSettings();
    takeSettingsOpener()?.focus();
  };

  return (
    <>
      <Suspense fallback={null}>
        <PageViews active={active} />
      </Suspense>
      {show && host
        ? createPortal(
            <Suspense fallback={null}>
              <CookieBanner
                offered={offered}
                choice={choice}
                settingsOpen={settingsOpen}
                onChoose={(granted) => {
                  choose(granted, offered);
                  takeSettingsOpener()?.focus();
                }}
                onClose={asking ? undefined : close}
              />
            </Suspense>,
            host,
          )
        : null}
    </>
  );
}

/**
 * The banner sits first in the page's order (it is drawn at the bottom of the screen), so the
 * first Tab reaches it, as on GOV.UK's cookie banner.
 */
function useBannerHost(show: boolean): HTMLElement | null {
  const [host] = useState(() => {
    if (typeof document === "undefined") return null;
    const el = document.createElement("div");
    el.id = "cookie-banner-root";
    return el;
  });
  // A layout effect: the host is in the page before the banner's own effects move focus.
  useLayoutEffect(() => {
    if (!show || !host) return;
    document.body.prepend(host);
    return () => host.remove();
  }, [show, host]);
  return host;
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
