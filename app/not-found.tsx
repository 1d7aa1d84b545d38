import type { Metadata } from "next";
import { Suspense } from "react";
import { ErrorView } from "@/components/layout/error-view";
import { NotFoundMessage } from "@/components/layout/not-found-message";
import { SiteLogo } from "@/components/layout/site-logo";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

/*
 * Every 404: an address no route matches, and the unknown catalogue and content slugs that
 * proxy.ts sends here (a page that streams could no longer answer 404 itself). Next sends this
 * tree with every page, so it holds no client code of the shop's chrome: the logo and the way
 * back, without the header's cart, account and search, or the footer.
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
