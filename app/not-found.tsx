import type { Metadata } from "next";
import { Suspense } from "react";
import { ErrorView } from "@/components/layout/error-view";
import { NotFoundMessage } from "@/components/layout/not-found-message";
import { ShopChrome } from "@/components/layout/shop-chrome";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

export default function NotFound() {
  return (
    <ShopChrome>
      <ErrorView
        statusCode={404}
        message={
          <Suspense fallback="Page not found">
            <NotFoundMessage />
          </Suspense>
        }
      />
    </ShopChrome>
  );
}
