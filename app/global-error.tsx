"use client";

import "./globals.css";
import { useEffect } from "react";
import { ErrorView } from "@/components/layout/error-view";
import { reloadAfterChunkError } from "@/lib/platform/reload-guard";

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    // A lazily loaded part of the page failed to load (a new build replaced it): load the page again.
    reloadAfterChunkError(error);
  }, [error]);
  return (
    <html lang="en-ZA">
      <body className="bg-canvas text-ink">
        <ErrorView statusCode={500} message={error.digest ? `Reference: ${error.digest}` : undefined} />
      </body>
    </html>
  );
}
