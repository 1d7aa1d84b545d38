"use client";

import { usePathname } from "next/navigation";

/** SPEC section 2: an unknown path's error reads "Page not found: {path}". */
export function NotFoundMessage() {
  const pathname = usePathname();
  return <>Page not found: {pathname}</>;
}
