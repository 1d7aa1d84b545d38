"use client";

import { type MouseEvent, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import {
  type AnalyticsConfig,
  allowedScripts,
  analyticsConfig,
  type EarlyPressWindow,
  type Grants,
  NOTICE_ACTION_ATTRIBUTE,
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
import type { CookieBanner } from "@/components/analytics/cookie-banner";

/**
 * The banner's code (the per-category choices) is fetched only when they open: "Choose cookies"
 * and Cookie settings. The notice itself comes drawn by the server. Not React.lazy behind a
 * Suspense fallback: React throttles the fallback's replacement (by up to 300 ms), and the
 * server's notice should give way to the banner as soon as its code is here, in one step.
 */
const loadBanner = () => import("@/components/analytics/cookie-banner").then((m) => m.CookieBanner);

/**
 * Hides the server's copy of the notice while the inline script's mark says a choice is stored
 * (lib/analytics/consent-script.ts), until this code has read the choice itself: the selector
 * is `[data-consent-chosen] &` (CHOSEN_ATTRIBUTE, spelt out for Tailwind to find).
 */
export const HIDDEN_WHEN_CHOSEN = "[[data-consent-chosen]_&]:hidden";

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
 *
 * `notice` is the notice as the server drew it (`notice-in-page.tsx`, in every page's HTML): shown
 * while the shopper has to be asked, its buttons handled here. Without it the banner's own code
 * draws the notice once fetched.
 */
export function ConsentManager({ config: given, notice }: { config?: AnalyticsConfig; notice?: ReactNode }) {
  const config = useMemo(() => given ?? analyticsConfig(), [given]);
  const offered = useMemo(() => offeredCategories(config), [config]);
  if (offered.length === 0) return null;
  return <Consent config={config} notice={notice} />;
}

function Consent({ config, notice }: { config: AnalyticsConfig; notice?: ReactNode }) {
  const offered = useMemo(() => offeredCategories(config), [config]);
  const { choice, loaded, settingsOpen, choicesRequested, load, choose, openSettings, requestChoices, closeSettings } =
    useConsentStore();
  const allowed = allowedScripts(choice, config);
  const marketing = choice?.granted.marketing === true;
  const [active, setActive] = useState<Vendors>({ gtm: false, pixel: false });
  const [Banner, setBanner] = useState<typeof CookieBanner | null>(null);

  /** A button of the server's notice (anything else is ignored: the inline script's record is any string). */
  const onNoticeAction = useCallback(
    (action: unknown) => {
      if (action === "accept" || action === "necessary") {
        const all = Object.fromEntries(offered.map((c) => [c, true])) as Partial<Grants>;
        choose(action === "accept" ? all : {}, offered);
        takeSettingsOpener()?.focus();
      } else if (action === "choose") requestChoices();
    },
    [choose, requestChoices, offered],
  );

  useEffect(() => {
    const early = takeEarlyPress();
    load();
    // Pressed before this code ran (the inline script kept it): done now, if still to be asked.
    if (early && needsAsking(useConsentStore.getState().choice, offered)) onNoticeAction(early);
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEY.consent || e.key === null) load();
    };
    const onClick = (e: globalThis.MouseEvent) => {
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
  }, [load, openSettings, offered, onNoticeAction]);

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

  // Before the choice is read (the server's render and hydration) the notice is drawn; the inline
  // script's mark hides it when a choice is stored.
  const asking = !loaded || needsAsking(choice, offered);
  const wantBanner = loaded && (settingsOpen || (asking && (choicesRequested || notice == null)));
  useEffect(() => {
    if (!wantBanner || Banner) return;
    let live = true;
    void loadBanner().then((b) => {
      if (live) setBanner(() => b);
    });
    return () => {
      live = false;
    };
  }, [wantBanner, Banner]);
  const showBanner = wantBanner && Banner !== null;
  // Until the banner's code is here, the server's notice stays (a first visit's choices opened).
  const showNotice = !showBanner && asking && notice != null;

  const close = () => {
    closeSettings();
    takeSettingsOpener()?.focus();
  };
  /** The server's notice has no handlers: its buttons name their action. */
  const onNoticeClick = (e: MouseEvent<HTMLDivElement>) => {
    const button = (e.target as Element).closest?.(`[${NOTICE_ACTION_ATTRIBUTE}]`);
    if (button) onNoticeAction(button.getAttribute(NOTICE_ACTION_ATTRIBUTE));
  };

  return (
    <>
      {showBanner || showNotice ? (
        // Clicks come from the server's notice's buttons (keyboard presses included); the div only listens.
        <div className={loaded ? undefined : HIDDEN_WHEN_CHOSEN} onClick={onNoticeClick}>
          {showBanner ? (
            <Banner
              offered={offered}
              choice={choice}
              settingsOpen={settingsOpen}
              expand={choicesRequested}
              onChoose={(granted) => {
                choose(granted, offered);
                takeSettingsOpener()?.focus();
              }}
              onClose={asking ? undefined : close}
            />
          ) : (
            notice
          )}
        </div>
      ) : null}
      <Suspense fallback={null}>
        <PageViews active={active} />
      </Suspense>
    </>
  );
}

/** A press on the server's notice that the inline script kept; stops it keeping any more. */
function takeEarlyPress(): unknown {
  const w = window as EarlyPressWindow;
  if (w.kayaConsentListener) document.documentElement.removeEventListener("click", w.kayaConsentListener, true);
  const pressed = w.kayaConsentPress;
  delete w.kayaConsentListener;
  delete w.kayaConsentPress;
  return pressed;
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
