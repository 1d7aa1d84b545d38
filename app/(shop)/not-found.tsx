import { Suspense } from "react";
import { ErrorView } from "@/components/layout/error-view";
import { NotFoundMessage } from "@/components/layout/not-found-message";

/*
 * A missing product, category, article or page under the shop: drawn inside the shop's own layout,
 * so the header and footer come from there and their code is not sent a second time with every page
 * (Next sends each segment's not-found tree beside the page).
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
