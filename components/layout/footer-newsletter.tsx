"use client";

import { memo } from "react";
import { NewsletterSignup } from "@/components/content/newsletter-signup";

/*
 * The footer's newsletter sign-up, hydrated with the page. Hydrating it later (its code fetched
 * as the shopper neared it, the server's HTML kept meanwhile) saved 2.6 kB but left a boundary
 * suspended in hydration on every page, and React holds a client navigation until such a part
 * has hydrated: a navigation not started by a press (the router's push after a redirect, a
 * sign-in) never finished.
 */
export const FooterNewsletter = memo(function FooterNewsletter() {
  return (
    <div id="footer-newsletter">
      <NewsletterSignup source="footer" />
    </div>
  );
});
