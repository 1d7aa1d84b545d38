"use client";

import { lazy, memo, Suspense } from "react";

const ROOT_ID = "footer-newsletter";
// Near the form: a pointer over it or focus inside it. Anywhere: the first press of a pointer or key.
const NEAR_EVENTS = ["pointerover", "focusin"] as const;
const ANY_EVENTS = ["pointerdown", "touchstart", "keydown"] as const;

let touched: Promise<void> | null = null;

/**
 * Settles when the form is about to scroll into view, when the shopper comes near it, or at the
 * first press of anything on the page. In view: the Subscribe button is disabled until the form
 * hydrates, and a shopper should never see it so. The first press: while the form waits, a client
 * navigation that re-rendered it would wait too (React holds a transition until such a part has
 * hydrated), and every navigation starts with a press.
 */
function firstTouch(): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  touched ??= new Promise((resolve) => {
    const root = document.getElementById(ROOT_ID);
    if (!root || typeof IntersectionObserver === "undefined") return resolve();
    const all = [...NEAR_EVENTS, ...ANY_EVENTS];
    const done = () => {
      for (const type of all) document.removeEventListener(type, onEvent, true);
      observer.disconnect();
      resolve();
    };
    const onEvent = (e: Event) => {
      const near = e.target instanceof Element && root.contains(e.target);
      if (near || (ANY_EVENTS as readonly string[]).includes(e.type)) done();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: "300px 0px",
    });
    observer.observe(root);
    for (const type of all) document.addEventListener(type, onEvent, { capture: true, passive: true });
  });
  return touched;
}

/*
 * The server renders the whole form; in the browser its code is fetched only when the shopper
 * comes near it (firstTouch). Until then React leaves the server's HTML as it is (a boundary that
 * suspends while hydrating keeps its markup), and what is typed meanwhile stays in the same
 * inputs. The Subscribe button is disabled until the form has hydrated, so nothing submits
 * natively.
 */
const Signup = lazy(() =>
  firstTouch()
    .then(() => import("@/components/content/newsletter-signup"))
    .then((m) => ({ default: m.NewsletterSignup })),
);

/** The footer's newsletter sign-up, hydrated on first use; never re-rendered from above (memo). */
export const FooterNewsletter = memo(function FooterNewsletter() {
  return (
    <div id={ROOT_ID}>
      <Suspense fallback={null}>
        <Signup source="footer" />
      </Suspense>
    </div>
  );
});
