"use client";

import { useEffect } from "react";
// Loaded with the root layout on purpose: every page's header, footer, 404 and error views link
// with next/link, and the bundler copies a module into each child boundary's chunk (the shop's
// and the order's layouts, not-found, error, global-error, the cookie banner) unless the root
// layout's chunk already has it: one copy instead of five.
import "next/link";
import { followSignIn } from "@/components/cart/cart-count";

/** What the client does beside the pages: the cart follows signing in and out. */
export function AppStart() {
  useEffect(() => followSignIn(), []);
  return null;
}
