"use client";

import { lazy, Suspense } from "react";

const ROOT_ID = "footer-newsletter";
const TOUCH_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

let touched: Promise<void> | null = null;

/** Settles on the shopper's first move toward the form: a pointer over it, a tap, or focus inside it. */
function firstTouch(): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  touched ??= new Promise((resolve) => {
    const onEvent = (e: Event) => {
      if (!(e.target instanceof Element) || !e.target.closest(`#${ROOT_ID}`)) return;
      for (const type of TOUCH_EVENTS) document.removeEventListener(type, onEvent, true);
      resolve();
    };
    for (const type of TOUCH_EVENTS) document.addEventListener(type, onEvent, { capture: true, passive: true });
  });
  return touched;
}

/*
 * The server renders the whole form; in the browser its code is fetched only when the shopper
 * comes near it. Until then React leaves the server's HTML as it is (a boundary that suspends
 * while hydrating keeps its markup), and what is typed meanwhile stays in the same inputs. The
 * Subscribe button is disabled until the form has hydrated, so nothing submits natively.
 */
const Signup = lazy(() =>
  firstTouch()
    .then(() => import("@/components/content/newsletter-signup"))
    .then((m) => ({ default: m.NewsletterSignup })),
);

/** The footer's newsletter sign-up, hydrated on first use. */
export function FooterNewsletter() {
  return (
    <div id={ROOT_ID}>
      <Suspense fallback={null}>
        <Signup source="footer" />
      </Suspense>
    </div>
  );
}
