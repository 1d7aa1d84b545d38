"use client";

import "./globals.css";
import { useEffect } from "react";
import { ErrorView } from "@/components/layout/error-view";
import { reportError } from "@/lib/observability/report";
import { reloadAfterChunkError } from "@/lib/platform/reload-guard";

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    // A lazily loaded part of the page failed to load (a new build replaced it): load the page again.
    reloadAfterChunkError(error);
    void reportError(error, { boundary: "global" });
  }, [error]);
  return (
    <html lang="en-ZA">
      <body className="bg-canvas text-ink">
        <ErrorView statusCode={500} message={error.digest ? `Reference: ${error.digest}` : undefined} />
      </body>
    </html>
  );
}
