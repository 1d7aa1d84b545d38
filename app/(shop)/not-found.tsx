import { Suspense } from "react";
import { ErrorView } from "@/components/layout/error-view";
import { NotFoundMessage } from "@/components/layout/not-found-message";

/*
 * A notFound() inside a shop page that proxy.ts did not already answer (it sends unknown slugs to
 * app/not-found.tsx): drawn inside the shop's own layout, so the header and footer come from there
 * and their code is not sent a second time with every page.
 */
export default function ShopNotFound() {
  return (
    <ErrorView
      statusCode={404}
      message={
        <Suspense fallback="Page not found">
          <NotFoundMessage />
        </Suspense>
      }
    />
  );
}
