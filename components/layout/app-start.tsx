"use client";

import { useEffect } from "react";
import { followSignIn } from "@/components/cart/use-cart";

/** What the client does beside the pages: the cart follows signing in and out. */
export function AppStart() {
  useEffect(() => followSignIn(), []);
  return null;
}
