"use client";

import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import {
  type AnalyticsConfig,
  allowedScripts,
  analyticsConfig,
  needsAsking,
  offeredCategories,
} from "@/lib/analytics/consent";
import { takeSettingsOpener, useConsentStore } from "@/stores/consent";
import { STORAGE_KEY } from "@/lib/http/cookie-names";

// The banner's code is fetched only when it is shown: first visits and Cookie settings.
const CookieBanner = lazy(() =>
  import("@/components/analytics/cookie-banner").then((m) => ({ default: m.CookieBanner })),
);

// The tags' code (loading the tag manager and the pixel, page views): fetched once something is
// allowed, or as soon as the notice shows, so a choice made in it loads the scripts in the next
// idle time as before; a returning visitor who allowed nothing never fetches it.
let tagsModule: Promise<typeof import("@/components/analytics/consent-tags")> | null = null;
const loadTags = () =>
  (tagsModule ??= import("@/components/analytics/consent-tags").catch((err: unknown) => {
    // A failed fetch may be tried again (a lazy part that still fails reaches the chunk-error reload).
    tagsModule = null;
    throw err;
  }));
const ConsentTags = lazy(() => loadTags().then((m) => ({ default: m.ConsentTags })));

/** Links to "#cookie-settings" (the privacy page's) open the settings instead of jumping. */
export const SETTINGS_HASH = "#cookie-settings";

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
  // Once anything was allowed on this page the tags stay, to reload the page if it is withdrawn.
  const [tagsWanted, setTagsWanted] = useState(false);
  if ((allowed.gtm || allowed.pixel) && !tagsWanted) setTagsWanted(true);

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

  const asking = loaded && needsAsking(choice, offered);
  const show = loaded && (asking || settingsOpen);
  const host = useBannerHost(show);
  useEffect(() => {
    if (show) void loadTags().catch(() => undefined);
  }, [show]);

  const close = () => {
    closeSettings();
    takeSettingsOpener()?.focus();
  };

  return (
    <>
      {tagsWanted ? (
        <Suspense fallback={null}>
          <ConsentTags config={config} allowed={allowed} marketing={marketing} />
        </Suspense>
      ) : null}
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
