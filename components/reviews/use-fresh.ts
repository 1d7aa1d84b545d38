"use client";

import { useEffect, useRef } from "react";
import useSWR from "swr";
import { callApi } from "@/lib/http/api-client";
import { REVIEWS_MAX_AGE_SECONDS } from "@/lib/reviews/types";

const MAX_AGE_MS = REVIEWS_MAX_AGE_SECONDS * 1000;

/**
 * Data the server rendered, fetched again by the browser once it is older than 300 seconds:
 * on a timer while the page is open, and on return to the tab.
 */
export function useFresh<T>(url: string, initial: T) {
  const fetchedAt = useRef(0);
  const swr = useSWR<T>(
    url,
    async (u: string) => {
      const data = await callApi<T>("GET", u);
      fetchedAt.current = Date.now();
      return data;
    },
    {
      fallbackData: initial,
      revalidateOnMount: false,
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      refreshInterval: MAX_AGE_MS,
      dedupingInterval: 2_000,
    },
  );
  const { mutate } = swr;
  useEffect(() => {
    if (!fetchedAt.current) fetchedAt.current = Date.now();
    const check = () => {
      if (document.visibilityState === "visible" && Date.now() - fetchedAt.current > MAX_AGE_MS) void mutate();
    };
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [mutate]);
  return swr;
}
