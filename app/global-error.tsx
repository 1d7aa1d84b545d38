"use client";

import "./globals.css";
import { ErrorView } from "@/components/layout/error-view";

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en-ZA">
      <body className="bg-canvas text-ink">
        <ErrorView statusCode={500} message={error.digest ? `Reference: ${error.digest}` : undefined} />
      </body>
    </html>
  );
}
