import Link from "next/link";
import { Suspense } from "react";
import { NotFoundMessage } from "@/components/layout/not-found-message";

/** 404 is "Page Not Found", any other status "Internal Server Error". */
export function errorTitle(statusCode: number): string {
  return statusCode === 404 ? "Page Not Found" : "Internal Server Error";
}

export function ErrorView({
  statusCode,
  message,
  children,
}: {
  statusCode: number;
  message?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center" data-testid="error-page">
      <p className="font-display text-7xl text-stone-500" data-testid="error-status">
        {statusCode}
      </p>
      <h1 className="mt-4 text-3xl text-ink sm:text-4xl">{errorTitle(statusCode)}</h1>
      {message ? (
        <p className="mt-3 max-w-md text-stone-600" data-testid="error-message">
          {message}
        </p>
      ) : null}
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" className="btn-primary">
          Back to the shop
        </Link>
        <Link href="/product-category/couches" className="btn-secondary">
          Browse couches
        </Link>
      </div>
    </section>
  );
}

/** The 404 page's body; the missing address is named once the browser knows it. */
export function NotFoundView() {
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
