import type { Metadata, Viewport } from "next";
import "@fontsource-variable/inter";
import "@fontsource-variable/fraunces";
import "./globals.css";
import { NotificationArea } from "@/components/layout/notification-area";
import { AppStart } from "@/components/layout/app-start";
import { CartDrawerSlot } from "@/components/cart/cart-drawer-slot";
import { PlatformClient } from "@/components/layout/platform-client";
import { ConsentManager } from "@/components/analytics/consent-manager";
import { BUILD_ID } from "@/lib/platform/build-id";
import { Suspense } from "react";
import { SITE } from "@/lib/config/site";
import { fullTitle, pageMetadata } from "@/lib/seo/metadata";

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
    <html lang={SITE.locale}>
      <body className="min-h-dvh bg-canvas text-ink antialiased">
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
        <ConsentManager />
        <Suspense fallback={null}>
          <PlatformClient buildId={BUILD_ID} />
        </Suspense>
      </body>
    </html>
  );
}
