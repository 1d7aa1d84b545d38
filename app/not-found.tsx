import type { Metadata } from "next";
import { Suspense } from "react";
import { ErrorView } from "@/components/layout/error-view";
import { NotFoundMessage } from "@/components/layout/not-found-message";
import { SiteLogo } from "@/components/layout/site-logo";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

/*
 * An address no route matches (a missing shop page gets app/(shop)/not-found.tsx inside the shop's
 * layout). Next sends this tree with every page, so it holds no client code of the shop's chrome:
 * the logo and the way back, without the header's cart, account and search.
 */
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-ink/10 bg-canvas">
        <div className="container-page flex h-16 items-center">
          <SiteLogo />
        </div>
      </header>
      <main id="main" className="flex-1 pb-16">
        <ErrorView
          statusCode={404}
          message={
            <Suspense fallback="Page not found">
              <NotFoundMessage />
            </Suspense>
          }
        />
      </main>
    </div>
  );
}
