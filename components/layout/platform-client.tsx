"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { createLoadingBar, IDLE, LOADING_BAR, type LoadingBarState } from "@/lib/platform/loading-bar";
import { isChunkLoadError, reloadAfterChunkError } from "@/lib/platform/reload-guard";
import { callApi } from "@/lib/http/api-client";

export const BUILD_POLL_MS = 60_000;

function sameOriginNavigation(e: MouseEvent): URL | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!a || a.target === "_blank" || a.hasAttribute("download")) return null;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

/**
 * What every page does in the browser: the top loading bar on client
 * navigations, a full load on the next navigation once a new build is live, a guarded reload
 * when a chunk fails to load, and the `modal` query parameter taken out of the address.
 */
export function PlatformClient({ buildId }: { buildId: string }) {
  const [bar, setBar] = useState<LoadingBarState>(IDLE);
  const controller = useRef<ReturnType<typeof createLoadingBar> | null>(null);
  const newBuild = useRef(false);
  const pathname = usePathname();
  const searchParams = useSearchParams();

  useEffect(() => {
    controller.current = createLoadingBar(setBar);
    return () => controller.current?.dispose();
  }, []);

  // A navigation has landed: finish the bar.
  useEffect(() => {
    controller.current?.finish();
  }, [pathname, searchParams]);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has("modal")) {
      url.searchParams.delete("modal");
      window.history.replaceState(window.history.state, "", url);
    }

    const onClick = (e: MouseEvent) => {
      const target = sameOriginNavigation(e);
      if (!target) return;
      if (newBuild.current) {
        // A new build is live: load the page in full so the browser gets the new code.
        e.preventDefault();
        window.location.assign(target.href);
        return;
      }
      controller.current?.start();
    };
    document.addEventListener("click", onClick, true);

    const onChunkError = (reason: unknown) => {
      if (!isChunkLoadError(reason)) return;
      controller.current?.error();
      reloadAfterChunkError(reason);
    };
    const onError = (e: ErrorEvent) => onChunkError(e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => onChunkError(e.reason);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);

    const poll = async () => {
      try {
        const { id } = await callApi<{ id: string }>("GET", "/api/build", { ts: Date.now() });
        if (id && id !== buildId) newBuild.current = true;
      } catch {
        // Offline for a moment, or the server busy: try again next time.
      }
    };
    const timer = setInterval(poll, BUILD_POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && poll();
    document.addEventListener("visibilitychange", onVisible);

    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
      document.removeEventListener("visibilitychange", onVisible);
      clearInterval(timer);
    };
  }, [buildId]);

  return (
    <div
      aria-hidden
      data-testid="loading-bar"
      data-visible={bar.visible}
      data-phase={bar.phase}
      data-error={bar.error}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60]"
      style={{
        height: LOADING_BAR.height,
        opacity: bar.visible ? 1 : 0,
        transition: `opacity ${LOADING_BAR.hideDelay / 2}ms ease`,
      }}
    >
      <div
        style={{
          height: "100%",
          width: `${bar.progress}%`,
          background: bar.error ? "#dc2626" : "linear-gradient(to right, #00dc82, #34cdfe, #0047e1)",
          transition:
            bar.progress === 0 ? "none" : `width ${bar.phase === "finishing" ? 200 : LOADING_BAR.duration}ms ease-out`,
        }}
      />
    </div>
  );
}
