import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import "./globals.css";
import { NotificationArea } from "@/components/layout/notification-area";
import { AppStart } from "@/components/layout/app-start";
import { CartDrawerSlot } from "@/components/cart/cart-drawer-slot";
import { PlatformClient } from "@/components/layout/platform-client";
import { ConsentManager } from "@/components/analytics/consent-manager";
import { ConsentScript, CookieNotice } from "@/components/analytics/notice-in-page";
import { BUILD_ID } from "@/lib/platform/build-id";
import { Suspense } from "react";
import { SITE } from "@/lib/config/site";
import { fullTitle, pageMetadata } from "@/lib/seo/metadata";

/*
 * The shop's two typefaces, from their npm packages (the build machine may not reach a font
 * service), through next/font: preloaded, and with a fallback face sized to the same metrics, so
 * text neither waits for them nor moves when they arrive (loaded as plain @font-face, they swapped
 * in after the first paint and pushed the home page's hero down by 45 px: layout shift 0.096).
 * Latin only: the shop's copy is English and Afrikaans names; anything else uses the fallback.
 */
const sans = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  variable: "--font-inter",
  display: "swap",
  adjustFontFallback: "Arial",
});
const display = localFont({
  src: "../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
  weight: "100 900",
  variable: "--font-fraunces",
  display: "swap",
  adjustFontFallback: "Times New Roman",
});

export const metadata: Metadata = {
  metadataBase: new URL(SITE.canonicalUrl),
  // Pages state their whole head through pageMetadata(); these are the defaults for the rest (404s).
  ...withoutAddress(pageMetadata({ path: "/" })),
  title: { default: fullTitle(), template: fullTitle("%s") },
  applicationName: SITE.name,
};

/** A default head names no address: a 404 page is not the home page. */
function withoutAddress(m: Metadata): Metadata {
  return { ...m, alternates: undefined, openGraph: { ...m.openGraph, url: undefined } };
}

export const viewport: Viewport = { themeColor: "#faf7f2", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // The consent script marks <html> before React sees it (a stored cookie choice).
    <html lang={SITE.locale} className={`${sans.variable} ${display.variable}`} suppressHydrationWarning>
      <body className="min-h-dvh bg-canvas text-ink antialiased">
        {/* The cookie notice, in the HTML and first in the page's order (the first Tab reaches it,
            as on GOV.UK); the script before it hides it before the first paint for a shopper who
            has already chosen. */}
        <ConsentScript />
        <ConsentManager notice={<CookieNotice />} />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {children}
        <NotificationArea />
        <CartDrawerSlot />
        <AppStart />
        <Suspense fallback={null}>
          <PlatformClient buildId={BUILD_ID} />
        </Suspense>
      </body>
    </html>
  );
}
