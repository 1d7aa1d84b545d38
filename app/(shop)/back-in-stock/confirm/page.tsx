import type { Metadata } from "next";
import { Suspense } from "react";
import { ConfirmRestockButton } from "@/components/saved/confirm-restock-button";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Confirm your back-in-stock alert",
  path: "/back-in-stock/confirm",
  noindex: true,
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The link in the confirmation e-mail. Opening it asks for one click rather than confirming at
 * once, because mail scanners open links too, and consent must be the shopper's.
 */
export default function ConfirmRestockPage({ searchParams }: Props) {
  return (
    <div className="container-page max-w-xl py-16 lg:py-24">
      <p className="text-xs font-semibold uppercase tracking-[0.16em] text-olive-700">Back in stock</p>
      <h1 className="mt-2 text-4xl text-ink">Confirm your alert</h1>
      <p className="mt-4 text-stone-700">
        Confirm and we will send you one e-mail when the piece you asked about is back in stock.
      </p>
      <Suspense fallback={<div className="mt-6 h-12 animate-pulse rounded-card bg-oat-100" />}>
        <Token searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function Token({ searchParams }: Props) {
  const raw = (await searchParams).token;
  return <ConfirmRestockButton token={typeof raw === "string" ? raw : ""} />;
}
