"use client";

import { useEffect } from "react";
import { ErrorView } from "@/components/layout/error-view";
import { reportError } from "@/lib/observability/report";
import { reloadAfterChunkError } from "@/lib/platform/reload-guard";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    // A lazily loaded part of the page failed to load (a new build replaced it): load the page again.
    reloadAfterChunkError(error);
    void reportError(error, { boundary: "page" });
  }, [error]);
  return (
    <ErrorView statusCode={500} message="Something went wrong on our side. Please try again in a moment.">
      {error.digest ? <p className="mt-2 text-xs text-stone-500">Reference: {error.digest}</p> : null}
      <button type="button" onClick={reset} className="btn-secondary mt-6">
        Try again
      </button>
    </ErrorView>
  );
}
