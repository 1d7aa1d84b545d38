"use client";

import { usePathname } from "next/navigation";

export function NotFoundMessage() {
  const pathname = usePathname();
  return <>Page not found: {pathname}</>;
}
