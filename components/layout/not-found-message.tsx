"use client";

import { usePathname } from "next/navigation";
import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/**
 * Names the missing address once in the browser: the 404 page is prerendered once for every
 * address, so the server's render cannot know it, and hydration must match that render.
 */
export function NotFoundMessage() {
  const pathname = usePathname();
  const mounted = useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
  return <>Page not found{mounted && pathname ? `: ${pathname}` : ""}</>;
}
