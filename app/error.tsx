"use client";

import { ErrorView } from "@/components/layout/error-view";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorView statusCode={500} message="Something went wrong on our side. Please try again in a moment.">
      {error.digest ? <p className="mt-2 text-xs text-stone-500">Reference: {error.digest}</p> : null}
      <button type="button" onClick={reset} className="btn-secondary mt-6">
        Try again
      </button>
    </ErrorView>
  );
}
