import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { connection } from "next/server";
import { SavedRows, productHref } from "@/components/saved/saved-rows";
import { getDb } from "@/lib/db/client";
import { sharedList } from "@/lib/saved/saved";
import { pageMetadata } from "@/lib/seo/metadata";

// A private list shared by link: never indexed, and its address stays out of the canonical.
export const metadata: Metadata = pageMetadata({ title: "A saved list", path: "/saved", noindex: true });

type Props = { params: Promise<{ token: string }> };

/** Someone's saved list, read-only, for anyone with the link. */
export default function SharedSavedPage({ params }: Props) {
  return (
    <div className="container-page max-w-4xl py-12 lg:py-16">
      <h1 className="text-4xl text-ink">A saved list</h1>
      <Suspense fallback={<div className="mt-8 h-40 animate-pulse rounded-card bg-oat-100" aria-hidden />}>
        <Shared params={params} />
      </Suspense>
    </div>
  );
}

async function Shared({ params }: Props) {
  await connection();
  const { token } = await params;
  const items = await sharedList(await getDb(), token);
  if (!items)
    return (
      <p className="mt-6 text-stone-700" data-testid="shared-invalid">
        This link is not valid. Ask whoever sent it for the link again.
      </p>
    );
  return (
    <>
      <p className="mt-2 text-stone-700">Shared with you: the pieces, their price now and when they were saved.</p>
      <div className="mt-8" data-testid="shared-list">
        {items.length ? (
          <SavedRows
            items={items}
            actions={(line) => (
              <Link href={productHref(line)} className="btn-secondary py-2" aria-label={`View ${line.name}`}>
                View
              </Link>
            )}
          />
        ) : (
          <p className="text-stone-700">Nothing is saved on this list right now.</p>
        )}
      </div>
    </>
  );
}
